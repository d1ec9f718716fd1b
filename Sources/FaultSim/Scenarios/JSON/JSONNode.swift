/// A JSON value together with where it starts in the file, so that every
/// complaint about a scenario can point at the offending text.
package struct JSONNode: Hashable, Sendable {
  /// The value.
  package var value: JSONValue
  /// The position of the value's first character.
  package var location: ScenarioLocation

  /// Creates a node.
  package init(value: JSONValue, location: ScenarioLocation) {
    self.value = value
    self.location = location
  }
}
