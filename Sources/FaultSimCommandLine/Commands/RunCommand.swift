import FaultSim

/// `faultsim run`: one seed of a scenario, its metrics, and optionally its
/// timeline.
struct RunCommand: Subcommand, WorldCommand {
  static let name = "run"
  static let abstract = "Run one seed of a scenario and print its metrics (and, with --trace, its timeline)."

  static let info = CommandInfo(
    name: name,
    abstract: abstract,
    arguments: declaredArguments,
    examples: [
      "faultsim run scenarios/checkout-reference.json --seed 42",
      "faultsim run scenarios/checkout-keyed.json --seed 7 --set workload.operations=3 --trace",
      "faultsim run checkout-keyed --seed 7 --report json --fail-if 'duplicated>0'",
    ]
  )

  @Argument(
    .positional(
      "<scenario>", completion: .file(extensions: ["json"]),
      "A scenario file (JSON), e.g. scenarios/checkout-reference.json, or the name of a scenario that ships with FaultSim (faultsim scenarios lists them)."
    ))
  var path: String
  @Argument(
    .option(
      "--seed", "<n>", default: .integer(0), "The seed. The same scenario and seed always give the same output."))
  var seed: UInt64
  @Argument(
    .flag(
      "--trace",
      "Print the timeline first: one line per event (virtual time, actor, event, details), written as the run goes."))
  var trace: Bool
  @Argument(
    .choice(
      "--format", TraceFormat.allCases.map(\.rawValue), default: TraceFormat.text.rawValue, implies: "--trace",
      "The timeline's format: text (followed by the metrics), json (JSON Lines, one object per event, for tools; nothing else is printed), or mermaid (a Mermaid sequenceDiagram of apps, network, server and OS daemon that renders in GitHub Markdown; nothing else is printed). Lost messages end in the network with a cross; race choices are notes."
    ))
  var format: TraceFormat
  @Argument(
    .choice(
      "--report", RunReportFormat.allCases.map(\.rawValue), default: RunReportFormat.text.rawValue,
      "The report's format: text (aligned 'name: value' lines) or json (one JSON object: the same lines, the run's values named like the sweep table's columns, and the replay command; for CI jobs). Not with --trace."
    ))
  var report: RunReportFormat
  @Argument(ArgumentReader.overridesOption("Override a scenario value, e.g. --set network.responseLoss=0.2."))
  var overrides: [ScenarioOverride]
  @Argument() var strategy: OrderStrategy
  @Argument(TableGate.runDeclaration) var gate: TableGate
  @Argument() var budget: MemoryBudget
  @Argument() var workLimit: WorkLimit
  @Argument(StrictOption.declaration) var strict: Bool

  /// Whether `--order` was given (FIFO is also the default).
  var orderGiven: Bool { $strategy.isGiven }

  func validate(_ arguments: ArgumentReader) throws(CommandFailure) {
    if report == .json && (trace || $format.isGiven) {
      throw arguments.usageError(
        "--report json prints one JSON object and --trace a timeline before it; run once with each, or use --format json for the timeline as JSON Lines"
      )
    }
  }

  func run(_ output: inout Output) throws(CommandFailure) {
    try runScenario(path: path, overrides: overrides, &output)
  }

