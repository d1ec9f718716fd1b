import Foundation

/// A port of the lexer that Mermaid 11.16.0 runs for `sequenceDiagram`: the
/// rules of `packages/mermaid/src/diagrams/sequence/parser/sequenceDiagram.jison`
/// exactly as jison compiled them into Mermaid's bundle (every rule
/// case-insensitive; a rule ending in a word character gets `\b`; `%%` became
/// `%`), tried in order with the first match winning (jison without
/// `flex`), with the same start conditions (`ID`, `ALIAS`, `LINE`, …) and the
/// same actions (which token, which state change, which text is trimmed).
///
/// Before lexing, Mermaid's `encodeEntities` runs over the whole text (see
/// ``MermaidPreprocessing``); the lexer sees its output.
///
/// The regular expressions are ICU's here and JavaScript's in Mermaid; they
/// read these patterns the same on printable ASCII and `\n`, and the
/// validator refuses any other byte before lexing (see
/// ``MermaidSequenceValidator``).
struct MermaidSequenceLexer {
  /// A lexer start condition.
  enum State: Hashable {
    case initial, id, alias, line, config, accTitle, accDescr, accDescrMultiline
  }

  /// What a rule does besides returning its token.
  enum Action: Equatable {
    /// `yytext = yytext.trim()`.
    case trim
    /// `this.popState()`.
    case pop
    /// `this.begin(state)`.
    case begin(State)
    /// The rule skips a comment (marked so the validator can refuse it).
    case comment
  }

  /// One lexer rule: pattern, token (`nil`: skipped) and actions.
  struct Rule {
    let pattern: NSRegularExpression
    let token: String?
    let actions: [Action]
    /// The UTF-16 code units a match must start with, when the pattern
    /// starts with a literal; `nil` when it can start with anything.
    let firstUnits: Set<UInt16>?

    init(_ source: String, token: String?, actions: [Action]) {
      // jison compiles each rule to /^(?:source)/i.
      pattern = try! NSRegularExpression(pattern: "^(?:" + source + ")", options: [.caseInsensitive])
      self.token = token
      self.actions = actions
      firstUnits = Self.firstUnits(of: source)
    }

    /// A quick filter: the characters a match can start with, for patterns
    /// that start with a letter (either case) or a literal punctuation mark.
    static func firstUnits(of source: String) -> Set<UInt16>? {
      let scalars = Array(source.unicodeScalars)
      guard let first = scalars.first else { return nil }
      if first.properties.isAlphabetic && first.isASCII {
        let lower = String(first).lowercased().utf16.first!
        let upper = String(first).uppercased().utf16.first!
        return [lower, upper]
      }
      if first == "\\", scalars.count > 1, scalars[1].isASCII,
        !scalars[1].properties.isAlphabetic && !("0"..."9").contains(scalars[1])
      {
        return [UInt16(scalars[1].value)]
      }
      if "-:,;%#@<+".unicodeScalars.contains(first) { return [UInt16(first.value)] }
      return nil
    }
  }

  /// A token with the text it matched (after the rule's trim) and its line.
  struct Token: Equatable {
    var name: String
    var text: String
    var line: Int
  }

  /// A comment the lexer skipped (the rest of a line, silently dropped).
  struct SkippedComment: Equatable {
    var text: String
    var line: Int
  }

