/// A strict validator of the `sequenceDiagram` subset FaultSim writes: the
/// header line, `participant <id> as <label>`, `<id>->><id>: <text>`,
/// `<id>-x<id>: <text>` and `Note over <id>: <text>`, one statement per
/// line, each participant declared once before it is used.
///
/// It runs Mermaid's own preprocessing (``MermaidPreprocessing``) and lexer
/// (``MermaidSequenceLexer``, a port of Mermaid's compiled rules) and parses
/// the tokens with the productions of `sequenceDiagram.jison` that these
/// statements use, so a line that Mermaid would split, cut short or read as
/// something else is refused with the reason. On top of Mermaid's grammar
/// it refuses what FaultSim never writes unescaped (stricter than Mermaid,
/// so that every label is read back exactly): any byte but printable ASCII
/// and `\n`, and raw `:`, `%`, `<`, `>`, `&` or `"` in a text.
///
/// What it returns, the statements with their labels as Mermaid draws them
/// (entity codes decoded), lets a test compare each label with the trace
/// entry it came from.
enum MermaidSequenceValidator {
  /// One statement of the subset, with its drawn text.
  enum Statement: Equatable, CustomStringConvertible {
    case participant(id: String, label: String)
    case message(from: String, to: String, lost: Bool, text: String)
    case note(over: String, text: String)

    var description: String {
      switch self {
      case .participant(let id, let label): "participant \(id) as «\(label)»"
      case .message(let from, let to, let lost, let text): "\(from)\(lost ? "-x" : "->>")\(to): «\(text)»"
      case .note(let over, let text): "Note over \(over): «\(text)»"
      }
    }
  }

  /// The statements of `diagram`, or the first reason it is not valid.
  static func validate(_ diagram: String) throws(MermaidViolation) -> [Statement] {
    do {
      return try statements(diagram)
    } catch let violation as MermaidViolation {
      throw violation
    } catch {
      throw MermaidViolation(line: 0, reason: "\(error)")
    }
  }

  private static func statements(_ diagram: String) throws -> [Statement] {
    var line = 1
    for byte in diagram.utf8 {
      if byte == 0x0A {
        line += 1
        continue
      }
      guard byte >= 0x20 && byte < 0x7F else {
        let what =
          byte == 0x0D
          ? "a carriage return, which Mermaid's preprocessing turns into a line break"
          : byte >= 0x80
            ? "a non-ASCII byte (a literal '¶ß' would be drawn as ';'); FaultSim writes #NNN;"
            : "a control character"
        throw MermaidViolation(line: line, reason: "byte 0x\(String(byte, radix: 16)): \(what)")
      }
    }
    guard diagram.hasPrefix("sequenceDiagram\n") else {
      throw MermaidViolation(line: 1, reason: "the first line must be 'sequenceDiagram'")
    }
    guard diagram.hasSuffix("\n") else {
      throw MermaidViolation(line: line, reason: "the last line must end with a line break")
    }
    let (encoded, deletedSemicolon) = MermaidPreprocessing.encodeEntities(diagram)
    guard !deletedSemicolon else {
      throw MermaidViolation(
        line: 0, reason: "a line matches 'style.*:\\S*#.*;' or 'classDef…': encodeEntities would delete its ';'")
    }
    let (tokens, comments) = try MermaidSequenceLexer.tokens(of: encoded)
    if let comment = comments.first {
      throw MermaidViolation(
        line: comment.line, reason: "'\(comment.text)' is a comment to Mermaid: the rest of the line is dropped")
    }
    var reader = TokenReader(tokens: tokens)
    try reader.expect("SD")
    try reader.expectLineBreak()
    var statements: [Statement] = []
    var declared: Set<String> = []
    func use(_ id: MermaidSequenceLexer.Token) throws -> String {
      guard declared.contains(id.text) else {
        throw MermaidViolation(line: id.line, reason: "participant '\(id.text)' is used before it is declared")
      }
      return id.text
    }
    while true {
      let token = try reader.next()
      switch token.name {
      case "NEWLINE" where token.text.isEmpty:
        guard reader.atEnd else { throw MermaidViolation(line: token.line, reason: "tokens after the end") }
        return statements
      case "participant":
        let id = try identifier(try reader.expect("ACTOR"))
        try reader.expect("AS")
        let label = try text(try reader.expect("restOfLine"), separator: "")
        try reader.expectLineBreak()
        guard declared.insert(id).inserted else {
          throw MermaidViolation(line: token.line, reason: "participant '\(id)' is declared twice")
        }
        statements.append(.participant(id: id, label: label))
      case "note":
        try reader.expect("over")
        let over = try reader.expect("ACTOR")
        let label = try text(try reader.expect("TXT"), separator: ": ")
        try reader.expectLineBreak()
        statements.append(.note(over: try use(over), text: label))
      case "ACTOR":
        let arrow = try reader.next()
        guard arrow.name == "SOLID_ARROW" || arrow.name == "SOLID_CROSS" else {
          throw MermaidViolation(
            line: arrow.line,
            reason: "'\(arrow.text)' (\(arrow.name)) where an arrow ->> or -x must follow the sender")
        }
        let to = try reader.expect("ACTOR")
        let label = try text(try reader.expect("TXT"), separator: ": ")
        try reader.expectLineBreak()
        statements.append(
          .message(from: try use(token), to: try use(to), lost: arrow.name == "SOLID_CROSS", text: label))
      default:
        throw MermaidViolation(
          line: token.line, reason: "'\(token.text)' (\(token.name)) does not start a statement FaultSim writes")
      }
    }
  }

