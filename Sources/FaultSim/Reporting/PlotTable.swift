/// A CSV table (a sweep's, usually) read for `faultsim plot`: which column
/// is which, and one line per combination of the series columns.
///
/// A line is only drawn when each of its x values comes from one row. A
/// table that varies another column too (two `--vary` axes, one given as
/// `--series`, the other not) would otherwise be drawn as one zig-zag line
/// through unrelated rows; that is refused with the columns that tell the
/// rows apart, so the user can name them as series. Grouping by them
/// silently instead would draw lines nobody asked for, with a legend that
/// hides which column made them.
package struct PlotTable: Sendable {
  /// The file's name, for messages.
  package let file: String
  package let header: [String]
  /// The records after the header, each with as many fields as the header.
  package let rows: [[String]]

  /// Reads RFC 4180 CSV with a header and at least one row.
  package init(parsing text: String, file: String) throws(PlotTableError) {
    let records: [[String]]
    do {
      records = try CSVReader.records(text)
    } catch {
      throw PlotTableError("\(file): \(error)")
    }
    guard let header = records.first, records.count > 1 else { throw PlotTableError("\(file): the table has no rows") }
    for (offset, record) in records.enumerated().dropFirst() where record.count != header.count {
      throw PlotTableError("\(file): record \(offset + 1) has \(record.count) fields, the header \(header.count)")
    }
    self.file = file
    self.header = header
    rows = Array(records.dropFirst())
  }

  /// The index of a column, or an error naming the columns and the closest
  /// one.
  package func column(_ name: String) throws(PlotTableError) -> Int {
    if let index = header.firstIndex(of: name) { return index }
    let suggestion = SpellingSuggestion.closest(to: name, among: header).map { " (did you mean '\($0)'?)" } ?? ""
    throw PlotTableError("\(file): no column '\(name)'\(suggestion); the columns are \(header.joined(separator: ", "))")
  }

  /// The chart of `y` against `x`, one line per distinct combination of the
  /// `series` columns' values (in order of first appearance). When the
  /// table has `<y>_lo` and `<y>_hi`, each point carries that interval.
  ///
  /// - Throws: `PlotTableError` for an unknown column, a value that is not
  ///   a finite number, or two rows of one line at the same x (naming the
  ///   columns that tell them apart).
  /// - Complexity: O(rows × columns).
  package func plot(x: String, y: String, series: [String], title: String?) throws(PlotTableError) -> LinePlot {
    let xColumn = try column(x)
    let yColumn = try column(y)
    let seriesColumns = try series.map { (name: String) throws(PlotTableError) in try column(name) }
    let lowColumn = header.firstIndex(of: "\(y)_lo")
    let highColumn = header.firstIndex(of: "\(y)_hi")
    var names: [String] = []
    var lines: [[LinePlot.Point]] = []
    // Per line, the row of each x seen (lookups only: no hashing order
    // reaches the output).
    var rowAt: [[Double: Int]] = []
    for (offset, record) in rows.enumerated() {
      func number(_ index: Int) throws(PlotTableError) -> Double {
        guard let value = Double(record[index]), value.isFinite else {
          throw PlotTableError(
            "\(file): record \(offset + 2), column \(header[index]): '\(record[index].prefix(40))' is not a finite number"
          )
        }
        return value
      }
      let point = LinePlot.Point(
        x: try number(xColumn), y: try number(yColumn),
        low: try lowColumn.map { (index: Int) throws(PlotTableError) in try number(index) },
        high: try highColumn.map { (index: Int) throws(PlotTableError) in try number(index) })
      let name =
        seriesColumns.count == 1
        ? record[seriesColumns[0]] : seriesColumns.map { "\(header[$0])=\(record[$0])" }.joined(separator: ", ")
      let line: Int
      if let known = names.firstIndex(of: name) {
        line = known
      } else {
        line = names.count
        names.append(name)
        lines.append([])
        rowAt.append([:])
      }
      if let earlier = rowAt[line][point.x] {
        throw clash(earlier, offset, x: xColumn, y: yColumn, series: seriesColumns)
      }
      rowAt[line][point.x] = offset
      lines[line].append(point)
    }
    return LinePlot(
      title: title ?? "\(y) against \(x)", xLabel: x, yLabel: y,
      series: zip(names, lines).map { LinePlot.Series(name: $0.0, points: $0.1) })
  }

  /// Two rows that one line would visit at the same x.
  func clash(_ first: Int, _ second: Int, x: Int, y: Int, series: [Int]) -> PlotTableError {
    let (a, b) = (rows[first], rows[second])
    let excluded = Set(
      [x, y] + series + ["\(header[y])_lo", "\(header[y])_hi"].compactMap { header.firstIndex(of: $0) })
    let differing = header.indices.filter { !excluded.contains($0) && a[$0] != b[$0] }
    // A sweep's varied columns come before its first metric column; prefer them.
    let metricsStart = header.firstIndex(of: "seeds") ?? header.count
    let varied = differing.filter { $0 < metricsStart }
    let named = (varied.isEmpty ? differing : varied).prefix(4)
    let place = "records \(first + 2) and \(second + 2) both have \(header[x]) = \(a[x])"
    let line =
      series.isEmpty ? "one line" : "the line " + series.map { "\(header[$0])=\(a[$0])" }.joined(separator: ", ")
    guard !named.isEmpty else {
      return PlotTableError("\(file): \(place) in \(line), and no other column tells them apart", kind: .ambiguousLine)
    }
    let columns = named.map { header[$0] }
    let flags = (series.map { header[$0] } + columns).map { "--series \($0)" }.joined(separator: " ")
    return PlotTableError(
      "\(file): \(place) in \(line): the table also varies \(columns.joined(separator: ", ")); draw one line per value with \(flags)",
      kind: .ambiguousLine)
  }
}

/// A table that cannot be plotted as asked.
package struct PlotTableError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  package enum Kind: Hashable, Sendable {
    /// The table, or a column named, cannot be read as asked.
    case data
    /// One line would pass through two rows at the same x: the command
    /// line needs more series columns.
    case ambiguousLine
  }

  package var description: String
  package var kind: Kind

  package init(_ description: String, kind: Kind = .data) {
    self.description = description
    self.kind = kind
  }
}