  /// The compiled rules, in Mermaid's order; the comment gives the index in
  /// the bundle's `rules` array.
  static let rules: [Rule] = [
    Rule(#"[\n]+"#, token: "NEWLINE", actions: []),  // 0
    Rule(#"\s+"#, token: nil, actions: []),  // 1
    Rule(#"((?!\n)\s)+"#, token: nil, actions: []),  // 2
    Rule(#"#[^\n]*"#, token: nil, actions: [.comment]),  // 3
    Rule(#"%(?!\{)[^\n]*"#, token: nil, actions: [.comment]),  // 4
    Rule(#"[^\}]%%[^\n]*"#, token: nil, actions: [.comment]),  // 5
    Rule(#"([0-9]+(\.[0-9]{1,2})?|\.[0-9]{1,2})(?=[ \n]+)"#, token: "NUM", actions: []),  // 6
    Rule(#"@\{"#, token: "CONFIG_START", actions: [.begin(.config)]),  // 7
    Rule(#"[^\}]+"#, token: "CONFIG_CONTENT", actions: []),  // 8
    Rule(#"\}(?=\s+as\s)"#, token: "CONFIG_END", actions: [.pop, .begin(.alias)]),  // 9
    Rule(#"\}"#, token: "CONFIG_END", actions: [.pop, .pop]),  // 10
    Rule(#"[^\<->\->:\n,;@\s]+(?=@\{)"#, token: "ACTOR", actions: [.trim]),  // 11
    Rule(#"[^<>:\n,;@\s]+(?=\s+as\s)"#, token: "ACTOR", actions: [.trim, .begin(.alias)]),  // 12
    Rule(#"[^<>:\n,;@]+(?=\s*[\n;#]|$)"#, token: "ACTOR", actions: [.trim, .pop]),  // 13
    Rule(#"[^<>:\n,;@]*<[^\n]*"#, token: "INVALID", actions: [.pop]),  // 14
    Rule(#"[^\n]+"#, token: "INVALID", actions: [.trim, .pop]),  // 15
    Rule(#"box\b"#, token: "box", actions: [.begin(.line)]),  // 16
    Rule(#"participant\b"#, token: "participant", actions: [.begin(.id)]),  // 17
    Rule(#"actor\b"#, token: "participant_actor", actions: [.begin(.id)]),  // 18
    Rule(#"create\b"#, token: "create", actions: []),  // 19
    Rule(#"destroy\b"#, token: "destroy", actions: [.begin(.id)]),  // 20
    Rule(#"as\b"#, token: "AS", actions: [.pop, .pop, .begin(.line)]),  // 21
    Rule(#"(?:)"#, token: "NEWLINE", actions: [.pop, .pop]),  // 22
    Rule(#"loop\b"#, token: "loop", actions: [.begin(.line)]),  // 23
    Rule(#"rect\b"#, token: "rect", actions: [.begin(.line)]),  // 24
    Rule(#"opt\b"#, token: "opt", actions: [.begin(.line)]),  // 25
    Rule(#"alt\b"#, token: "alt", actions: [.begin(.line)]),  // 26
    Rule(#"else\b"#, token: "else", actions: [.begin(.line)]),  // 27
    Rule(#"par\b"#, token: "par", actions: [.begin(.line)]),  // 28
    Rule(#"par_over\b"#, token: "par_over", actions: [.begin(.line)]),  // 29
    Rule(#"and\b"#, token: "and", actions: [.begin(.line)]),  // 30
    Rule(#"critical\b"#, token: "critical", actions: [.begin(.line)]),  // 31
    Rule(#"option\b"#, token: "option", actions: [.begin(.line)]),  // 32
    Rule(#"break\b"#, token: "break", actions: [.begin(.line)]),  // 33
    Rule(#"(?:[:]?(?:no)?wrap)?[^#\n;]*"#, token: "restOfLine", actions: [.pop]),  // 34
    Rule(#"end\b"#, token: "end", actions: []),  // 35
    Rule(#"left of\b"#, token: "left_of", actions: []),  // 36
    Rule(#"right of\b"#, token: "right_of", actions: []),  // 37
    Rule(#"links\b"#, token: "links", actions: []),  // 38
    Rule(#"link\b"#, token: "link", actions: []),  // 39
    Rule(#"properties\b"#, token: "properties", actions: []),  // 40
    Rule(#"details\b"#, token: "details", actions: []),  // 41
    Rule(#"over\b"#, token: "over", actions: []),  // 42
    Rule(#"note\b"#, token: "note", actions: []),  // 43
    Rule(#"activate\b"#, token: "activate", actions: [.begin(.id)]),  // 44
    Rule(#"deactivate\b"#, token: "deactivate", actions: [.begin(.id)]),  // 45
    Rule(#"title\s[^#\n;]+"#, token: "title", actions: []),  // 46
    Rule(#"title:\s[^#\n;]+"#, token: "legacy_title", actions: []),  // 47
    Rule(#"accTitle\s*:\s*"#, token: "acc_title", actions: [.begin(.accTitle)]),  // 48
    // 49: compiled as (?!\n||)*[^\n]*: the lookahead can never hold, so it is [^\n]*
    Rule(#"[^\n]*"#, token: "acc_title_value", actions: [.pop]),
    Rule(#"accDescr\s*:\s*"#, token: "acc_descr", actions: [.begin(.accDescr)]),  // 50
    // 51: compiled as (?!\n||)*[^\n]*: the lookahead can never hold, so it is [^\n]*
    Rule(#"[^\n]*"#, token: "acc_descr_value", actions: [.pop]),
    Rule(#"accDescr\s*\{\s*"#, token: nil, actions: [.begin(.accDescrMultiline)]),  // 52
    Rule(#"[\}]"#, token: nil, actions: [.pop]),  // 53
    Rule(#"[^\}]*"#, token: "acc_descr_multiline_value", actions: []),  // 54
    Rule(#"sequenceDiagram\b"#, token: "SD", actions: []),  // 55
    Rule(#"autonumber\b"#, token: "autonumber", actions: []),  // 56
    Rule(#"off\b"#, token: "off", actions: []),  // 57
    Rule(#","#, token: ",", actions: []),  // 58
    Rule(#";"#, token: "NEWLINE", actions: []),  // 59
    Rule(
      #"[^\/\\\+\()\+<\->\->:\n,;]+((?!(-x|--x|-\)|--\)|-\|\\|-\\|-\/|-\/\/|-\|\/|\/\|-|\\\|-|\/\/-|\\\\-|\/\|-|--\|\\|--|\(\)))[\-]*[^\+<\->\->:\n,;]+)*"#,
      token: "ACTOR", actions: [.trim]),  // 60
    Rule(#"->>"#, token: "SOLID_ARROW", actions: []),  // 61
    Rule(#"<<->>"#, token: "BIDIRECTIONAL_SOLID_ARROW", actions: []),  // 62
    Rule(#"-->>"#, token: "DOTTED_ARROW", actions: []),  // 63
    Rule(#"<<-->>"#, token: "BIDIRECTIONAL_DOTTED_ARROW", actions: []),  // 64
    Rule(#"->"#, token: "SOLID_OPEN_ARROW", actions: []),  // 65
    Rule(#"-->"#, token: "DOTTED_OPEN_ARROW", actions: []),  // 66
    Rule(#"-[x]"#, token: "SOLID_CROSS", actions: []),  // 67
    Rule(#"--[x]"#, token: "DOTTED_CROSS", actions: []),  // 68
    Rule(#"-[\)]"#, token: "SOLID_POINT", actions: []),  // 69
    Rule(#"--[\)]"#, token: "DOTTED_POINT", actions: []),  // 70
    Rule(#"--\|\\"#, token: "SOLID_ARROW_TOP_DOTTED", actions: []),  // 71
    Rule(#"--\|\/"#, token: "SOLID_ARROW_BOTTOM_DOTTED", actions: []),  // 72
    Rule(#"--\\\\"#, token: "STICK_ARROW_TOP_DOTTED", actions: []),  // 73
    Rule(#"--\/\/"#, token: "STICK_ARROW_BOTTOM_DOTTED", actions: []),  // 74
    Rule(#"\/\|--"#, token: "SOLID_ARROW_TOP_REVERSE_DOTTED", actions: []),  // 75
    Rule(#"\\\|--"#, token: "SOLID_ARROW_BOTTOM_REVERSE_DOTTED", actions: []),  // 76
    Rule(#"\/\/--"#, token: "STICK_ARROW_TOP_REVERSE_DOTTED", actions: []),  // 77
    Rule(#"\\\\--"#, token: "STICK_ARROW_BOTTOM_REVERSE_DOTTED", actions: []),  // 78
    Rule(#"-\|\\"#, token: "SOLID_ARROW_TOP", actions: []),  // 79
    Rule(#"-\|\/"#, token: "SOLID_ARROW_BOTTOM", actions: []),  // 80
    Rule(#"-\\\\"#, token: "STICK_ARROW_TOP", actions: []),  // 81
    Rule(#"-\/\/"#, token: "STICK_ARROW_BOTTOM", actions: []),  // 82
    Rule(#"\/\|-"#, token: "SOLID_ARROW_TOP_REVERSE", actions: []),  // 83
    Rule(#"\\\|-"#, token: "SOLID_ARROW_BOTTOM_REVERSE", actions: []),  // 84
    Rule(#"\/\/-"#, token: "STICK_ARROW_TOP_REVERSE", actions: []),  // 85
    Rule(#"\\\\-"#, token: "STICK_ARROW_BOTTOM_REVERSE", actions: []),  // 86
    Rule(#":(?:(?:no)?wrap)?[^#\n;]*"#, token: "TXT", actions: []),  // 87
    Rule(#":"#, token: "TXT", actions: []),  // 88
    Rule(#"\+"#, token: "+", actions: []),  // 89
    Rule(#"-"#, token: "-", actions: []),  // 90
    Rule(#"\(\)"#, token: "()", actions: []),  // 91
    Rule(#"$"#, token: "NEWLINE", actions: []),  // 92
    Rule(#"."#, token: "INVALID", actions: []),  // 93
  ]

  /// The rules each start condition tries, from the bundle's `conditions`.
  static let conditions: [State: [Int]] = [
    .initial: [0, 1, 3, 4, 5, 6, 16, 17, 18, 19, 20] + Array(23...33) + Array(35...48) + [50, 52] + Array(55...93),
    .id: [2, 3, 7, 11, 12, 13, 14, 15],
    .alias: [2, 3, 21, 22],
    .line: [2, 3, 34],
    .config: [8, 9, 10],
    .accTitle: [49],
    .accDescr: [51],
    .accDescrMultiline: [53, 54],
  ]

  /// The tokens of `text` (already through `encodeEntities`), ending with
  /// the `NEWLINE` Mermaid's end-of-input rule returns (or `EOF` when the
  /// input ends inside a statement), and the comments it skipped.
  ///
  /// Each rule is matched against the rest of the current line and the next
  /// two lines, far enough for every lookahead of these rules (their
  /// `\s*`/`\s+` cross at most one line break before the text they look
  /// for); the end-of-input rule (`$`) is tried only at the real end.
  /// - Throws: ``MermaidViolation`` when no rule matches (jison's "Lexical
  ///   error").
  /// - Complexity: O(rules × window) per token.
  static func tokens(of text: String) throws -> (tokens: [Token], comments: [SkippedComment]) {
    let units = Array(text.utf16)
    var position = 0
    var line = 1
    var stack: [State] = [.initial]
    var tokens: [Token] = []
    var comments: [SkippedComment] = []
    var emptyMatches = 0
    while true {
      let state = stack.last!
      var windowEnd = position
      var breaks = 0
      while windowEnd < units.count && breaks < 3 {
        if units[windowEnd] == 0x0A { breaks += 1 }
        windowEnd += 1
      }
      let window = String(decoding: units[position..<windowEnd], as: UTF16.self)
      let range = NSRange(location: 0, length: windowEnd - position)
      let unit: UInt16? = position < units.count ? units[position] : nil
      var matched: (rule: Int, length: Int)?
      for index in conditions[state]! {
        if index == 92 && position < units.count { continue }
        let rule = rules[index]
        if let first = rule.firstUnits {
          guard let unit, first.contains(unit) else { continue }
        }
        if let match = rule.pattern.firstMatch(in: window, options: [.anchored], range: range) {
          matched = (index, match.range.length)
          break
        }
      }
      guard let (index, length) = matched else {
        if position == units.count {
          tokens.append(Token(name: "EOF", text: "", line: line))
          return (tokens, comments)
        }
        throw MermaidViolation(line: line, reason: "no lexer rule matches here (Mermaid: 'Lexical error')")
      }
      emptyMatches = length == 0 ? emptyMatches + 1 : 0
      guard emptyMatches < 4 else {
        throw MermaidViolation(line: line, reason: "the lexer makes no progress (rule \(index) matches nothing)")
      }
      let rule = rules[index]
      let matchedText = String(decoding: units[position..<(position + length)], as: UTF16.self)
      var value = matchedText
      for action in rule.actions {
        switch action {
        case .trim: value = value.trimmingCharacters(in: .whitespacesAndNewlines)
        case .pop: if stack.count > 1 { stack.removeLast() }
        case .begin(let next): stack.append(next)
        case .comment: comments.append(SkippedComment(text: value, line: line))
        }
      }
      if let name = rule.token { tokens.append(Token(name: name, text: value, line: line)) }
      if index == 92 { return (tokens, comments) }
      line += matchedText.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
      position += length
    }
  }
}
