/// Breaks text into lines at spaces, for help on a terminal of a given
/// width.
enum TextWrapping {
  /// The lines of `text`, each at most `width` characters where the words
  /// allow: a word longer than the width (a long path, a command) is kept
  /// whole on a line of its own rather than cut. Runs of spaces between
  /// words become one; a newline in `text` always starts a new line.
  ///
  /// - Parameter firstWidth: The width of the first line, when it differs
  ///   (it follows a label).
  /// - Complexity: O(n) in the length of `text`.
  static func lines(_ text: String, width: Int, firstWidth: Int? = nil) -> [String] {
    asciiLines(text, width: width, firstWidth: firstWidth) ?? characterLines(text, width: width, firstWidth: firstWidth)
  }

  /// ``lines(_:width:firstWidth:)`` for any text, character by character.
  ///
  /// - Complexity: O(n) in the length of `text`.
  static func characterLines(_ text: String, width: Int, firstWidth: Int?) -> [String] {
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      var lineWidth = 0
      for word in paragraph.split(separator: " ") {
        let limit = lines.isEmpty ? (firstWidth ?? width) : width
        if line.isEmpty {
          line = String(word)
          lineWidth = word.count
        } else if lineWidth + 1 + word.count <= limit {
          line += " " + word
          lineWidth += 1 + word.count
        } else {
          lines.append(line)
          line = String(word)
          lineWidth = word.count
        }
      }
      lines.append(line)
    }
    return lines
  }

  /// ``lines(_:width:firstWidth:)`` for ASCII text without carriage
  /// returns, where a byte is a character: splitting and counting bytes
  /// gives the same lines without breaking the text into grapheme
  /// clusters, which was most of the cost of `--help`. `nil` for other
  /// text.
  ///
  /// - Complexity: O(n) in the length of `text`.
  static func asciiLines(_ text: String, width: Int, firstWidth: Int?) -> [String]? {
    let space = UInt8(ascii: " ")
    let newline = UInt8(ascii: "\n")
    let bytes = Array(text.utf8)
    guard bytes.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) else { return nil }
    var lines: [String] = []
    var line: [UInt8] = []
    var start = 0
    func flush() {
      lines.append(String(decoding: line, as: UTF8.self))
      line.removeAll(keepingCapacity: true)
    }
    // Each paragraph (up to a newline or the end), split into words at
    // runs of spaces.
    while start <= bytes.count {
      let end = bytes[start...].firstIndex(of: newline) ?? bytes.count
      var index = start
      while index < end {
        guard bytes[index] != space else {
          index += 1
          continue
        }
        let wordEnd = bytes[index..<end].firstIndex(of: space) ?? end
        let word = bytes[index..<wordEnd]
        let limit = lines.isEmpty ? (firstWidth ?? width) : width
        if line.isEmpty {
          line.append(contentsOf: word)
        } else if line.count + 1 + word.count <= limit {
          line.append(space)
          line.append(contentsOf: word)
        } else {
          flush()
          line.append(contentsOf: word)
        }
        index = wordEnd
      }
      flush()
      start = end + 1
    }
    return lines
  }

  /// `text` wrapped to `width` with every line after the first indented by
  /// `indent` spaces; the first line is `width - firstColumn` wide, for text
  /// that starts after a label in column `firstColumn`.
  static func hanging(_ text: String, width: Int, indent: Int, firstColumn: Int) -> String {
    let pad = String(repeating: " ", count: indent)
    let wrapped = lines(text, width: max(1, width - indent), firstWidth: max(1, width - firstColumn))
    return wrapped.enumerated().map { $0.offset == 0 ? $0.element : pad + $0.element }.joined(separator: "\n")
  }
}
