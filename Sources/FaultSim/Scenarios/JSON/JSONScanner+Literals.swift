extension JSONScanner {
  /// Reads `true`, `false` or `null` at the cursor, or explains why the
  /// word or character there is not a JSON value.
  mutating func literal() throws(JSONSyntaxError) -> JSONValue {
    guard let byte = current, JSONScanner.isWordByte(byte) else {
      throw unexpected(expected: "a value")
    }
    let start = position
    var end = position
    while end < bytes.count, JSONScanner.isWordByte(bytes[end]) { end += 1 }
    switch word(start, end) {
    case "true":
      position = end
      return .bool(true)
    case "false":
      position = end
      return .bool(false)
    case "null":
      position = end
      return .null
    default:
      throw wordError(expected: "a value")
    }
  }

  /// An error for the bare word at the cursor, e.g. `True`, `NaN` or an
  /// unquoted string.
  mutating func wordError(expected: String) -> JSONSyntaxError {
    var end = position
    while end < bytes.count, JSONScanner.isWordByte(bytes[end]) { end += 1 }
    let text = word(position, min(end, position + 40))
    switch text {
    case "NaN", "nan", "Infinity", "infinity", "inf":
      return error(at: position, "\(text) is not a valid JSON number; JSON has no NaN or Infinity")
    case "True", "TRUE", "False", "FALSE", "Null", "NULL", "None", "nil", "undefined":
      return error(at: position, "'\(text)' is not a JSON literal; write true, false or null in lowercase")
    default:
      let hint = expected.contains("double quotes") ? "" : " (strings must be in double quotes)"
      return error(at: position, "unexpected word '\(text)'; expected \(expected)\(hint)")
    }
  }

  /// The ASCII text of `bytes[start..<end]`.
  private func word(_ start: Int, _ end: Int) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
  }
}
