/// One JSON value of a scenario with its key path, converted to a Swift
/// value by checked accessors whose errors name the file, line, column and
/// path and say what is allowed.
///
/// Obtained from `ScenarioObjectReader.array(_:)` or `value(_:)`; the
/// reader's keyed accessors are built on these.
package struct ScenarioValue {
  /// The parsed value and its location.
  package let node: JSONNode
  /// Where the value sits in the document, e.g. `clients[2]`.
  package let keyPath: ScenarioKeyPath
  /// The scenario file, for messages.
  package let file: String
  /// The reader this value came from: nested readers register with it so
  /// that its `finish()` checks them too.
  let owner: ScenarioObjectReader?

  init(node: JSONNode, keyPath: ScenarioKeyPath, file: String, owner: ScenarioObjectReader?) {
    self.node = node
    self.keyPath = keyPath
    self.file = file
    self.owner = owner
  }

  /// The position of the value's first character.
  package var location: ScenarioLocation { node.location }

  /// An error about this value, for checks the accessors cannot make
  /// (e.g. one value that must not exceed another).
  package func error(_ message: String) -> ScenarioError {
    ScenarioError(kind: .invalidData, file: file, keyPath: keyPath, location: node.location, message: message)
  }

  /// A number within `range`.
  ///
  /// - Throws: `ScenarioError` if the value is not a number or is outside
  ///   `range`.
  package func double(
    in range: ClosedRange<Double> = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
  ) throws(ScenarioError) -> Double {
    guard case .number(let number) = node.value else { throw expected("a number") }
    guard range.contains(number.double) else {
      throw error("\(number.literal) is out of range; allowed \(AllowedRange.text(range))")
    }
    return number.double
  }

  /// A probability: a number in 0...1.
  package func probability() throws(ScenarioError) -> Double {
    try double(in: 0...1)
  }

  /// A whole number within `range`. `1e3` and `2.0` count as whole numbers;
  /// `3.5` does not.
  ///
  /// - Throws: `ScenarioError` if the value is not a whole number or is
  ///   outside `range`.
  package func integer(in range: ClosedRange<Int> = Int.min...Int.max) throws(ScenarioError) -> Int {
    guard case .number(let number) = node.value else { throw expected("an integer") }
    guard number.isWholeNumber else { throw error("expected an integer, got \(number.literal)") }
    guard let exact = number.integer.flatMap({ Int(exactly: $0) }), range.contains(exact) else {
      throw error(
        "\(number.literal) is out of range; allowed \(AllowedRange.text(lower: "\(range.lowerBound)", upper: "\(range.upperBound)"))"
      )
    }
    return exact
  }

  /// A whole number within `range` up to `UInt64.max`, e.g. a seed.
  ///
  /// - Throws: `ScenarioError` if the value is not a whole number or is
  ///   outside `range`.
  package func unsigned64(in range: ClosedRange<UInt64> = 0...UInt64.max) throws(ScenarioError) -> UInt64 {
    guard case .number(let number) = node.value else { throw expected("an unsigned integer") }
    guard number.isWholeNumber else { throw error("expected an unsigned integer, got \(number.literal)") }
    guard let exact = number.unsignedInteger, range.contains(exact) else {
      throw error(
        "\(number.literal) is out of range; allowed \(AllowedRange.text(lower: "\(range.lowerBound)", upper: "\(range.upperBound)"))"
      )
    }
    return exact
  }

  /// `true` or `false`.
  package func bool() throws(ScenarioError) -> Bool {
    guard case .bool(let value) = node.value else { throw expected("true or false") }
    return value
  }

  /// A string.
  package func string() throws(ScenarioError) -> String {
    guard case .string(let text) = node.value else { throw expected("a string") }
    return text
  }

  /// A string that must be one of `allowed`, e.g. the name of a policy.
  ///
  /// - Throws: `ScenarioError` listing the allowed values in the given
  ///   order, with a suggestion for a near miss.
  package func choice(among allowed: [String]) throws(ScenarioError) -> String {
    guard case .string(let text) = node.value else {
      throw expected("one of \(allowed.map { JSONValue.quoted($0) }.joined(separator: ", "))")
    }
    guard allowed.contains(text) else {
      var message =
        "\(JSONValue.quoted(text, limit: 40)) is not one of the allowed values: \(allowed.joined(separator: ", "))"
      if let suggestion = SpellingSuggestion.closest(to: text, among: allowed) {
        message += "; did you mean \(JSONValue.quoted(suggestion))?"
      }
      throw error(message)
    }
    return text
  }

  /// A case of a string-backed enumeration, allowed values in
  /// `allCases` order.
  package func choice<Choice>(_ type: Choice.Type = Choice.self) throws(ScenarioError) -> Choice
  where Choice: CaseIterable & RawRepresentable, Choice.RawValue == String {
    let text = try choice(among: Choice.allCases.map(\.rawValue))
    guard let value = Choice(rawValue: text) else { throw error("\(JSONValue.quoted(text)) is not allowed") }
    return value
  }

  /// A duration string such as `"80ms"` or `"1.5s"`, in nanoseconds, within
  /// `range`. See `DurationText` for the form.
  ///
  /// - Throws: `ScenarioError` if the value is not a string, not a
  ///   duration, or outside `range`.
  package func duration(in range: ClosedRange<UInt64> = 0...UInt64.max) throws(ScenarioError) -> UInt64 {
    guard case .string(let text) = node.value else {
      throw expected("a duration string such as \"250ms\" or \"1.5s\"")
    }
    let nanoseconds: UInt64
    do {
      nanoseconds = try DurationText.nanoseconds(parsing: text)
    } catch {
      throw self.error(error.message)
    }
    guard range.contains(nanoseconds) else {
      throw error(
        "\(JSONValue.quoted(text, limit: 40)) is out of range; allowed \(AllowedRange.durationText(range))"
      )
    }
    return nanoseconds
  }

  /// An object, as a reader for its keys.
  ///
  /// The reader is registered with the reader this value came from, whose
  /// `finish()` then also checks it for unknown keys.
  package func object() throws(ScenarioError) -> ScenarioObjectReader {
    guard case .object(let members) = node.value else { throw expected("an object") }
    let reader = ScenarioObjectReader(members: members, location: node.location, keyPath: keyPath, file: file)
    owner?.adopt(reader)
    return reader
  }

  /// An array's elements, each with its index path (`clients[2]`).
  package func array() throws(ScenarioError) -> [ScenarioValue] {
    guard case .array(let elements) = node.value else { throw expected("an array") }
    return elements.enumerated().map { index, element in
      ScenarioValue(node: element, keyPath: keyPath.appending(index: index), file: file, owner: owner)
    }
  }

  /// "expected …, got …" for a value of the wrong kind.
  private func expected(_ wanted: String) -> ScenarioError {
    error("expected \(wanted), got \(got)")
  }

  /// The value as quoted in messages: `null`, `true`, `3.5`,
  /// `the string "x"`, `an array`, `an object`.
  private var got: String {
    switch node.value {
    case .string(let text): return "the string \(JSONValue.quoted(text, limit: 40))"
    default: return node.value.briefDescription
    }
  }
}
