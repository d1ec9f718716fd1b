import FaultSim

/// A JSON document the mutator can edit: like ``JSONValue`` without source
/// locations, objects as ordered (key, value) pairs that may repeat keys
/// (a mutation the reader must refuse), numbers as their literal text.
indirect enum JSONTree: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(String)
  case string(String)
  case array([JSONTree])
  case object([(String, JSONTree)])

  init(_ node: JSONNode) {
    switch node.value {
    case .null: self = .null
    case .bool(let value): self = .bool(value)
    case .number(let number): self = .number(number.literal)
    case .string(let text): self = .string(text)
    case .array(let items): self = .array(items.map(JSONTree.init))
    case .object(let members): self = .object(members.map { ($0.key, JSONTree($0.node)) })
    }
  }

  static func == (a: JSONTree, b: JSONTree) -> Bool { a.text(pretty: false) == b.text(pretty: false) }

  /// The document as JSON text, compact or indented.
  func text(pretty: Bool) -> String {
    var out = ""
    write(to: &out, pretty: pretty, indent: 0)
    return out
  }

  private func write(to out: inout String, pretty: Bool, indent: Int) {
    let newline = pretty ? "\n" + String(repeating: "  ", count: indent + 1) : ""
    let close = pretty ? "\n" + String(repeating: "  ", count: indent) : ""
    switch self {
    case .null: out += "null"
    case .bool(let value): out += value ? "true" : "false"
    case .number(let literal): out += literal
    case .string(let text): out += Self.quoted(text)
    case .array(let items):
      out += "["
      for (index, item) in items.enumerated() {
        out += (index > 0 ? "," : "") + newline
        item.write(to: &out, pretty: pretty, indent: indent + 1)
      }
      out += (items.isEmpty ? "" : close) + "]"
    case .object(let members):
      out += "{"
      for (index, (key, value)) in members.enumerated() {
        out += (index > 0 ? "," : "") + newline + Self.quoted(key) + (pretty ? ": " : ":")
        value.write(to: &out, pretty: pretty, indent: indent + 1)
      }
      out += (members.isEmpty ? "" : close) + "}"
    }
  }

  /// A JSON string literal: quotes, backslashes and control characters
  /// escaped; everything else as is.
  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  /// Paths to every value in the document (an index per level), the root
  /// first; at most `limit` of them.
  func paths(limit: Int = 4_000) -> [[Int]] {
    var found: [[Int]] = []
    var stack: [([Int], JSONTree)] = [([], self)]
    while let (path, tree) = stack.popLast(), found.count < limit {
      found.append(path)
      switch tree {
      case .array(let items): for (index, item) in items.enumerated() { stack.append((path + [index], item)) }
      case .object(let members):
        for (index, member) in members.enumerated() { stack.append((path + [index], member.1)) }
      default: break
      }
    }
    return found
  }

  /// The value at `path`.
  func value(at path: ArraySlice<Int>) -> JSONTree {
    guard let first = path.first else { return self }
    switch self {
    case .array(let items): return items[first].value(at: path.dropFirst())
    case .object(let members): return members[first].1.value(at: path.dropFirst())
    default: return self
    }
  }

  /// The document with the value at `path` changed by `change`.
  func updating(_ path: ArraySlice<Int>, _ change: (JSONTree) -> JSONTree) -> JSONTree {
    guard let first = path.first else { return change(self) }
    switch self {
    case .array(var items):
      items[first] = items[first].updating(path.dropFirst(), change)
      return .array(items)
    case .object(var members):
      members[first].1 = members[first].1.updating(path.dropFirst(), change)
      return .object(members)
    default: return self
    }
  }

  /// Every dotted key path of the document's objects (`client.backoff.base`).
  func keyPaths(prefix: String = "") -> [String] {
    guard case .object(let members) = self else { return [] }
    var paths: [String] = []
    for (key, value) in members {
      let path = prefix.isEmpty ? key : prefix + "." + key
      paths.append(path)
      paths += value.keyPaths(prefix: path)
    }
    return paths
  }
}
