import FaultSim

/// The rendering of a sweep's plan: what the plan refuses, as the
/// command's failures; its warnings; the run, with a progress line, a
/// checkpoint and a stop on SIGINT or SIGTERM; and the table.
extension SweepCommand {
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
    let checkpoint = checkpointPath(digest: plan.sweep.digest)
    let resumed = try resumedCheckpoint(at: checkpoint)
    let execution: SweepExecution<World>
    do {
      execution = try plan.execution(resume: resumed)
    } catch {
      throw .data("cannot resume: \(error)\n\(Self.startOver)")
    }
    var warnings = Warnings()
    for warning in plan.warnings(jobs: givenJobs, workItems: execution.workItems) {
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
      memoryLimit: budget.limit(
        jobs: plan.workers, lower: World.engine.sizeKey + (plan.workers > 1 ? " or --jobs" : "")))
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
