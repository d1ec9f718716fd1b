/// A JSON value that FaultSim writes — an option's default, the JSON Schema
/// — with object members in declaration order, so the text never depends
/// on hashing.
package indirect enum JSONOutput: Sendable {
  /// A string, escaped when written.
  case string(String)
  /// A whole number.
  case integer(Int)
  /// A whole number up to `UInt64.max` (byte counts, bounds).
  case unsigned(UInt64)
  /// A number: whole numbers print without a fraction, others in Swift's
  /// shortest round-trip form (`0.05`).
  case number(Double)
  /// `true` or `false`.
  case bool(Bool)
  /// An array's elements in order.
  case array([JSONOutput])
  /// An object's members in order.
  case object([(key: String, value: JSONOutput)])

  /// The value on one line, with a space after `:` and `,`:
  /// `{"distribution": "fixed", "value": "5ms"}`.
  ///
  /// - Complexity: O(*n*) in the size of the value.
  package var compact: String {
    switch self {
    case .string(let text): return JSONValue.quoted(text)
    case .integer(let value): return String(value)
    case .unsigned(let value): return String(value)
    case .number(let value): return AllowedRange.number(value)
    case .bool(let value): return value ? "true" : "false"
    case .array(let elements): return "[" + elements.map(\.compact).joined(separator: ", ") + "]"
    case .object(let members):
      return "{" + members.map { "\(JSONValue.quoted($0.key)): \($0.value.compact)" }.joined(separator: ", ") + "}"
    }
  }

  /// The value over several lines, indented by two spaces per level;
  /// arrays of scalars stay on one line. Ends without a line break.
  ///
  /// - Complexity: O(*n*) in the size of the value.
  package func pretty(indent: Int = 0) -> String {
    let inner = String(repeating: "  ", count: indent + 1)
    let outer = String(repeating: "  ", count: indent)
    switch self {
    case .array(let elements) where elements.contains(where: \.isContainer):
      return "[\n" + elements.map { inner + $0.pretty(indent: indent + 1) }.joined(separator: ",\n") + "\n\(outer)]"
    case .object(let members) where !members.isEmpty:
      let lines = members.map { "\(inner)\(JSONValue.quoted($0.key)): \($0.value.pretty(indent: indent + 1))" }
      return "{\n" + lines.joined(separator: ",\n") + "\n\(outer)}"
    default:
      return compact
    }
  }

  /// Whether the value is an array or an object.
  private var isContainer: Bool {
    switch self {
    case .array, .object: return true
    default: return false
    }
  }
}
