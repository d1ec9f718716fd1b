import FaultSim

/// `faultsim sweep`: every seed of a range for every cell of a parameter
/// grid, one CSV row per cell — on every core, resumable, shardable.
struct SweepCommand: Subcommand {
  static let scenario = ArgumentDeclaration.positional(
    "<scenario>", completion: .file(extensions: ["json"]), "A scenario file (JSON), or the name of a shipped scenario.")
  static let seedsOption = ArgumentDeclaration.option(
    "--seeds", "<A..<B>", required: true,
    "The seeds to run in every cell: A..<B, A...B or a single seed (quote it in a shell: '0..<1000').")
  static let setOption = ArgumentReader.overridesOption("Override a value in every cell.")
  static let varyOption = ArgumentDeclaration.option(
    "--vary", "<key.path=v1,v2,...>", repeatable: true, completion: .keyPaths,
    "Vary a value; the grid is the cartesian product of all --vary lists, the first varying slowest.")
  static let outOption = ArgumentDeclaration.option(
    "--out", "<file>", completion: .file(extensions: []),
    "Write the CSV to a file (atomically) instead of standard output.")
  static let forceFlag = ArgumentDeclaration.flag("--force", "Replace --out if it exists, and discard a checkpoint.")
  static let jobsOption = ArgumentDeclaration.integer(
    "--jobs", "<n>", in: 1...1_024, default: .described("the number of cores"),
    "Worker threads. The table is byte-identical for every value.")
  static let interleavingsOption = ArgumentDeclaration.integer(
    "--interleavings", "<k>", in: 1...1_000, default: .integer(8),
    "Orders tried per seed that meets a race, for order_sensitive_rate; 1 runs FIFO only.")
  static let shardOption = ArgumentDeclaration.option(
    "--shard", "<K/N|auto>",
    "Run only the K-th of N slices of the (cell, seed) space and write a partial table for 'faultsim merge'. "
      + "'auto' reads the array task's number from the environment of "
      + SweepShard.schedulers.dropLast().map(\.name).joined(separator: ", ") + " or "
      + (SweepShard.schedulers.last?.name ?? "")
      + " (the variables are in 'faultsim man', ENVIRONMENT).")
  static let resumeFlag = ArgumentDeclaration.flag("--resume", "Continue an interrupted sweep from its checkpoint.")
  static let quietFlag = ArgumentDeclaration.flag("--quiet", short: "-q", "No progress line on standard error.")

