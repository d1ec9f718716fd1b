/// A parsed JSON value (RFC 8259). Objects keep their members in document
/// order, so nothing downstream depends on hashing order.
package enum JSONValue: Hashable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, with its literal text.
  case number(JSONNumber)
  /// A string, unescaped.
  case string(String)
  /// An array's elements in order.
  case array([JSONNode])
  /// An object's members in document order; keys are unique.
  case object([JSONMember])

  /// What kind of value this is, with an article, for messages:
  /// `a number`, `an object`.
  package var kindDescription: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  /// A short quotation of the value for messages: the literal of a scalar
  /// (strings quoted and cut at 40 characters), or the kind of a container.
  package var briefDescription: String {
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number(let number): return number.literal
    case .string(let text): return JSONValue.quoted(text, limit: 40)
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  /// `text` in double quotes with JSON escapes for quotes, backslashes and
  /// control characters, cut after `limit` characters with `…`.
  static func quoted(_ text: String, limit: Int = .max) -> String {
    var result = "\""
    var count = 0
    for scalar in text.unicodeScalars {
      if count == limit {
        result += "…"
        break
      }
      count += 1
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          result += "\\u" + hex4(scalar.value)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  /// Four upper-case hexadecimal digits.
  static func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
