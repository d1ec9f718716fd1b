/// One `"key": value` pair of a JSON object, with the key's own location so
/// that an unknown or duplicated key can be pointed at directly.
public struct JSONMember: Hashable, Sendable {
  /// The key, unescaped.
  public var key: String
  /// The position of the key's opening quote.
  public var keyLocation: SourceLocation
  /// The value.
  public var node: JSONNode

  /// Creates a member.
  public init(key: String, keyLocation: SourceLocation, node: JSONNode) {
    self.key = key
    self.keyLocation = keyLocation
    self.node = node
  }
}