  static let info = CommandInfo(
    name: "sweep",
    abstract: "Run a range of seeds over a grid of parameter values and write one CSV row per cell.",
    arguments: [
      scenario, seedsOption, setOption, varyOption, outOption, forceFlag, jobsOption, interleavingsOption,
      shardOption, resumeFlag, quietFlag, MemoryBudget.declaration, WorkLimit.declaration, TableGate.declaration,
      StrictOption.declaration,
    ],
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

  var path: String
  var request: SweepRequest
  var out: String?
  var force: Bool
  var interleavings: Int
  var jobs: Int
  var shard: SweepShard?
  var resume: Bool
  var quiet: Bool
  var budget: MemoryBudget
  var workLimit: WorkLimit
  var gate: TableGate
  var strict: Bool
  /// Whether `--jobs` and `--interleavings` were given (not defaults).
  var jobsGiven: Bool
  var interleavingsGiven: Bool

  init(_ arguments: inout ArgumentReader) throws(CommandFailure) {
    strict = StrictOption.read(&arguments)
    jobsGiven = arguments.has(Self.jobsOption)
    interleavingsGiven = arguments.has(Self.interleavingsOption)
    force = arguments.flag(Self.forceFlag)
    resume = arguments.flag(Self.resumeFlag)
    quiet = arguments.flag(Self.quietFlag)
    budget = try MemoryBudget(&arguments, environment: Host.environment)
    workLimit = try WorkLimit(&arguments)
    gate = try TableGate(&arguments)
    out = try arguments.outputPath(Self.outOption)
    interleavings = try arguments.integer(Self.interleavingsOption)
    jobs = try arguments.givenInteger(Self.jobsOption) ?? Host.activeProcessorCount
    if let text = try arguments.value(Self.shardOption) {
      do {
        shard = try SweepShard(parsing: text, environment: Host.environment)
      } catch {
        throw arguments.usageError("--shard \(text): \(error)")
      }
    }
    let seedText = try arguments.requiredValue(Self.seedsOption)
    let seeds: SeedRange
    do {
      seeds = try SeedRange(parsing: seedText)
    } catch {
      throw arguments.usageError(error.description)
    }
    let settings = try arguments.overrides(Self.setOption)
    var axes: [SweepGrid.Axis] = []
    for text in try arguments.values(Self.varyOption) {
      do {
        axes.append(try SweepGrid.Axis(parsing: text))
      } catch {
        throw arguments.usageError("--vary \(ScenarioOverride.abbreviated(text)): \(error)")
      }
    }
    path = try arguments.positional(Self.scenario)
    try arguments.finish()
    if let shard, shard != .whole, !gate.conditions.isEmpty {
      throw arguments.usageError(
        "--fail-if applies to a final table, and a shard writes a part of one; give it to 'faultsim merge' instead")
    }
    do {
      request = try SweepRequest(
        settings: settings, grid: SweepGrid(axes: axes), seeds: seeds,
        interleavings: interleavingsGiven ? interleavings : nil, shard: shard ?? .whole)
    } catch {
      throw arguments.usageError(error.description)
    }
  }

  func run(_ output: inout Output) throws(CommandFailure) {
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

  /// Renders the plan of the scenario's world: what it refuses, its
  /// warnings, its progress and its table.
  struct SweepRenderer: SweepPlanVisitor {
    let command: SweepCommand
    var output: Output

    func failure(_ error: SweepPlanError) -> CommandFailure {
      switch error {
      case .sweep(.scenario(let scenarioError)): .scenario(scenarioError)
      case .sweep(.tooLarge(let message)), .sweep(.invalidGrid(let message)):
        .usage(message, command: SweepCommand.info)
      case .sweep(.simulation(let simulationError)): .simulation(simulationError, scenario: command.path)
      case .overMemoryBudget(let estimate, let lower):
        command.budget.refusal(estimate, lower: lower, scenario: command.path)
      }
    }

    mutating func visit<World: PluggableWorld>(_ plan: SweepPlan<World>) throws(CommandFailure) {
      try command.render(plan, &output)
    }
  }

  /// Runs a plan: checks what only the command knows (the columns of
  /// --fail-if, the work limit, the output file, the checkpoint), reports
  /// the warnings, runs it with a progress line and writes the table.
  func render<World: PluggableWorld>(_ plan: SweepPlan<World>, _ output: inout Output) throws(CommandFailure) {
    try gate.check(columns: plan.columns, command: Self.info)
    try workLimit.check(World.self, plan.cellOptions, scenario: path)
    if let out { try OutputFile.checkWritable(out, force: force) }
    // Shards sharing a directory (an array job writing to standard output)
    // each keep their own checkpoint.
    let part = shard.map { $0 == .whole ? "" : "-shard-\($0.index)-of-\($0.count)" } ?? ""
    let checkpoint = (out ?? "faultsim-sweep-\(plan.sweep.digest)\(part)") + ".checkpoint"
    var resumed: PartialTable?
    if resume {
      guard OutputFile.exists(checkpoint) else {
        throw .missingInput("no checkpoint at \(checkpoint) to resume from; run without --resume to start")
      }
      let text = try InputText.read(checkpoint, kind: "checkpoint")
      do {
        resumed = try PartialTable(parsing: text, file: checkpoint)
      } catch {
        throw .data("cannot resume: \(error)\n\(Self.startOver)")
      }
    } else if OutputFile.exists(checkpoint) && !force {
      throw .cannotCreate(
        "\(checkpoint) holds an interrupted run of a sweep; pass --resume to continue it or --force to start over")
    }
    let execution: SweepExecution<World>
    do {
      execution = try plan.execution(resume: resumed)
    } catch {
      throw .data("cannot resume: \(error)\n\(Self.startOver)")
    }
    var warnings = Warnings()
    for warning in plan.warnings(jobs: jobsGiven ? jobs : nil, workItems: execution.workItems) {
      warnings.add(warning)
    }
    if force && resume && out == nil {
      warnings.add(flag: "--force", "with --resume and no --out there is nothing to replace or discard")
    }
    try warnings.report(strict: strict, after: &output)
    let progress = ProgressLine(enabled: !quiet, initialSeeds: execution.seedsDone)
    let saver = CheckpointSaver(path: checkpoint)
    let watch = RunWatch(
      eventLimit: workLimit.events(World.self, plan.cellOptions),
      memoryLimit: budget.limit(jobs: plan.workers, lower: World.sizeKey + (plan.workers > 1 ? " or --jobs" : "")))
    let resumeCommand = resumeCommand
    let signals = InterruptSignals(
      first: { _ in
        execution.cancel()
        watch.requestStop()
      },
      again: { hurry in
        // Stop waiting for the workers: the chunks in progress would be
        // dropped anyway, and the finished ones are saved first.
        saver.saveAndExit({ execution.partialTable().csv }) { failure in
          progress.finish()
          InterruptSignals.exitNow(
            failure ?? .interrupted(Self.interruptedMessage(execution, checkpoint, resumeCommand, hurry: hurry)))
        }
      })
    defer { signals.cancel() }
    let completed: Bool
    do {
      completed = try execution.run(jobs: jobs, watch: watch) { _ in
        progress.update(Self.snapshot(execution))
        saver.saveIfDue { execution.partialTable().csv }
      }
    } catch {
      progress.finish()
      throw workLimit.failure(error, scenario: path)
    }
    progress.update(Self.snapshot(execution), force: true)
    progress.finish()
    guard completed else {
      try saver.save { execution.partialTable().csv }
      throw .interrupted(Self.interruptedMessage(execution, checkpoint, resumeCommand, hurry: nil))
    }
    let text: String
    if let shard, shard != .whole {
      text = execution.partialTable().csv
    } else if let table = execution.table() {
      text = table
    } else {
      throw .software("the sweep finished but a cell has no result")
    }
    try saver.finish { () throws(CommandFailure) in
      if let out {
        try OutputFile.write(text, to: out, force: force)
      } else {
        output.write(text)
      }
    }
    if shard == nil || shard == .whole {
      output.flush()
      try gate.enforce(on: text, axes: plan.request.grid.axes.count)
    }
  }

  /// What an interrupted sweep says: how far it got, where the finished
  /// work is, and how to continue; `hurry` says why it stopped at once,
  /// if it did.
  static func interruptedMessage<World: ScenarioWorld>(
    _ execution: SweepExecution<World>, _ checkpoint: String, _ resumeCommand: String, hurry: InterruptSignals.Hurry?
  ) -> String where World.Options: Sendable {
    let done = execution.progress
    let how = hurry.map { "\($0) " } ?? "interrupted "
    return "\(how)after \(done.seedsDone) of \(done.seedsPlanned) seeds; the finished work is in \(checkpoint).\n"
      + "Continue with: \(resumeCommand)"
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

  /// What to do with a checkpoint that cannot be resumed.
  static let startOver = "To start the sweep over, run the same command with --force instead of --resume."

  static func snapshot<World: ScenarioWorld>(
    _ execution: SweepExecution<World>
  ) -> (cells: Int, cellsTotal: Int, seeds: UInt64, seedsTotal: UInt64) where World.Options: Sendable {
    let progress = execution.progress
    return (progress.cellsDone, progress.cellsPlanned, progress.seedsDone, progress.seedsPlanned)
  }

  /// The command line that continues this sweep.
  var resumeCommand: String {
    var arguments = CommandLine.arguments
    arguments[0] = "faultsim"
    if !arguments.contains("--resume") { arguments.append("--resume") }
    return arguments.map(ReplayCommand.quote).joined(separator: " ")
  }
}
