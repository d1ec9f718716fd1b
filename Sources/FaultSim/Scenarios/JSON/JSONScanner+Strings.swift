extension JSONScanner {
  /// Reads a string at the cursor (which is on its opening quote) and
  /// returns it unescaped.
  ///
  /// - Complexity: O(length); strings without escapes are decoded straight
  ///   from the input.
  mutating func string() throws(JSONSyntaxError) -> String {
    let opening = position
    position += 1
    var chunkStart = position
    var unescaped: [UInt8] = []
    var hasEscapes = false
    while true {
      guard position < bytes.count else {
        throw error(at: opening, "unterminated string; add the closing '\"'")
      }
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        let chunk = UnsafeBufferPointer(rebasing: bytes[chunkStart..<position])
        position += 1
        if !hasEscapes { return String(decoding: chunk, as: UTF8.self) }
        unescaped.append(contentsOf: chunk)
        return String(decoding: unescaped, as: UTF8.self)
      case UInt8(ascii: "\\"):
        hasEscapes = true
        unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<position]))
        try readEscape(into: &unescaped)
        chunkStart = position
      case 0..<0x20:
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
          throw error(
            at: position,
            "line break inside a string; write it as \\n, or add the missing closing '\"'"
          )
        }
        throw error(
          at: position,
          "control character U+\(JSONValue.hex4(UInt32(byte))) must be escaped in a string (e.g. \\t or \\u0001)"
        )
      case 0..<0x80:
        position += 1
      default:
        guard let length = utf8SequenceLength(at: position) else {
          throw error(
            at: position,
            "invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true)) in a string; save the file as UTF-8"
          )
        }
        position += length
      }
    }
  }

  /// Reads one escape sequence at the cursor (on the backslash) and appends
  /// its UTF-8 encoding.
  private mutating func readEscape(into output: inout [UInt8]) throws(JSONSyntaxError) {
    let backslash = position
    guard let letter = peek(1) else {
      throw error(at: backslash, "unterminated escape sequence at the end of the file")
    }
    let simple: UInt8?
    switch letter {
    case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
    case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
    case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
    case UInt8(ascii: "b"): simple = 0x08
    case UInt8(ascii: "f"): simple = 0x0C
    case UInt8(ascii: "n"): simple = 0x0A
    case UInt8(ascii: "r"): simple = 0x0D
    case UInt8(ascii: "t"): simple = 0x09
    case UInt8(ascii: "u"): simple = nil
    default:
      throw error(
        at: backslash,
        "invalid escape '\\' followed by \(characterDescription(at: backslash + 1)); "
          + "allowed escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"
      )
    }
    if let simple {
      output.append(simple)
      position += 2
      return
    }
    let unit = try hexEscape(at: backslash)
    position = backslash + 6
    var scalarValue = UInt32(unit)
    switch unit {
    case 0xD800...0xDBFF:
      // A high surrogate must be followed by an escaped low surrogate.
      guard peek(0) == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "u"),
        let low = try? hexEscape(at: position), (0xDC00...0xDFFF).contains(low)
      else {
        throw error(
          at: backslash,
          "lone surrogate \\u\(JSONValue.hex4(UInt32(unit))); a high surrogate must be followed by a low one (\\uDC00–\\uDFFF)"
        )
      }
      position += 6
      scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
    case 0xDC00...0xDFFF:
      throw error(
        at: backslash,
        "lone surrogate \\u\(JSONValue.hex4(UInt32(unit))); a low surrogate must follow a high one (\\uD800–\\uDBFF)"
      )
    default:
      break
    }
    guard let scalar = Unicode.Scalar(scalarValue) else {
      throw error(at: backslash, "\\u escape does not name a Unicode scalar")
    }
    UTF8.encode(scalar) { output.append($0) }
  }

  /// The code unit of the `\uXXXX` escape whose backslash is at `offset`.
  private mutating func hexEscape(at offset: Int) throws(JSONSyntaxError) -> UInt16 {
    var unit: UInt16 = 0
    for index in offset + 2..<offset + 6 {
      guard index < bytes.count, let digit = hexDigitValue(bytes[index]) else {
        throw error(at: offset, "\\u must be followed by exactly four hexadecimal digits")
      }
      unit = unit << 4 | UInt16(digit)
    }
    return unit
  }

  private func hexDigitValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  /// The length of the well-formed UTF-8 sequence at `offset`, or `nil`.
  ///
  /// Follows Unicode's table of well-formed byte sequences (Table 3-7): no
  /// overlong forms, no encoded surrogates, nothing above U+10FFFF.
  func utf8SequenceLength(at offset: Int) -> Int? {
    guard offset < bytes.count else { return nil }
    let lead = bytes[offset]
    let length: Int
    var secondRange: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      secondRange = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      secondRange = 0x80...0x9F
    case 0xF0:
      length = 4
      secondRange = 0x90...0xBF
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      secondRange = 0x80...0x8F
    default: return nil
    }
    guard offset + length <= bytes.count, secondRange.contains(bytes[offset + 1]) else { return nil }
    for index in offset + 2..<offset + length where bytes[index] & 0xC0 != 0x80 {
      return nil
    }
    return length
  }
}
