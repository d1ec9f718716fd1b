extension JSONScanner {
  /// Reads a number at the cursor following RFC 8259:
  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  mutating func number() throws(JSONSyntaxError) -> JSONNumber {
    let start = position
    if current == UInt8(ascii: "-") {
      position += 1
      if let byte = current, JSONScanner.isWordByte(byte), !isDigit(byte) {
        throw wordError(expected: "a digit after '-'")
      }
    }
    guard let first = current, isDigit(first) else {
      throw error(at: position, "expected a digit after '-', found \(characterDescription(at: position))")
    }
    position += 1
    if first == UInt8(ascii: "0"), let next = current, isDigit(next) {
      throw error(at: start, "numbers must not have leading zeros")
    }
    skipDigits()
    if current == UInt8(ascii: ".") {
      position += 1
      guard let byte = current, isDigit(byte) else {
        throw error(
          at: position,
          "expected a digit after the decimal point, found \(characterDescription(at: position))"
        )
      }
      skipDigits()
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      position += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
      guard let byte = current, isDigit(byte) else {
        throw error(at: position, "expected a digit in the exponent, found \(characterDescription(at: position))")
      }
      skipDigits()
    }
    let literal = UnsafeBufferPointer(rebasing: bytes[start..<position])
    guard let number = JSONNumber(validatedLiteral: literal) else {
      throw error(
        at: start,
        "the number \(abbreviated(literal)) is too large; its magnitude exceeds the largest Double (about 1.8e308)"
      )
    }
    return number
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private mutating func skipDigits() {
    while position < bytes.count, isDigit(bytes[position]) { position += 1 }
  }

  /// The literal, cut to 40 characters for messages.
  private func abbreviated(_ literal: UnsafeBufferPointer<UInt8>) -> String {
    let text = String(decoding: UnsafeBufferPointer(rebasing: literal.prefix(40)), as: UTF8.self)
    return literal.count > 40 ? text + "…" : text
  }
}
