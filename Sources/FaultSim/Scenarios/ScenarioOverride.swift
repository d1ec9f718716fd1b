/// A change to a scenario made on the command line — `--set key.path=value`
/// or one value of a `--vary` list — applied to the JSON document before it
/// is read, so an override is validated exactly like the file's own values.
///
/// The value is read as JSON when it parses as JSON (`0.2`, `true`, `"3g"`,
/// `{"distribution": "fixed", "value": "50ms"}`) and as a plain string
/// otherwise (`full`, `80ms`). Missing objects along the path are created.
public struct ScenarioOverride: Hashable, Sendable, CustomStringConvertible {
  /// Where the value goes.
  @usableFromInline package var keyPath: ScenarioKeyPath
  /// The value as typed.
  @usableFromInline package var text: String

  /// An override of `keyPath` with `text`.
  @usableFromInline package init(keyPath: ScenarioKeyPath, text: String) {
    self.keyPath = keyPath
    self.text = text
  }

  /// The most components a key path may have: as deep as a scenario file
  /// may nest (128 levels). Longer paths could
  /// never name a value, and the document they would build is walked and
  /// released recursively, so they are refused before anything is built.
  @usableFromInline package static let maximumDepth = JSONParser.defaultMaximumDepth

  /// Parses `key.path=value`.
  public init(parsing assignment: String) throws(ScenarioOverrideError) {
    guard let equals = assignment.firstIndex(of: "=") else {
      throw ScenarioOverrideError("\(Self.abbreviated(assignment)) is not an assignment; write key.path=value")
    }
    keyPath = try Self.keyPath(parsing: String(assignment[..<equals]))
    text = String(assignment[assignment.index(after: equals)...])
  }

  /// Parses `a.b[2].c` into a key path.
  ///
  /// - Throws: `ScenarioOverrideError` for an empty key, a bad index, or
  ///   more than ``maximumDepth`` components.
  /// - Complexity: O(`text.count`).
  @usableFromInline package static func keyPath(parsing text: String) throws(ScenarioOverrideError) -> ScenarioKeyPath {
    // Each dot starts a key and each bracket an index (when well formed).
    let depth = 1 + text.utf8.count { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "[") }
    guard depth <= maximumDepth else { throw tooDeep(text, components: depth) }
    var components: [ScenarioKeyPath.Component] = []
    for part in text.split(separator: ".", omittingEmptySubsequences: false) {
      var rest = Substring(part)
      var name = rest
      if let bracket = rest.firstIndex(of: "[") {
        name = rest[..<bracket]
        rest = rest[bracket...]
      } else {
        rest = ""
      }
      guard !name.isEmpty else {
        throw ScenarioOverrideError(
          "\(abbreviated(text)) is not a key path; write keys separated by dots, e.g. network.responseLoss")
      }
      components.append(.key(String(name)))
      while !rest.isEmpty {
        guard rest.first == "[", let close = rest.firstIndex(of: "]"),
          let index = Int(rest[rest.index(after: rest.startIndex)..<close]), index >= 0, index < 1_000_000
        else {
          throw ScenarioOverrideError("\(abbreviated(text)) has a bad index; write it as key[0]")
        }
        components.append(.index(index))
        rest = rest[rest.index(after: close)...]
      }
    }
    return ScenarioKeyPath(components)
  }

  /// The error for a key path longer than ``maximumDepth``.
  static func tooDeep(_ text: String, components: Int) -> ScenarioOverrideError {
    ScenarioOverrideError(
      "the key path \(abbreviated(text)) has \(components) components; at most \(maximumDepth) are allowed, as deep as a scenario may nest"
    )
  }

  /// `text` in single quotes, cut to its first 60 characters and `…`, so
  /// that a message about a huge argument stays readable.
  package static func abbreviated(_ text: String, limit: Int = 60) -> String {
    text.count <= limit ? "'\(text)'" : "'\(text.prefix(limit))…'"
  }

  /// The value as a JSON node, located at the command line (line 0).
  var node: JSONNode {
    let location = ScenarioLocation(line: 0, column: 0, offset: 0)
    if let parsed = try? JSONParser(maximumDepth: 32).parse(Array(text.utf8)) {
      return Self.relocated(parsed, to: location)
    }
    return JSONNode(value: .string(text), location: location)
  }

  /// A node whose every location is `location`.
  static func relocated(_ node: JSONNode, to location: ScenarioLocation) -> JSONNode {
    switch node.value {
    case .array(let elements):
      return JSONNode(value: .array(elements.map { relocated($0, to: location) }), location: location)
    case .object(let members):
      return JSONNode(
        value: .object(
          members.map { JSONMember(key: $0.key, keyLocation: location, node: relocated($0.node, to: location)) }),
        location: location)
    default:
      return JSONNode(value: node.value, location: location)
    }
  }

  /// Applies the override to a document.
  ///
  /// - Throws: `ScenarioError` when the path is longer than
  ///   ``maximumDepth`` (a path built in code skips the parser's check),
  ///   indexes past an array, or goes into a value that is not a container.
  func apply(to root: inout JSONNode, file: String) throws(ScenarioError) {
    guard keyPath.components.count <= Self.maximumDepth else {
      throw ScenarioError(
        file: file,
        message:
          "--set: \(Self.tooDeep(ScenarioKeyPath(Array(keyPath.components.prefix(Self.maximumDepth + 1))).description, components: keyPath.components.count))"
      )
    }
    try Self.set(node, at: keyPath.components[...], in: &root, path: .root, file: file, override: self)
  }

  private static func set(
    _ value: JSONNode, at components: ArraySlice<ScenarioKeyPath.Component>, in target: inout JSONNode,
    path: ScenarioKeyPath, file: String, override: ScenarioOverride
  ) throws(ScenarioError) {
    guard let first = components.first else {
      target = value
      return
    }
    let rest = components.dropFirst()
    switch (first, target.value) {
    case (.key(let key), .object(var members)):
      let childPath = path.appending(key: key)
      if let index = members.firstIndex(where: { $0.key == key }) {
        try set(value, at: rest, in: &members[index].node, path: childPath, file: file, override: override)
      } else {
        var child = JSONNode(value: .object([]), location: value.location)
        try set(value, at: rest, in: &child, path: childPath, file: file, override: override)
        members.append(JSONMember(key: key, keyLocation: value.location, node: child))
      }
      target.value = .object(members)
    case (.index(let index), .array(var elements)):
      guard elements.indices.contains(index) else {
        throw ScenarioError(
          file: file, keyPath: path,
          message: "--set \(override): index \(index) is outside the array (it has \(elements.count) elements)")
      }
      try set(value, at: rest, in: &elements[index], path: path.appending(index: index), file: file, override: override)
      target.value = .array(elements)
    default:
      throw ScenarioError(
        file: file, keyPath: path,
        message: "--set \(override): cannot go into \(target.value.kindDescription) here")
    }
  }

  /// `key.path=value`.
  public var description: String { "\(keyPath)=\(text)" }
}

/// A `--set` or `--vary` argument that could not be read.
public struct ScenarioOverrideError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong with the argument, in the user's terms.
  public var description: String

  /// An error whose message is `description`.
  @usableFromInline package init(_ description: String) {
    self.description = description
  }
}
