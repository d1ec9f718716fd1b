import Foundation

/// What Mermaid does to a diagram's text before its lexer sees it, and to
/// the drawn labels after, as far as a `sequenceDiagram` is concerned
/// (Mermaid 11.16.0: `preprocess.ts`, `Diagram.fromText`, `utils.ts`
/// `encodeEntities` / `decodeEntities`).
enum MermaidPreprocessing {
  /// `encodeEntities`: first deletes the last `;` of any line part matching
  /// `style.*:\S*#.*;` or `classDef.*:\S*#.*;` (meant for style
  /// statements, applied to every line), then replaces each entity code
  /// `#name;` / `#123;` (`#\w+;`, ASCII `\w`) by `ﬂ°name¶ß` / `ﬂ°°123¶ß`.
  ///
  /// - Returns: The encoded text and whether a `;` was deleted.
  static func encodeEntities(_ text: String) -> (text: String, deletedSemicolon: Bool) {
    var result = text
    var deleted = false
    for pattern in [#"style.*:\S*#.*;"#, #"classDef.*:\S*#.*;"#] {
      let regex = try! NSRegularExpression(pattern: pattern)
      let matches = regex.matches(in: result, range: NSRange(location: 0, length: result.utf16.count))
      guard !matches.isEmpty else { continue }
      deleted = true
      let mutable = NSMutableString(string: result)
      for match in matches.reversed() {
        mutable.deleteCharacters(in: NSRange(location: match.range.location + match.range.length - 1, length: 1))
      }
      result = String(mutable)
    }
    let entity = try! NSRegularExpression(pattern: "#[A-Za-z0-9_]+;")
    let source = result as NSString
    var encoded = ""
    var copied = 0
    for match in entity.matches(in: result, range: NSRange(location: 0, length: source.length)) {
      encoded += source.substring(with: NSRange(location: copied, length: match.range.location - copied))
      let code = source.substring(with: NSRange(location: match.range.location + 1, length: match.range.length - 2))
      let isInteger = code.allSatisfy { $0.isASCII && $0.isNumber }
      encoded += (isInteger ? "ﬂ°°" : "ﬂ°") + code + "¶ß"
      copied = match.range.location + match.range.length
    }
    encoded += source.substring(from: copied)
    return (encoded, deleted)
  }

  /// The text a label is drawn with: `decodeEntities` turns the
  /// placeholders into `&#123;` / `&name;`, which the SVG's reader turns into
  /// characters. Knows the named entities `lt`, `gt`, `amp`, `quot`, `apos`.
  ///
  /// - Throws: ``MermaidViolation`` for an unknown name or a code that is
  ///   not a Unicode scalar (the drawn text would not be the intended one).
  static func decodedLabel(_ text: String, line: Int) throws -> String {
    var output = ""
    var rest = Substring(text)
    func appendLiteral(_ literal: Substring) throws {
      // The input is ASCII (checked before lexing): a placeholder part here
      // is a stray one, which decodeEntities would still replace.
      guard !literal.contains("¶ß") && !literal.contains("ﬂ°") else {
        throw MermaidViolation(line: line, reason: "a stray entity placeholder ('ﬂ°' or '¶ß')")
      }
      output += literal
    }
    while let start = rest.range(of: "ﬂ°") {
      try appendLiteral(rest[..<start.lowerBound])
      rest = rest[start.upperBound...]
      let numeric = rest.hasPrefix("°")
      if numeric { rest = rest.dropFirst() }
      guard let end = rest.range(of: "¶ß") else {
        throw MermaidViolation(line: line, reason: "an entity placeholder without its end")
      }
      let code = String(rest[..<end.lowerBound])
      rest = rest[end.upperBound...]
      if numeric {
        guard let value = UInt32(code), let scalar = Unicode.Scalar(value) else {
          throw MermaidViolation(line: line, reason: "'#\(code);' is not a character")
        }
        output.unicodeScalars.append(scalar)
      } else {
        let named = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]
        guard let character = named[code] else {
          throw MermaidViolation(line: line, reason: "'#\(code);' is not an entity FaultSim writes")
        }
        output += character
      }
    }
    try appendLiteral(rest)
    return output
  }
}

/// Why a text is not a valid diagram of FaultSim's Mermaid subset.
struct MermaidViolation: Error, Equatable, CustomStringConvertible {
  /// The 1-based line.
  var line: Int
  /// What is wrong, naming Mermaid's rule.
  var reason: String

  var description: String { "line \(line): \(reason)" }
}
