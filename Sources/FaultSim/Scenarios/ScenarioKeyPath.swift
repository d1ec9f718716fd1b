/// Where a value sits in a scenario document, as a person would write it:
/// `network.responseLoss`, `clients[2].policy`.
///
/// Keys made only of ASCII letters, digits, `_` and `-` print bare; any
/// other key prints quoted in brackets (`limits["max delay"]`), so that a
/// path always reads unambiguously.
@usableFromInline package struct ScenarioKeyPath: Hashable, Sendable, CustomStringConvertible {
  /// One step of a path.
  @usableFromInline package enum Component: Hashable, Sendable {
    /// A member of an object.
    case key(String)
    /// An element of an array, from 0.
    case index(Int)
  }

  /// The steps from the document's top-level object.
  @usableFromInline package var components: [Component]

  /// Creates a path from its steps; no steps is the top-level object.
  @usableFromInline package init(_ components: [Component] = []) {
    self.components = components
  }

  /// The top-level object.
  @usableFromInline package static let root = ScenarioKeyPath()

  /// Whether this is the top-level object.
  @usableFromInline package var isRoot: Bool { components.isEmpty }

  /// This path extended by an object key.
  @usableFromInline package func appending(key: String) -> ScenarioKeyPath {
    ScenarioKeyPath(components + [.key(key)])
  }

  /// This path extended by an array index.
  @usableFromInline package func appending(index: Int) -> ScenarioKeyPath {
    ScenarioKeyPath(components + [.index(index)])
  }

  /// Whether this path is `other` or lies inside it: setting `other`
  /// replaces the value here.
  @usableFromInline package func isWithin(_ other: ScenarioKeyPath) -> Bool {
    other.components.count <= components.count && Array(components.prefix(other.components.count)) == other.components
  }

  /// `a.b[3].c`; the root prints as an empty string.
  @usableFromInline package var description: String {
    var text = ""
    for component in components {
      switch component {
      case .key(let key):
        if ScenarioKeyPath.printsBare(key) {
          if !text.isEmpty { text += "." }
          text += key
        } else {
          text += "[\(JSONValue.quoted(key, limit: 60))]"
        }
      case .index(let index):
        text += "[\(index)]"
      }
    }
    return text
  }

  private static func printsBare(_ key: String) -> Bool {
    !key.isEmpty
      && key.utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
          return true
        default:
          return false
        }
      }
  }
}
