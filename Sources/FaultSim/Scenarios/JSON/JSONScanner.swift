/// The parser's cursor over the input: position, line bookkeeping,
/// locations and messages about unexpected characters. The grammar lives in
/// the `JSONScanner+…` files.
struct JSONScanner {
  let bytes: UnsafeBufferPointer<UInt8>
  let maximumDepth: Int
  /// The next byte to read.
  var position = 0
  /// The current line, from 1.
  var line = 1
  /// The offset of the first byte of the current line.
  var lineStart = 0
  /// The last computed column and its offset, so that computing the
  /// locations of successive tokens on one long line stays linear.
  var cachedColumnOffset = 0
  var cachedColumn = 1

  init(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
  }

  /// The byte at the cursor, or `nil` at the end.
  var current: UInt8? {
    position < bytes.count ? bytes[position] : nil
  }

  /// The byte `distance` after the cursor, or `nil` past the end.
  func peek(_ distance: Int) -> UInt8? {
    let index = position + distance
    return index < bytes.count ? bytes[index] : nil
  }

  /// Reads the whole document: one value surrounded by whitespace.
  mutating func document() throws(JSONSyntaxError) -> JSONNode {
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      position = 3
      lineStart = 3
      cachedColumnOffset = 3
    }
    skipWhitespace()
    guard position < bytes.count else {
      throw error(at: position, "the document is empty; expected a JSON value such as an object {…}")
    }
    let root = try value()
    skipWhitespace()
    guard position >= bytes.count else {
      throw error(
        at: position,
        "unexpected \(characterDescription(at: position)) after the top-level value; a document holds exactly one value"
      )
    }
    return root
  }

  /// Skips JSON whitespace (space, tab, LF, CR), counting lines.
  mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"):
        position += 1
      case UInt8(ascii: "\n"):
        position += 1
        startLine()
      case UInt8(ascii: "\r"):
        position += 1
        if position < bytes.count, bytes[position] == UInt8(ascii: "\n") { position += 1 }
        startLine()
      default:
        return
      }
    }
  }

  private mutating func startLine() {
    line += 1
    lineStart = position
    cachedColumnOffset = position
    cachedColumn = 1
  }

  /// The location of `offset`, which must be on the current line: callers
  /// locate a token before skipping the whitespace after it.
  mutating func location(at offset: Int) -> ScenarioLocation {
    let target = min(max(offset, lineStart), bytes.count)
    if target < cachedColumnOffset {
      cachedColumnOffset = lineStart
      cachedColumn = 1
    }
    var column = cachedColumn
    var index = cachedColumnOffset
    while index < target {
      // Count scalars: every byte except UTF-8 continuation bytes starts one.
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    cachedColumnOffset = target
    cachedColumn = column
    return ScenarioLocation(line: line, column: column, offset: offset)
  }

  /// An error at `offset` on the current line.
  mutating func error(at offset: Int, _ message: String) -> JSONSyntaxError {
    JSONSyntaxError(location: location(at: offset), message: message)
  }

  /// An error for the character at the cursor when `expected` was wanted,
  /// with a hint for the usual non-JSON habits (comments, single quotes,
  /// capitalized or bare words).
  mutating func unexpected(expected: String) -> JSONSyntaxError {
    guard let byte = current else {
      return error(at: position, "unexpected end of file; expected \(expected)")
    }
    switch byte {
    case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*"):
      return error(at: position, "comments are not allowed in JSON")
    case UInt8(ascii: "'"):
      return error(at: position, "strings must be in double quotes, not single quotes")
    default:
      if JSONScanner.isWordByte(byte), !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
        return wordError(expected: expected)
      }
      return error(at: position, "unexpected \(characterDescription(at: position)); expected \(expected)")
    }
  }

  /// How a character reads in a message: `'x'`, `control character U+0007`,
  /// `'é' (U+00E9)` or `invalid UTF-8 byte 0xFF`.
  func characterDescription(at offset: Int) -> String {
    guard offset < bytes.count else { return "end of file" }
    let byte = bytes[offset]
    if byte < 0x20 || byte == 0x7F {
      return "control character U+\(JSONValue.hex4(UInt32(byte)))"
    }
    if byte < 0x80 {
      return "'\(Character(Unicode.Scalar(byte)))'"
    }
    guard let length = utf8SequenceLength(at: offset) else {
      return "invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
    let scalar = text.unicodeScalars.first.map { JSONValue.hex4($0.value) } ?? "?"
    return "'\(text)' (U+\(scalar))"
  }

  /// Letters, digits and `_`: what a bare word is made of.
  static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
      return true
    default:
      return false
    }
  }
}
