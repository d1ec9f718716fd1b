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

  /// `text` wrapped to `width` with every line after the first indented by
  /// `indent` spaces; the first line is `width - firstColumn` wide, for text
  /// that starts after a label in column `firstColumn`.
  static func hanging(_ text: String, width: Int, indent: Int, firstColumn: Int) -> String {
    let pad = String(repeating: " ", count: indent)
    let wrapped = lines(text, width: max(1, width - indent), firstWidth: max(1, width - firstColumn))
    return wrapped.enumerated().map { $0.offset == 0 ? $0.element : pad + $0.element }.joined(separator: "\n")
  }
}