  /// A participant identifier: letters, digits and `_`, starting with a
  /// letter (the lexer already refused keywords: they are other tokens).
  private static func identifier(_ token: MermaidSequenceLexer.Token) throws -> String {
    let bytes = Array(token.text.utf8)
    let letter = { (byte: UInt8) in (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    guard let first = bytes.first, letter(first),
      bytes.allSatisfy({ letter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F })
    else {
      throw MermaidViolation(line: token.line, reason: "'\(token.text)' is not an identifier FaultSim writes")
    }
    return token.text
  }

  /// The drawn text of a `TXT` (`: text`) or `restOfLine` token: what
  /// Mermaid keeps (`text2` drops the `:`; `parseMessage` trims and reads a
  /// `wrap:` prefix), with its entity codes decoded.
  private static func text(_ token: MermaidSequenceLexer.Token, separator: String) throws -> String {
    guard token.text.hasPrefix(separator) else {
      throw MermaidViolation(line: token.line, reason: "the text must follow '\(separator)'")
    }
    let content = token.text.dropFirst(separator.count)
    guard let first = content.first, let last = content.last, first != " ", last != " " else {
      throw MermaidViolation(
        line: token.line, reason: "an empty text, or one with spaces at its ends (Mermaid trims them)")
    }
    for character in content where character.isASCII {
      let reason: String? =
        switch character {
        case ":": "a raw ':' (a text starting 'wrap:' or 'nowrap:' sets wrapping; FaultSim writes #58;)"
        case "%": "a raw '%' ('%%{…}%%' anywhere is a directive; FaultSim writes #37;)"
        case "<", ">": "a raw '\(character)' (HTML to Mermaid: <br> breaks the line; FaultSim writes #60;/#62;)"
        case "&": "a raw '&' (starts an HTML entity; FaultSim writes #38;)"
        case "\"": "a raw '\"' (quotes are always escaped by FaultSim, as #34;)"
        default: nil
        }
      if let reason { throw MermaidViolation(line: token.line, reason: reason) }
    }
    return try MermaidPreprocessing.decodedLabel(String(content), line: token.line)
  }

  /// Reads tokens in order.
  private struct TokenReader {
    let tokens: [MermaidSequenceLexer.Token]
    var index = 0

    var atEnd: Bool { index >= tokens.count }

    mutating func next() throws -> MermaidSequenceLexer.Token {
      guard index < tokens.count else { throw MermaidViolation(line: 0, reason: "the diagram ends too early") }
      defer { index += 1 }
      let token = tokens[index]
      if token.name == "INVALID" {
        throw MermaidViolation(line: token.line, reason: "'\(token.text)' is INVALID to Mermaid's lexer")
      }
      return token
    }

    @discardableResult
    mutating func expect(_ name: String) throws -> MermaidSequenceLexer.Token {
      let token = try next()
      guard token.name == name else {
        throw MermaidViolation(
          line: token.line, reason: "'\(token.text)' (\(token.name)) where Mermaid's grammar needs \(name)")
      }
      return token
    }

    /// The end of a statement: exactly one `\n` (not `;`, not a blank line).
    mutating func expectLineBreak() throws {
      let token = try next()
      guard token.name == "NEWLINE", token.text == "\n" else {
        let what =
          token.text == ";"
          ? "';' ends the statement here (Mermaid reads it as a line break)"
          : token.name == "NEWLINE" && !token.text.isEmpty
            ? "a blank line" : "'\(token.text)' (\(token.name)) where the statement must end"
        throw MermaidViolation(line: token.line, reason: what)
      }
    }
  }
}
