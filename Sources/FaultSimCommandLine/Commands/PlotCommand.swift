import FaultSim

/// `faultsim plot`: a line chart of a sweep table as SVG.
struct PlotCommand: Subcommand {
  static let name = "plot"
  static let abstract = "Draw a sweep table as an SVG line chart with 95% interval bands."

  static let info = CommandInfo(
    name: name,
    abstract: abstract,
    arguments: declaredArguments,
    examples: [
      "faultsim sweep scenarios/checkout-reference.json --seeds '0..<5' --vary network.responseLoss=0.05,0.1,0.2,0.3 --vary workload.kind=keyless-write,keyed-write --out table.csv",
      "faultsim plot table.csv --x network.responseLoss --y duplicate_rate --series workload.kind --out plot.svg",
    ]
  )

  @Argument(
    .positional("<table.csv>", completion: .file(extensions: ["csv"]), "A table written by 'faultsim sweep'."))
  var path: String
  @Argument(
    .option(
      "--x", "<column>", required: true, "The column on the horizontal axis (numbers), e.g. network.responseLoss."))
  var x: String
  @Argument(
    .option(
      "--y", "<column>", required: true,
      "The column on the vertical axis, e.g. duplicate_rate. When the table has <y>_lo and <y>_hi columns, the interval is drawn as a band."
    ))
  var y: String
  @Argument(
    .option(
      "--series", "<column>", repeatable: true,
      "One line per value of this column, e.g. workload.kind (one line per combination when repeated). A table that varies a column not named here (two --vary axes, one of them not --x) is refused with its name, rather than drawn as one zig-zag line."
    ))
  var series: [String]
  @Argument(.option("--title", "<text>", default: .described("<y> against <x>"), "The chart's title."))
  var title: String?
  @Argument(
    .option(
      "--out", "<plot.svg>", required: true, completion: .file(extensions: ["svg"]),
      "Where to write the SVG (atomically); a name ending in another extension (.png, .pdf) is refused."),
    read: PlotCommand.svgPath)
  var out: String
  @Argument(.flag("--force", "Replace --out if it exists.")) var force: Bool

  /// `--out`: a file name that is not refused by ``notSVG(_:)``.
  static func svgPath(
    _ arguments: inout ArgumentReader, _ declaration: ArgumentDeclaration
  ) throws(CommandFailure) -> String {
    let out = try arguments.requiredOutputPath(declaration)
    if let problem = notSVG(out) { throw arguments.usageError(problem) }
    return out
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
