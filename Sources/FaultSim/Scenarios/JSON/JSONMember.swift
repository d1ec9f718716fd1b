/// One `"key": value` pair of a JSON object, with the key's own location so
/// that an unknown or duplicated key can be pointed at directly.
package struct JSONMember: Hashable, Sendable {
  /// The key, unescaped.
  package var key: String
  /// The position of the key's opening quote.
  package var keyLocation: ScenarioLocation
  /// The value.
  package var node: JSONNode

  /// Creates a member.
  package init(key: String, keyLocation: ScenarioLocation, node: JSONNode) {
    self.key = key
    self.keyLocation = keyLocation
    self.node = node
  }
}
