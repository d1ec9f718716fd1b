/// A plain-text table with aligned columns, for terminal reports.
struct TextTable: Sendable {
  /// How a column's cells are aligned.
  enum Alignment: Sendable {
    case left
    case right
  }

  var headers: [String]
  var alignments: [Alignment]
  private(set) var rows: [[String]] = []

  /// A table with the given column headers; text columns align left,
  /// numbers right.
  init(headers: [String], alignments: [Alignment]) {
    precondition(headers.count == alignments.count, "one alignment per column")
    self.headers = headers
    self.alignments = alignments
  }

  /// Adds a row; it must have one cell per column.
  mutating func append(_ row: [String]) {
    precondition(row.count == headers.count, "one cell per column")
    rows.append(row)
  }

  /// The table, one line per row, with a rule under the headers.
  var rendered: String {
    var widths = headers.map(\.count)
    for row in rows {
      for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
    }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { index, cell in
        alignments[index] == .left ? cell.rightPadded(to: widths[index]) : cell.leftPadded(to: widths[index])
      }.joined(separator: "  ").trailingSpacesRemoved
    }
    var lines = [line(headers), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")]
    lines += rows.map(line)
    return lines.map { $0 + "\n" }.joined()
  }
}
