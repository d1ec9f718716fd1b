/// How a distribution is written in a scenario: a duration string is a
/// fixed delay (`"50ms"`); otherwise an object naming its `distribution`,
/// whose cases are declared once in ``optionVariants`` (reading, the docs'
/// distribution table and the schema's `distribution` definition).
extension LatencyDistribution {
  /// The cases of the object form, in the order messages list them.
  static let optionVariants: [OptionVariant<LatencyDistribution>] = {
    func delay(_ key: String, _ summary: String) -> OptionField<VirtualDuration> {
      .duration(key, in: ScenarioLimits.delay, summary)
    }
    let value = delay("value", "the delay")
    let min = delay("min", "the shortest delay")
    let max = delay("max", "the longest delay (≥ `min`)")
    let mean = delay("mean", "the mean")
    let deviation = delay("standardDeviation", "the standard deviation")
    let median = delay("median", "the median")
    let sigma = OptionField<Double>.number("sigma", in: ScenarioLimits.sigma, "σ of the underlying normal")
    return [
      OptionVariant(
        "fixed", "always `value`", keys: [value.standaloneDescription],
        read: { reader throws(ScenarioError) in .fixed(try value.read(reader)) },
        members: { if case .fixed(let delay) = $0 { [value.member(delay)] } else { nil } }),
      OptionVariant(
        "uniform", "uniform on `min…max` (inclusive, ns resolution); `min ≤ max`",
        keys: [min.standaloneDescription, max.standaloneDescription],
        read: { reader throws(ScenarioError) in
          let low = try min.read(reader)
          let high = try max.read(reader)
          guard low <= high else {
            throw reader.error("min \(low) is above max \(high); allowed min ≤ max", key: "max")
          }
          return .uniform(min: low, max: high)
        },
        members: { if case .uniform(let low, let high) = $0 { [min.member(low), max.member(high)] } else { nil } }),
      OptionVariant(
        "normal", "normal, truncated at 0 (negative draws are redrawn)",
        keys: [mean.standaloneDescription, deviation.standaloneDescription],
        read: { reader throws(ScenarioError) in
          .normal(mean: try mean.read(reader), standardDeviation: try deviation.read(reader))
        },
        members: { if case .normal(let m, let d) = $0 { [mean.member(m), deviation.member(d)] } else { nil } }),
      OptionVariant(
        "folded-normal",
        "\\|X\\| for X normal (negative draws are mirrored), as in the AWS backoff simulator; far from 0 the same as `normal`",
        keys: [mean.standaloneDescription, deviation.standaloneDescription],
        read: { reader throws(ScenarioError) in
          .foldedNormal(mean: try mean.read(reader), standardDeviation: try deviation.read(reader))
        },
        members: { if case .foldedNormal(let m, let d) = $0 { [mean.member(m), deviation.member(d)] } else { nil } }),
      OptionVariant(
        "exponential", "exponential", keys: [mean.standaloneDescription],
        read: { reader throws(ScenarioError) in .exponential(mean: try mean.read(reader)) },
        members: { if case .exponential(let m) = $0 { [mean.member(m)] } else { nil } }),
      OptionVariant(
        "lognormal", "`median · e^(σZ)`", keys: [median.standaloneDescription, sigma.standaloneDescription],
        read: { reader throws(ScenarioError) in
          .lognormal(median: try median.read(reader), sigma: try sigma.read(reader))
        },
        members: { if case .lognormal(let m, let s) = $0 { [median.member(m), sigma.member(s)] } else { nil } }),
    ]
  }()

  /// Reads a distribution: a duration string (a fixed delay) or an object
  /// naming one of ``optionVariants``.
  static func read(_ value: ScenarioValue) throws(ScenarioError) -> LatencyDistribution {
    if case .string = value.node.value {
      return .fixed(.nanoseconds(try value.duration(in: ScenarioLimits.delay)))
    }
    let reader = try value.object()
    let name = try reader.choice("distribution", among: optionVariants.map(\.name))
    // `choice(_:among:)` returned one of the names.
    return try optionVariants.first { $0.name == name }!.read(reader)
  }

  /// The distribution as a scenario writes it: a fixed delay as a duration
  /// string, any other as its object.
  var literal: JSONOutput {
    if case .fixed(let delay) = self { return .string(DurationText.exact(delay.nanoseconds)) }
    for variant in Self.optionVariants {
      if let members = variant.members(self) { return .object([("distribution", .string(variant.name))] + members) }
    }
    preconditionFailure("every distribution is one of the variants")
  }
}
