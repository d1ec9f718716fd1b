extension JSONScanner {
  /// An array or object that has been opened but not yet closed.
  struct OpenContainer {
    var isObject: Bool
    var location: ScenarioLocation
    var elements: [JSONNode] = []
    var members: [JSONMember] = []
    /// Where each key was first seen, to report duplicates with both places.
    var keyLocations: [String: ScenarioLocation] = [:]
    /// The key whose value is being read.
    var pendingKey = ""
    var pendingKeyLocation: ScenarioLocation

    var closer: UInt8 { isObject ? UInt8(ascii: "}") : UInt8(ascii: "]") }
    var kind: String { isObject ? "object" : "array" }
  }

  /// Reads one value of any kind at the cursor.
  ///
  /// Iterative, with open containers on an explicit stack: nesting depth
  /// costs heap, never call stack, so hostile input cannot overflow it.
  mutating func value() throws(JSONSyntaxError) -> JSONNode {
    var stack: [OpenContainer] = []
    while true {
      // A value is expected here.
      skipWhitespace()
      guard let byte = current else { throw endOfFile(inside: stack.last, expected: "a value") }
      let start = location(at: position)
      var completed: JSONNode
      switch byte {
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        guard stack.count < maximumDepth else {
          throw error(
            at: position,
            "arrays and objects are nested more than \(maximumDepth) levels deep; flatten the document"
          )
        }
        var container = OpenContainer(isObject: byte == UInt8(ascii: "{"), location: start, pendingKeyLocation: start)
        position += 1
        skipWhitespace()
        if current == container.closer {
          position += 1
          completed = JSONNode(value: container.isObject ? .object([]) : .array([]), location: start)
        } else {
          if container.isObject { try readKey(into: &container) }
          stack.append(container)
          continue
        }
      case UInt8(ascii: "\""):
        completed = JSONNode(value: .string(try string()), location: start)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        completed = JSONNode(value: .number(try number()), location: start)
      default:
        completed = JSONNode(value: try literal(), location: start)
      }

      // Attach the completed value to its container; close containers
      // until one expects another value or the stack is empty.
      attaching: while true {
        guard !stack.isEmpty else { return completed }
        let top = stack.count - 1
        if stack[top].isObject {
          stack[top].members.append(
            JSONMember(key: stack[top].pendingKey, keyLocation: stack[top].pendingKeyLocation, node: completed)
          )
        } else {
          stack[top].elements.append(completed)
        }
        skipWhitespace()
        let closer = stack[top].closer
        switch current {
        case UInt8(ascii: ","):
          // Locate the comma now: locations are computed on the current line.
          let comma = location(at: position)
          position += 1
          skipWhitespace()
          if current == closer {
            throw JSONSyntaxError(
              location: comma, message: "trailing comma before '\(Character(Unicode.Scalar(closer)))'")
          }
          if stack[top].isObject { try readKey(into: &stack[top]) }
          break attaching
        case closer:
          position += 1
          let container = stack.removeLast()
          completed = JSONNode(
            value: container.isObject ? .object(container.members) : .array(container.elements),
            location: container.location
          )
        case nil:
          throw endOfFile(inside: stack[top], expected: nil)
        default:
          throw unexpected(
            expected: stack[top].isObject
              ? "',' or '}' after an object member" : "',' or ']' after an array element"
          )
        }
      }
    }
  }

  /// Reads `"key" :` at the cursor into `container`, rejecting duplicates.
  private mutating func readKey(into container: inout OpenContainer) throws(JSONSyntaxError) {
    guard current == UInt8(ascii: "\"") else {
      guard current != nil else { throw endOfFile(inside: container, expected: "a key in double quotes") }
      throw unexpected(expected: "a key in double quotes")
    }
    let keyLocation = location(at: position)
    let key = try string()
    if let first = container.keyLocations[key] {
      throw JSONSyntaxError(
        location: keyLocation,
        message: "duplicate key \(JSONValue.quoted(key, limit: 40)); it is already defined at \(first)"
      )
    }
    container.keyLocations[key] = keyLocation
    skipWhitespace()
    guard current == UInt8(ascii: ":") else {
      guard current != nil else { throw endOfFile(inside: container, expected: "':'") }
      throw unexpected(expected: "':' after the key \(JSONValue.quoted(key, limit: 40))")
    }
    position += 1
    container.pendingKey = key
    container.pendingKeyLocation = keyLocation
  }

  /// The input ended inside `container` (or before any value).
  private mutating func endOfFile(inside container: OpenContainer?, expected: String?) -> JSONSyntaxError {
    guard let container else {
      return error(at: position, "unexpected end of file; expected \(expected ?? "a value")")
    }
    let wanted = expected.map { "; expected \($0)" } ?? ""
    return error(
      at: position,
      "unexpected end of file\(wanted); the \(container.kind) opened at \(container.location) is not closed"
    )
  }
}
