import FaultSim
import Foundation

/// `faultsim plot`: a line chart of a sweep table as SVG.
struct PlotCommand: Subcommand {
  static let info = CommandInfo(
    name: "plot",
    abstract: "Draw a sweep table as an SVG line chart with 95% interval bands.",
    usage:
      "faultsim plot <table.csv> --x <column> --y <column> [--series <column>] [--title <text>] --out <plot.svg> [--force]",
    details: """
      ARGUMENTS:
        <table.csv>             A table written by 'faultsim sweep'.

      OPTIONS:
        --x <column>            The column on the horizontal axis (numbers), e.g. network.responseLoss.
        --y <column>            The column on the vertical axis, e.g. duplicate_rate. When the table has
                                <y>_lo and <y>_hi columns, the interval is drawn as a band.
        --series <column>       One line per value of this column, e.g. workload.kind.
        --title <text>          The chart's title (default: y against x).
        --out <plot.svg>        Where to write the SVG (atomically).
        --force                 Replace --out if it exists.
        -h, --help              Show help information.

      EXAMPLES:
        faultsim sweep scenarios/checkout-reference.json --seeds '0..<5' --vary network.responseLoss=0.05,0.1,0.2,0.3 --vary workload.kind=keyless-write,keyed-write --out table.csv
        faultsim plot table.csv --x network.responseLoss --y duplicate_rate --series workload.kind --out plot.svg

      """
  )

  var path: String
  var x: String
  var y: String
  var series: String?
  var title: String?
  var out: String
  var force: Bool

  init(_ arguments: inout ArgumentReader) throws(CommandFailure) {
    force = arguments.flag("--force")
    x = try arguments.requiredValue("--x", "<column>")
    y = try arguments.requiredValue("--y", "<column>")
    out = try arguments.requiredOutputPath("--out", "<plot.svg>")
    series = try arguments.value("--series")
    title = try arguments.value("--title")
    let positionals = try arguments.positionals()
    guard let path = positionals.first else { throw arguments.usageError("Missing expected argument '<table.csv>'") }
    guard positionals.count == 1 else { throw arguments.usageError("Unexpected argument '\(positionals[1])'") }
    self.path = path
  }

  func run(_ output: inout Output) throws(CommandFailure) {
    try OutputFile.checkWritable(out, force: force)
    let text = try InputText.read(path, kind: "sweep table (CSV)")
    let records: [[String]]
    do {
      records = try CSVReader.records(text)
    } catch {
      throw .data("\(path): \(error)")
    }
    guard let header = records.first, records.count > 1 else { throw .data("\(path): the table has no rows") }
    func column(_ name: String) throws(CommandFailure) -> Int {
      guard let index = header.firstIndex(of: name) else {
        throw .data("\(path): no column '\(name)'; the columns are \(header.joined(separator: ", "))")
      }
      return index
    }
    let xColumn = try column(x)
    let yColumn = try column(y)
    let lowColumn = header.firstIndex(of: "\(y)_lo")
    let highColumn = header.firstIndex(of: "\(y)_hi")
    let seriesColumn: Int? = try series.map { (name: String) throws(CommandFailure) in try column(name) }
    var names: [String] = []
    var points: [[LinePlot.Point]] = []
    for (offset, record) in records.dropFirst().enumerated() {
      guard record.count == header.count else {
        throw .data("\(path): record \(offset + 2) has \(record.count) fields, the header \(header.count)")
      }
      func number(_ index: Int) throws(CommandFailure) -> Double {
        guard let value = Double(record[index]), value.isFinite else {
          throw .data("\(path): record \(offset + 2), column \(header[index]): '\(record[index])' is not a number")
        }
        return value
      }
      let point = LinePlot.Point(
        x: try number(xColumn), y: try number(yColumn),
        low: try lowColumn.map { (index: Int) throws(CommandFailure) in try number(index) },
        high: try highColumn.map { (index: Int) throws(CommandFailure) in try number(index) })
      let name = seriesColumn.map { record[$0] } ?? ""
      if let index = names.firstIndex(of: name) {
        points[index].append(point)
      } else {
        names.append(name)
        points.append([point])
      }
    }
    let plot = LinePlot(
      title: title ?? "\(y) against \(x)", xLabel: x, yLabel: y,
      series: zip(names, points).map { LinePlot.Series(name: $0.0, points: $0.1) })
    try OutputFile.write(plot.svg, to: out, force: force)
    output.write("wrote \(out): \(names.count) series, \(records.count - 1) points\n")
  }
}
