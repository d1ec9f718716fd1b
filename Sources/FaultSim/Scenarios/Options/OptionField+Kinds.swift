/// The kinds of scenario values, each read by the matching
/// ``ScenarioObjectReader`` accessor (so every message stays the reader's).
extension OptionField where Value == Int {
  /// A whole number in `range`.
  static func integer(_ key: String, in range: ClosedRange<Int>, _ summary: String) -> OptionField {
    OptionField(
      key, summary, type: .integer(range),
      reading: { reader, key, fallback throws(ScenarioError) in
        try reader.integer(key, default: fallback, in: range)
      },
      literal: { .integer($0) })
  }
}

extension OptionField where Value == UInt64 {
  /// A whole number in `range`, up to `UInt64.max` (byte counts, rates).
  static func unsigned(_ key: String, in range: ClosedRange<UInt64>, _ summary: String) -> OptionField {
    OptionField(
      key, summary, type: .unsignedInteger(range),
      reading: { reader, key, fallback throws(ScenarioError) in
        try reader.unsigned64(key, default: fallback, in: range)
      },
      literal: { .unsigned($0) })
  }
}

extension OptionField where Value == Double {
  /// A number in `range`.
  static func number(_ key: String, in range: ClosedRange<Double>, _ summary: String) -> OptionField {
    OptionField(
      key, summary, type: .number(range),
      reading: { reader, key, fallback throws(ScenarioError) in
        try reader.double(key, default: fallback, in: range)
      },
      literal: { .number($0) })
  }

  /// A probability: a number in 0…1.
  static func probability(_ key: String, _ summary: String) -> OptionField {
    OptionField(
      key, summary, type: .probability,
      reading: { reader, key, fallback throws(ScenarioError) in
        try reader.probability(key, default: fallback)
      },
      literal: { .number($0) })
  }
}

extension OptionField where Value == Bool {
  /// `true` or `false`.
  static func bool(_ key: String, _ summary: String) -> OptionField {
    OptionField(
      key, summary, type: .bool,
      reading: { reader, key, fallback throws(ScenarioError) in
        try reader.bool(key, default: fallback)
      },
      literal: { .bool($0) })
  }
}

extension OptionField where Value == VirtualDuration {
  /// A duration string (`"80ms"`) in `range` nanoseconds.
  static func duration(_ key: String, in range: ClosedRange<UInt64>, _ summary: String) -> OptionField {
    OptionField(
      key, summary, type: .duration(range),
      reading: { reader, key, fallback throws(ScenarioError) in
        .nanoseconds(try reader.duration(key, default: fallback?.nanoseconds, in: range))
      },
      literal: { .string(DurationText.exact($0.nanoseconds)) })
  }
}

extension OptionField where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
  /// One of a string-backed enumeration's cases, listed in `allCases`
  /// order.
  static func choice(_ key: String, _ summary: String) -> OptionField {
    OptionField(
      key, summary, type: .choice(Value.allCases.map(\.rawValue)),
      reading: { reader, key, fallback throws(ScenarioError) in
        try reader.choice(key, default: fallback)
      },
      literal: { .string($0.rawValue) })
  }
}

extension OptionField where Value == LatencyDistribution {
  /// A delay distribution: a duration string (a fixed delay) or an object
  /// naming its `distribution` (``LatencyDistribution/optionVariants``).
  static func distribution(_ key: String, _ summary: String) -> OptionField {
    OptionField(
      key, summary, type: .distribution,
      reading: { reader, key, fallback throws(ScenarioError) in
        guard let value = reader.value(key) else {
          guard let fallback else { throw reader.missingKeyError(key) }
          return fallback
        }
        return try LatencyDistribution.read(value)
      },
      literal: { $0.literal })
  }
}

extension OptionField {
  /// An object whose `selector` key picks one of `cases`, each with keys
  /// of its own (a workload's `arrival`, a client's `retryBudget`).
  static func variants(
    _ key: String, selector: String, _ cases: [OptionVariant<Value>], _ summary: String
  ) -> OptionField {
    let names = cases.map(\.name)
    return OptionField(
      key, summary,
      type: .variants(OptionVariants(selector: selector, cases: cases.map(\.description))),
      reading: { reader, key, fallback throws(ScenarioError) in
        guard let object = try reader.object(key) else {
          guard let fallback else { throw reader.missingKeyError(key) }
          return fallback
        }
        let name = try object.choice(selector, among: names)
        // `choice(_:among:)` returned one of the names.
        let chosen = cases.first { $0.name == name }!
        return try chosen.read(object)
      },
      literal: { value in
        for variant in cases {
          if let members = variant.members(value) { return .object([(selector, .string(variant.name))] + members) }
        }
        preconditionFailure("every value of '\(key)' is one of its variants")
      })
  }
}
