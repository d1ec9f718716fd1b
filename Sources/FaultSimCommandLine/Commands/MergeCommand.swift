import FaultSim

/// `faultsim merge`: combines the partial tables of a sharded sweep.
struct MergeCommand: Subcommand {
  static let name = "merge"
  static let abstract = "Combine the partial tables of a sharded sweep into its final CSV."

  static let info = CommandInfo(
    name: name,
    abstract: abstract,
    arguments: declaredArguments,
    discussion: [
      "The result is byte-identical to running the sweep unsharded. Parts of different sweeps (scenario, --set, --vary, --seeds, --interleavings) or FaultSim versions, a shard given twice or missing, and seeds missing or covered twice are refused with a message. So are parts changed after FaultSim wrote them (every record carries a digest of its contents), counts that contradict each other (e.g. more duplicated than operations), and sums beyond 64 bits: exit 65, naming the file and record."
    ],
    examples: ["faultsim merge part-*.csv --out table.csv"]
  )

  /// What to do with a part that cannot be merged.
  static let rewrite = "Write that part again with its 'faultsim sweep --shard K/N' command, then merge."

  @Argument(
    .positional(
      "<part.csv>", repeatable: true, completion: .file(extensions: ["csv"]),
      "The partial tables written by 'faultsim sweep --shard K/N', one per shard."))
  var paths: [String]
  @Argument(
    .option(
      "--out", "<file>", completion: .file(extensions: []),
      "Write the table to a file (atomically) instead of standard output."),
    read: { arguments, declaration throws(CommandFailure) in try arguments.outputPath(declaration) })
  var out: String?
  @Argument(.flag("--force", "Replace --out if it exists.")) var force: Bool
  @Argument() var gate: TableGate

  func run(_ output: inout Output) throws(CommandFailure) {
    if force && out == nil {
      var warnings = Warnings()
      warnings.add(flag: "--force", "there is no --out to replace: the table goes to standard output")
      try warnings.report(strict: false, after: &output)
    }
    if let out { try OutputFile.checkWritable(out, force: force) }
    var parts: [(file: String, table: PartialTable)] = []
    for path in paths {
      let text = try InputText.read(path, kind: "partial table")
      do {
        parts.append((path, try PartialTable(parsing: text, file: path)))
      } catch {
        throw .data("\(error)\n\(Self.rewrite)")
      }
    }
    let table: String
    do throws(PartialTableError) {
      table = try PartialTable.merge(parts)
    } catch {
      throw .data("\(error)\n\(Self.rewrite)")
    }
    // The columns are known once the parts are read: check them before
    // anything is written.
    let header = (try? CSVReader.records(table))?.first ?? []
    try gate.check(columns: header, command: Self.info)
    if let out {
      try OutputFile.write(table, to: out, force: force)
    } else {
      output.write(table)
    }
    output.flush()
    try gate.enforce(on: table, axes: parts.first?.table.axes.count ?? 0)
  }
}
