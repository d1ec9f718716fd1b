import FaultSim

/// `faultsim sweep`: every seed of a range for every cell of a parameter
/// grid, one CSV row per cell — on every core, resumable, shardable.
struct SweepCommand: Subcommand {
  static let name = "sweep"
  static let abstract = "Run a range of seeds over a grid of parameter values and write one CSV row per cell."

  static let info = CommandInfo(
    name: name,
    abstract: abstract,
    arguments: declaredArguments,
    discussion: [
      "Progress (cells, seeds, rate, elapsed, ETA) is drawn on standard error when it is a terminal. SIGINT or SIGTERM stops the sweep within a fraction of a second, mid-seed too, and keeps a checkpoint of the finished work next to the output (<out>.checkpoint, or faultsim-sweep-<digest>[-shard-K-of-N].checkpoint without --out); the seeds that were running run again on resume. Run the same command with --resume to continue: the final table is byte-identical to an uninterrupted run. A second signal, or half a second without the sweep ending, saves the checkpoint and exits at once; either way the status is 130.",
      Self.columnsHelp,
    ],
    examples: [
      "faultsim sweep scenarios/checkout-reference.json --seeds '0..<20' --vary network.responseLoss=0.05,0.1,0.2",
      "faultsim sweep scenarios/retry-storm.json --seeds '0..<10' --vary client.backoff.jitter=none,full,equal,decorrelated --out storm.csv",
      "faultsim sweep scenarios/checkout-reference.json --seeds '0..<1000' --shard 2/4 --out part-2.csv",
      "faultsim sweep checkout-keyed --seeds '0..<100' --vary network.responseLoss=0.1,0.3 --fail-if 'duplicate_rate_hi>0.001'",
    ]
  )

  @Argument(
    .positional(
      "<scenario>", completion: .file(extensions: ["json"]),
      "A scenario file (JSON), or the name of a shipped scenario.")
  )
  var path: String
  @Argument(
    .option(
      "--seeds", "<A..<B>", required: true,
      "The seeds to run in every cell: A..<B, A...B or a single seed (quote it in a shell: '0..<1000')."),
    read: SweepCommand.seedRange)
  var seeds: SeedRange
  @Argument(ArgumentReader.overridesOption("Override a value in every cell.")) var settings: [ScenarioOverride]
  @Argument(
    .option(
      "--vary", "<key.path=v1,v2,...>", repeatable: true, completion: .keyPaths,
      "Vary a value; the grid is the cartesian product of all --vary lists, the first varying slowest."),
    read: SweepCommand.axes)
  var axes: [SweepGrid.Axis]
  @Argument(
    .option(
      "--out", "<file>", completion: .file(extensions: []),
      "Write the CSV to a file (atomically) instead of standard output."),
    read: { arguments, declaration throws(CommandFailure) in try arguments.outputPath(declaration) })
  var out: String?
  @Argument(.flag("--force", "Replace --out if it exists, and discard a checkpoint.")) var force: Bool
  @Argument(
    .integer(
      "--jobs", "<n>", in: 1...1_024, default: .described("the number of cores"),
      "Worker threads. The table is byte-identical for every value."))
  var givenJobs: Int?
  @Argument(
    .integer(
      "--interleavings", "<k>", in: 1...1_000, default: .integer(SweepRequest.defaultInterleavings),
      "Orders tried per seed that meets a race, for order_sensitive_rate; 1 runs FIFO only."))
  var interleavings: Int
  @Argument(
    .option(
      "--shard", "<K/N|auto>",
      "Run only the K-th of N slices of the (cell, seed) space and write a partial table for 'faultsim merge'. "
        + "'auto' reads the array task's number from the environment of "
        + SweepShard.schedulers.dropLast().map(\.name).joined(separator: ", ") + " or "
        + (SweepShard.schedulers.last?.name ?? "")
        + " (the variables are in 'faultsim man', ENVIRONMENT)."),
    read: SweepCommand.shard)
  var shard: SweepShard?
  @Argument(.flag("--resume", "Continue an interrupted sweep from its checkpoint.")) var resume: Bool
  @Argument(.flag("--quiet", short: "-q", "No progress line on standard error.")) var quiet: Bool
  @Argument() var budget: MemoryBudget
  @Argument() var workLimit: WorkLimit
  @Argument() var gate: TableGate
  @Argument(StrictOption.declaration) var strict: Bool

