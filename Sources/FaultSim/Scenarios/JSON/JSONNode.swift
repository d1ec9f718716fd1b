/// A JSON value together with where it starts in the file, so that every
/// complaint about a scenario can point at the offending text.
public struct JSONNode: Hashable, Sendable {
  /// The value.
  public var value: JSONValue
  /// The position of the value's first character.
  public var location: SourceLocation

  /// Creates a node.
  public init(value: JSONValue, location: SourceLocation) {
    self.value = value
    self.location = location
  }
}
