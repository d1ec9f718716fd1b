import FaultSim
import Foundation

/// `faultsim plot`: a line chart of a sweep table as SVG.
struct PlotCommand: Subcommand {
  static let info = CommandInfo(
    name: "plot",
    abstract: "Draw a sweep table as an SVG line chart with 95% interval bands.",
    usage:
      "faultsim plot <table.csv> --x <column> --y <column> [--series <column>]... [--title <text>] --out <plot.svg> [--force]",
    details: """
      ARGUMENTS:
        <table.csv>             A table written by 'faultsim sweep'.

      OPTIONS:
        --x <column>            The column on the horizontal axis (numbers), e.g. network.responseLoss.
        --y <column>            The column on the vertical axis, e.g. duplicate_rate. When the table has
                                <y>_lo and <y>_hi columns, the interval is drawn as a band.
        --series <column>       One line per value of this column, e.g. workload.kind (repeatable: one
                                line per combination). A table that varies a column not named here
                                (two --vary axes, one of them not --x) is refused with its name,
                                rather than drawn as one zig-zag line.
        --title <text>          The chart's title (default: y against x).
        --out <plot.svg>        Where to write the SVG (atomically); a name ending in another extension
                                (.png, .pdf) is refused.
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
  var series: [String]
  var title: String?
  var out: String
  var force: Bool

  init(_ arguments: inout ArgumentReader) throws(CommandFailure) {
    force = arguments.flag("--force")
    x = try arguments.requiredValue("--x", "<column>")
    y = try arguments.requiredValue("--y", "<column>")
    out = try arguments.requiredOutputPath("--out", "<plot.svg>")
    if let problem = Self.notSVG(out) { throw arguments.usageError(problem) }
    series = try arguments.values("--series")
    title = try arguments.value("--title")
    let positionals = try arguments.positionals()
    guard let path = positionals.first else { throw arguments.usageError("Missing expected argument '<table.csv>'") }
    guard positionals.count == 1 else { throw arguments.usageError("Unexpected argument '\(positionals[1])'") }
    self.path = path
  }

  /// Why `out` is not a name for an SVG file: a name with an extension
  /// other than `.svg` (`plot.png` would hold SVG text). Names without an
  /// extension, such as `/dev/stdout`, are accepted.
  static func notSVG(_ out: String) -> String? {
    let name = out.split(separator: "/").last.map(String.init) ?? out
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    let suffix = name[name.index(after: dot)...]
    guard suffix.lowercased() != "svg" else { return nil }
    let stem = out.dropLast(suffix.count + 1)
    return
      "--out \(out): plot writes SVG, not \(suffix.uppercased()); name the file \(stem).svg (convert it afterwards, e.g. 'rsvg-convert -o \(out) \(stem).svg')"
  }

  func run(_ output: inout Output) throws(CommandFailure) {
    try OutputFile.checkWritable(out, force: force)
    let text = try InputText.read(path, kind: "sweep table (CSV)")
    let plot: LinePlot
    do {
      plot = try PlotTable(parsing: text, file: path).plot(x: x, y: y, series: series, title: title)
    } catch {
      switch error.kind {
      case .data: throw .data(error.description)
      case .ambiguousLine: throw .usage(error.description, command: Self.info)
      }
    }
    try OutputFile.write(plot.svg, to: out, force: force)
    let points = plot.series.reduce(0) { $0 + $1.points.count }
    output.write("wrote \(out): \(plot.series.count) series, \(points) points\n")
  }
}