  func run<World: PluggableWorld>(
    _ world: World.Type, _ options: World.Options, _ scenario: Scenario, _ output: inout Output
  ) throws(CommandFailure) {
    var warnings = Warnings()
    warnings.add(scenario.warnings)
    warnings.addShadowed(overrides.map { ("--set \($0)", $0.keyPath) })
    // A choice sequence is checked against the races met after the run:
    // one without races is refused there (surplus choices).
    let orderFlag = "--order \(ReplayCommand.orderText(strategy))"
    var orderIsSequence = false
    if case .replay = strategy { orderIsSequence = true }
    let racesPossible = World.engine.canMeetRace(options)
    if orderGiven && !orderIsSequence && !racesPossible {
      warnings.add(flag: orderFlag, "no race can be met in this scenario, so the order cannot matter")
    }
    try gate.check(columns: RunReport.columnNames(World.self), command: Self.info)
    try warnings.report(strict: strict, after: &output)
    try budget.check(World.self, [options], jobs: 1, scenario: path, trace: trace ? format : nil)
    try workLimit.check(World.self, [options], scenario: path)
    let watch = makeWatch(World.self, options)
    let result: (metrics: World.Metrics, summary: RunSummary)
    // The first error writing the trace; later chunks are dropped.
    var writeFailure: FileDescriptor.WriteError?
    let signals = InterruptSignals(stopping: watch, scenario: path)
    defer { signals.cancel() }
    do {
      if trace {
        // The timeline goes to standard output as the run goes, in chunks,
        // so memory does not grow with it.
        output.flush()
        let stream = TraceStream(format: format) { text in
          guard writeFailure == nil else { return }
          do throws(FileDescriptor.WriteError) { try Output.writeNow(text) } catch { writeFailure = error }
        }
        // Only the metrics are read: the runner folds finished entities
        // and forgets them, so memory grows with what is in flight, not
        // with the timeline or the entities run.
        let run = try World.makeRunner(options, streamingTraceTo: stream, watch: watch).run(seed, strategy)
        result = (run.metrics, run.summary)
        stream.finish()
      } else {
        // Only the metrics are read: the runner folds finished entities
        // and forgets them, so memory grows with what is in flight.
        let run = try World.makeRunner(options, watch: watch).run(seed, strategy)
        result = (run.metrics, run.summary)
      }
    } catch {
      throw workLimit.failure(error, scenario: path)
    }
    if let writeFailure {
      throw .cannotCreate("cannot write the trace to standard output: \(writeFailure)")
    }
    if case .replay(let sequence) = strategy,
      let mismatch = ChoiceSequenceMismatch.check(sequence, against: result.summary.choices)
    {
      throw .usage("--order \(ReplayCommand.orderText(strategy)): \(mismatch)", command: Self.info)
    }
    if report == .json {
      output.write(
        RunReport.json(
          World.self, scenario: scenario, seed: seed, metrics: result.metrics, summary: result.summary,
          replay: replayCommand))
    } else if !trace || format == .text {
      if trace { output.write("\n") }
      output.write(
        RunReport.render(World.self, scenario: scenario, seed: seed, metrics: result.metrics, summary: result.summary))
      output.write("replay: \(replayCommand)\n")
    }
    if orderGiven && !orderIsSequence && racesPossible && result.summary.choices.isEmpty {
      warnings.add(flag: orderFlag, "this run met no race, so the order did not matter")
      try warnings.report(strict: strict, after: &output)
    }
    guard !gate.conditions.isEmpty else { return }
    let columns = RunReport.columns(World.self, metrics: result.metrics, summary: result.summary)
    let failing = gate.failures(header: columns.names, record: columns.fields, place: "seed \(seed)")
    if !failing.isEmpty {
      output.flush()
      throw .gate(failing.map { "--fail-if: \($0)" }.joined(separator: "\n"))
    }
  }

  /// The run's watch: every check this command's run gets while it goes
  /// (the work limit, the memory budget, and a stop on SIGINT or SIGTERM).
  func makeWatch<World: PluggableWorld>(_ world: World.Type, _ options: World.Options) -> RunWatch {
    RunWatch(
      eventLimit: workLimit.events(World.self, options), memoryLimit: budget.limit(jobs: 1, lower: World.engine.sizeKey)
    )
  }

  /// The command that reproduces this run.
  var replayCommand: String {
    ReplayCommand.run(
      scenario: path, seed: seed, overrides: overrides.map(\.description),
      order: strategy == .fifo ? nil : ReplayCommand.orderText(strategy),
      format: format == .text ? nil : format.rawValue)
  }
}
