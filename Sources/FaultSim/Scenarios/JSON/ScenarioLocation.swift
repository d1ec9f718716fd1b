/// A position in a scenario file: 1-based line and column, plus the 0-based
/// byte offset.
///
/// Columns count Unicode scalars, not bytes, so `"é": 1` puts the colon in
/// column 4 as an editor shows it (editors that count grapheme clusters or
/// UTF-16 units may differ for emoji and combining marks). Lines end at LF,
/// CRLF or a lone CR. A leading UTF-8 byte order mark is skipped and takes no
/// column.
@usableFromInline package struct ScenarioLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The line, starting at 1.
  @usableFromInline package var line: Int
  /// The column in Unicode scalars, starting at 1.
  @usableFromInline package var column: Int
  /// The number of bytes before this position in the file.
  @usableFromInline package var offset: Int

  /// Creates a location; `line` and `column` start at 1, `offset` at 0.
  @usableFromInline package init(line: Int, column: Int, offset: Int) {
    self.line = line
    self.column = column
    self.offset = offset
  }

  /// `line 12, column 5`.
  @usableFromInline package var description: String { "line \(line), column \(column)" }

  /// Whether `lhs` comes before `rhs` in the file (by byte offset).
  @usableFromInline package static func < (lhs: ScenarioLocation, rhs: ScenarioLocation) -> Bool {
    lhs.offset < rhs.offset
  }
}
