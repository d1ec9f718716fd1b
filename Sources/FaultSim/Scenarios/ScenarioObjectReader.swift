/// Reads one JSON object of a scenario key by key, checking types and
/// ranges, and remembers which keys were read so that `finish()` can reject
/// the ones nobody asked for — a misspelt `"respnseLoss"` must fail loudly,
/// not silently fall back to a default.
///
/// Every accessor takes an optional default; without one the key is
/// required. Errors are `ScenarioError`s naming the file, line, column and
/// key path (`clients[2].policy`) and what is allowed. A key that is
/// present with `null` is a type error, not a missing key.
///
/// Call `finish()` once everything is read. It also finishes every nested
/// reader this one handed out (through `object(_:)`, `objects(_:)` or the
/// values of `array(_:)`), in the order they were handed out, so one call on
/// the root checks the whole document.
///
/// A class rather than a struct because the record of consumed keys is
/// shared between a reader and the nested readers it hands out.
package final class ScenarioObjectReader {
  /// The scenario file, for messages.
  package let file: String
  /// Where this object sits in the document; the root is empty.
  package let keyPath: ScenarioKeyPath
  /// The position of the object's `{`.
  package let location: ScenarioLocation
  /// The object's members in document order.
  package let members: [JSONMember]

  /// Member index by key, for lookup only (never iterated).
  private let memberIndex: [String: Int]
  private var consumed: [Bool]
  /// The keys asked for, in the order first asked: the allowed keys.
  private var requestedKeys: [String] = []
  private var requestedKeySet: Set<String> = []
  /// Readers handed out for nested objects, in order.
  private var children: [ScenarioObjectReader] = []
  private var isFinished = false

  /// Creates a reader over an object's members.
  package init(members: [JSONMember], location: ScenarioLocation, keyPath: ScenarioKeyPath, file: String) {
    self.members = members
    self.location = location
    self.keyPath = keyPath
    self.file = file
    var index: [String: Int] = [:]
    for (position, member) in members.enumerated() where index[member.key] == nil {
      index[member.key] = position
    }
    memberIndex = index
    consumed = Array(repeating: false, count: members.count)
  }

  /// The keys present, in document order.
  package var keys: [String] { members.map(\.key) }

  /// Whether `key` is present. Does not count as reading it, but makes it
  /// an allowed key: code that asks whether a key is there accepts it, so
  /// an unknown-key message must list it too (`preset`, `keyTTL`, … are
  /// read only when present).
  package func contains(_ key: String) -> Bool {
    allow(key)
    return memberIndex[key] != nil
  }

  /// The value at `key`, or `nil` if absent; counts as reading the key.
  package func value(_ key: String) -> ScenarioValue? {
    allow(key)
    guard let index = memberIndex[key] else { return nil }
    consumed[index] = true
    return ScenarioValue(node: members[index].node, keyPath: keyPath.appending(key: key), file: file, owner: self)
  }

  /// Marks `key` as allowed without reading it, e.g. `$schema` or a
  /// comment field.
  package func ignore(_ key: String) {
    _ = value(key)
  }

  // MARK: - Scalars

  /// The number at `key`, within `range`.
  ///
  /// - Parameters:
  ///   - key: The member's key.
  ///   - default: The value when the key is absent; `nil` makes it required.
  ///   - range: The allowed values; unbounded unless given.
  /// - Throws: `ScenarioError` if missing and required, not a number, or
  ///   outside `range`.
  package func double(
    _ key: String,
    default: Double? = nil,
    in range: ClosedRange<Double> = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
  ) throws(ScenarioError) -> Double {
    precondition(`default`.map(range.contains) ?? true, "the default for '\(key)' is outside its range")
    guard let value = try present(key, hasDefault: `default` != nil) else { return `default` ?? 0 }
    return try value.double(in: range)
  }

  /// The probability at `key`: a number in 0...1.
  package func probability(_ key: String, default: Double? = nil) throws(ScenarioError) -> Double {
    try double(key, default: `default`, in: 0...1)
  }

  /// The whole number at `key`, within `range`. `1e3` counts as 1000;
  /// `3.5` is an error ("expected an integer, got 3.5").
  ///
  /// - Throws: `ScenarioError` if missing and required, not a whole number,
  ///   or outside `range`.
  package func integer(
    _ key: String,
    default: Int? = nil,
    in range: ClosedRange<Int> = Int.min...Int.max
  ) throws(ScenarioError) -> Int {
    precondition(`default`.map(range.contains) ?? true, "the default for '\(key)' is outside its range")
    guard let value = try present(key, hasDefault: `default` != nil) else { return `default` ?? 0 }
    return try value.integer(in: range)
  }

  /// The whole number at `key` up to `UInt64.max`, within `range`: for
  /// seeds.
  package func unsigned64(
    _ key: String,
    default: UInt64? = nil,
    in range: ClosedRange<UInt64> = 0...UInt64.max
  ) throws(ScenarioError) -> UInt64 {
    precondition(`default`.map(range.contains) ?? true, "the default for '\(key)' is outside its range")
    guard let value = try present(key, hasDefault: `default` != nil) else { return `default` ?? 0 }
    return try value.unsigned64(in: range)
  }

  /// `true` or `false` at `key`.
  package func bool(_ key: String, default: Bool? = nil) throws(ScenarioError) -> Bool {
    guard let value = try present(key, hasDefault: `default` != nil) else { return `default` ?? false }
    return try value.bool()
  }

  /// The string at `key`.
  package func string(_ key: String, default: String? = nil) throws(ScenarioError) -> String {
    guard let value = try present(key, hasDefault: `default` != nil) else { return `default` ?? "" }
    return try value.string()
  }

  /// The string at `key`, which must be one of `allowed` (listed in this
  /// order in messages).
  package func choice(_ key: String, default: String? = nil, among allowed: [String]) throws(ScenarioError) -> String {
    precondition(`default`.map(allowed.contains) ?? true, "the default for '\(key)' is not among the allowed values")
    guard let value = try present(key, hasDefault: `default` != nil) else { return `default` ?? "" }
    return try value.choice(among: allowed)
  }

  /// The case of a string-backed enumeration named at `key`; allowed
  /// values are listed in `allCases` order.
  package func choice<Choice>(_ key: String, default: Choice? = nil) throws(ScenarioError) -> Choice
  where Choice: CaseIterable & RawRepresentable, Choice.RawValue == String {
    guard let value = try present(key, hasDefault: `default` != nil) else {
      guard let `default` else { throw missingKeyError(key) }
      return `default`
    }
    return try value.choice(Choice.self)
  }

  /// The duration at `key` in nanoseconds, written as a string with a unit
  /// (`"250ns"`, `"100us"`, `"80ms"`, `"1.5s"`, `"2m"`, `"1h"`), within
  /// `range`. Read exactly: `"0.1s"` is 100,000,000 ns.
  ///
  /// - Parameter default: Nanoseconds when the key is absent; `nil` makes
  ///   it required.
  package func duration(
    _ key: String,
    default: UInt64? = nil,
    in range: ClosedRange<UInt64> = 0...UInt64.max
  ) throws(ScenarioError) -> UInt64 {
    precondition(`default`.map(range.contains) ?? true, "the default for '\(key)' is outside its range")
    guard let value = try present(key, hasDefault: `default` != nil) else { return `default` ?? 0 }
    return try value.duration(in: range)
  }

  // MARK: - Containers

  /// The object at `key` as a nested reader, or `nil` if absent.
  ///
  /// - Throws: `ScenarioError` if the value is not an object.
  package func object(_ key: String) throws(ScenarioError) -> ScenarioObjectReader? {
    try value(key)?.object()
  }

  /// The elements of the array at `key` with their index paths, or `nil`
  /// if absent.
  ///
  /// - Throws: `ScenarioError` if the value is not an array.
  package func array(_ key: String) throws(ScenarioError) -> [ScenarioValue]? {
    try value(key)?.array()
  }

  /// Readers for an array of objects at `key`, or `nil` if absent.
  ///
  /// - Throws: `ScenarioError` if the value is not an array or an element
  ///   is not an object (naming it, e.g. `clients[2]`).
  package func objects(_ key: String) throws(ScenarioError) -> [ScenarioObjectReader]? {
    guard let elements = try array(key) else { return nil }
    var readers: [ScenarioObjectReader] = []
    readers.reserveCapacity(elements.count)
    for element in elements { readers.append(try element.object()) }
    return readers
  }

  // MARK: - Errors and completion

  /// The error for a required key that is absent, located at this object.
  package func missingKeyError(_ key: String) -> ScenarioError {
    ScenarioError(
      kind: .invalidData,
      file: file,
      keyPath: keyPath.appending(key: key),
      location: location,
      message: "required key is missing"
    )
  }

  /// An error about `key`'s value (or about this object when `key` is `nil`
  /// or absent), for checks across several keys.
  package func error(_ message: String, key: String? = nil) -> ScenarioError {
    if let key, let index = memberIndex[key] {
      return ScenarioError(
        file: file, keyPath: keyPath.appending(key: key), location: members[index].node.location, message: message)
    }
    return ScenarioError(
      file: file, keyPath: key.map { keyPath.appending(key: $0) } ?? keyPath, location: location,
      message: message)
  }

  /// Rejects keys that no accessor asked for, here and then in every nested
  /// reader handed out. Reports the first unknown key in document order
  /// with the allowed keys and, for a near miss, a suggestion.
  ///
  /// - Throws: `ScenarioError` located at the unknown key.
  package func finish() throws(ScenarioError) {
    if !isFinished {
      for (index, member) in members.enumerated() where !consumed[index] {
        throw unknownKeyError(member)
      }
      isFinished = true
    }
    for child in children { try child.finish() }
  }

  /// Records `key` as one of the allowed keys (once, in first-asked order).
  private func allow(_ key: String) {
    if requestedKeySet.insert(key).inserted { requestedKeys.append(key) }
  }

  /// Registers a reader for a nested object so that `finish()` checks it.
  func adopt(_ child: ScenarioObjectReader) {
    children.append(child)
  }

  private func unknownKeyError(_ member: JSONMember) -> ScenarioError {
    var message = "unknown key"
    if requestedKeys.isEmpty {
      message += "; this object takes no keys"
    } else {
      message += "; allowed keys: \(requestedKeys.joined(separator: ", "))"
    }
    // In a file, suggest only keys that are absent: a present key is not
    // the typo. A key from the command line (`--set`, `--vary`, located at
    // line 0) may well mean a key the file already has.
    let fromCommandLine = member.keyLocation.line == 0
    let candidates = fromCommandLine ? requestedKeys : requestedKeys.filter { memberIndex[$0] == nil }
    if let suggestion = SpellingSuggestion.closest(to: member.key, among: candidates) {
      message += "; did you mean \(JSONValue.quoted(suggestion))?"
    }
    return ScenarioError(
      file: file, keyPath: keyPath.appending(key: member.key), location: member.keyLocation, message: message)
  }

  /// The value at `key`, `nil` if absent with a default, or the missing-key
  /// error if absent without one.
  private func present(_ key: String, hasDefault: Bool) throws(ScenarioError) -> ScenarioValue? {
    if let found = value(key) { return found }
    if hasDefault { return nil }
    throw missingKeyError(key)
  }
}
