/// Identifiers and text that Mermaid's `sequenceDiagram` grammar reads back
/// exactly as written.
///
/// From Mermaid's lexer (`sequenceDiagram.jison`, 11.x) and its
/// preprocessing (`encodeEntities`, `decodeEntities`, directives):
/// - a message or note text runs from `:` to the first `#`, `;` or newline:
///   `;` ends the statement, `#` starts a comment that silently drops the
///   rest of the line; a participant's `as` label ends the same way;
/// - before lexing, `#name;` and `#123;` are replaced by placeholders made of
///   the non-ASCII characters `ﬂ°` and `¶ß`, which become `&name;` / `&#123;`
///   in the drawn SVG: so `#59;` draws `;`, and a literal `¶ß` would draw
///   `;`;
/// - `%%{…}%%` anywhere is a directive, `\r` becomes a line break, `<…>` is
///   HTML (`<br>` breaks the line), `&…;` is an HTML entity, a text starting
///   with `wrap:` or `nowrap:` sets wrapping, and leading and trailing
///   spaces are trimmed;
/// - identifiers: the lexer's ACTOR token stops at `-`, `+`, `<`, `>`, `:`,
///   `,`, `;`, `(`, `)`, `/`, `\`, newlines and `-x`-like arrow starts, and
///   keywords (`end`, `note`, `box`, `title`, … matched case-insensitively up
///   to a word boundary) are not identifiers.
///
/// So text keeps printable ASCII except `#`, `;`, `:`, `%`, `<`, `>`, `&`
/// and `"`, and writes every other character (and a leading or trailing
/// space) as a decimal entity code `#NNN;`; identifiers are ASCII letters,
/// digits and `_`, start with a letter and are never a keyword.
enum MermaidText {
  /// Appends `text` with every character Mermaid would not read back as
  /// itself written as an entity code: `a;b` → `a#59;b`.
  ///
  /// - Complexity: O(`text.utf8.count`); text with nothing to escape is
  ///   copied whole.
  static func appendEscaped(_ text: String, to output: inout String) {
    let utf8 = text.utf8
    let plain =
      !utf8.isEmpty && utf8.first != 0x20 && utf8.last != 0x20 && !utf8.contains(where: { !isPlain($0) })
    if plain {
      output += text
      return
    }
    let scalars = text.unicodeScalars
    let last = scalars.indices.last
    for index in scalars.indices {
      let scalar = scalars[index]
      let atEdge = index == scalars.startIndex || index == last
      if scalar.isASCII && isPlain(UInt8(scalar.value)) && !(atEdge && scalar == " ") {
        output.unicodeScalars.append(scalar)
      } else {
        output += "#\(scalar.value);"
      }
    }
  }

  /// `text` escaped as by ``appendEscaped(_:to:)``.
  static func escaped(_ text: String) -> String {
    var output = ""
    appendEscaped(text, to: &output)
    return output
  }

  /// Whether an ASCII byte stands for itself in Mermaid text.
  @inline(__always)
  static func isPlain(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x23, 0x3B, 0x3A, 0x25, 0x3C, 0x3E, 0x26, 0x22: return false  // # ; : % < > & "
    default: return byte >= 0x20 && byte < 0x7F
    }
  }

  /// The participant identifier of `actor`: `client#17` → `client_17`,
  /// `server` → `server`; any other name (one with spaces, underscores,
  /// other punctuation or non-ASCII letters, or a Mermaid keyword) →
  /// `x_` + the hexadecimal of its UTF-8 + `_`.
  ///
  /// Distinct actors get distinct identifiers: the first form never ends in
  /// `_` and the second always does, and each form is one-to-one.
  /// - Complexity: O(`actor.utf8.count`).
  static func participantID(_ actor: String) -> String {
    if isSimpleName(actor) {
      var id = ""
      for scalar in actor.unicodeScalars { id.unicodeScalars.append(scalar == "#" ? "_" : scalar) }
      return id
    }
    var id = "x_"
    for byte in actor.utf8 {
      id += hexDigits[Int(byte >> 4)]
      id += hexDigits[Int(byte & 0xF)]
    }
    return id + "_"
  }

  private static let hexDigits = (0..<16).map { String($0, radix: 16) }

  /// `name` or `name#digits`, the name ASCII letters and digits starting
  /// with a letter and not a Mermaid keyword.
  static func isSimpleName(_ actor: String) -> Bool {
    let utf8 = actor.utf8
    guard let first = utf8.first, isLetter(first) else { return false }
    var index = utf8.index(after: utf8.startIndex)
    while index != utf8.endIndex && (isLetter(utf8[index]) || isDigit(utf8[index])) { utf8.formIndex(after: &index) }
    let nameEnd = index
    if index != utf8.endIndex {
      guard utf8[index] == UInt8(ascii: "#") else { return false }
      utf8.formIndex(after: &index)
      guard index != utf8.endIndex else { return false }
      while index != utf8.endIndex && isDigit(utf8[index]) { utf8.formIndex(after: &index) }
      guard index == utf8.endIndex else { return false }
    }
    let length = utf8.distance(from: utf8.startIndex, to: nameEnd)
    guard length >= 2 && length <= 15 else { return true }
    return !keywords.contains(String(actor[..<nameEnd]).lowercased())
  }

  /// Words Mermaid's sequence lexer reads as keywords before it tries an
  /// identifier (lower-cased; it matches them case-insensitively), and the
  /// two words of `left of` / `right of`.
  static let keywords: Set<String> = [
    "box", "participant", "actor", "create", "destroy", "as", "loop", "rect", "opt", "alt", "else", "par",
    "par_over", "and", "critical", "option", "break", "end", "left", "right", "of", "links", "link",
    "properties", "details", "over", "note", "activate", "deactivate", "title", "acctitle", "accdescr",
    "sequencediagram", "autonumber", "off",
  ]

  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= 0x30 && byte <= 0x39
  }
}