  /// Worker threads: `--jobs`, or one per core.
  var jobs: Int { givenJobs ?? Processors.active }

  func validate(_ arguments: ArgumentReader) throws(CommandFailure) {
    if let shard, shard != .whole, !gate.conditions.isEmpty {
      throw arguments.usageError(
        "--fail-if applies to a final table, and a shard writes a part of one; give it to 'faultsim merge' instead")
    }
  }

  /// What the command line asks to sweep, checked: a grid that repeats an
  /// experiment or is too large is a usage error before any file is read.
  func request() throws(CommandFailure) -> SweepRequest {
    do {
      return try SweepRequest(
        settings: settings, grid: SweepGrid(axes: axes), seeds: seeds,
        interleavings: $interleavings.isGiven ? interleavings : nil, shard: shard ?? .whole)
    } catch {
      throw .usage(error.description, command: Self.info)
    }
  }

  /// `--seeds A..<B`.
  static func seedRange(
    _ arguments: inout ArgumentReader, _ declaration: ArgumentDeclaration
  ) throws(CommandFailure) -> SeedRange {
    let text = try arguments.requiredValue(declaration)
    do {
      return try SeedRange(parsing: text)
    } catch {
      throw arguments.usageError(error.description)
    }
  }

  /// Every `--vary key.path=v1,v2,…`.
  static func axes(
    _ arguments: inout ArgumentReader, _ declaration: ArgumentDeclaration
  ) throws(CommandFailure) -> [SweepGrid.Axis] {
    var axes: [SweepGrid.Axis] = []
    for text in try arguments.values(declaration) {
      do {
        axes.append(try SweepGrid.Axis(parsing: text))
      } catch {
        throw arguments.usageError("--vary \(ScenarioOverride.abbreviated(text)): \(error)")
      }
    }
    return axes
  }

  /// `--shard K/N` or `--shard auto`.
  static func shard(
    _ arguments: inout ArgumentReader, _ declaration: ArgumentDeclaration
  ) throws(CommandFailure) -> SweepShard? {
    guard let text = try arguments.value(declaration) else { return nil }
    do {
      return try SweepShard(parsing: text, environment: Host.environment)
    } catch {
      throw arguments.usageError("--shard \(text): \(error)")
    }
  }

  func run(_ output: inout Output) throws(CommandFailure) {
    let request = try request()
    let bytes: [UInt8]
    do {
      bytes = try ScenarioArgument.bytes(path)
    } catch {
      throw .scenario(error)
    }
    var renderer = SweepRenderer(command: self, output: output)
    defer { output = renderer.output }
    try request.open(
      file: path, bytes: bytes, limits: .init(jobs: jobs, memoryBytes: budget.bytes), &renderer)
  }

  /// The help's paragraph on the columns, made from the default world's
  /// metric tables, so it cannot drift from the header.
  static var columnsHelp: String {
    let columns = SweepColumnsSummary.defaultWorld
    return "The output is RFC 4180 CSV, one row per cell in grid order: one column per varied key path, then, for "
      + "the \(columns.world) world: \(columns.metrics.joined(separator: ", ")), then one column per fault kind "
      + "(\(columns.faults.prefix(2).joined(separator: ", ")), …: faults fired) and race kind "
      + "(\(columns.races.prefix(1).joined(separator: ", ")), …: races met), then "
      + columns.trailing.joined(separator: ", ")
      + (columns.appended.isEmpty ? "" : ", then \(columns.appended.joined(separator: ", "))")
      + ". Columns ending in _lo and _hi are 95% Wilson intervals; order_sensitive_rate is the share of seeds in "
      + "which two of at most --interleavings orders of the same faults end differently. The other worlds have "
      + "their own columns; see docs/metrics.md."
  }
}
