import FaultSim

/// `faultsim explore`: every interleaving of one seed's races, grouped by
/// final state, with the sensitivity class and a witness.
struct ExploreCommand: Subcommand, WorldCommand {
  static let name = "explore"
  static let abstract = "Run every interleaving of one seed's races and show whether the order changes the outcome."

  static let info = CommandInfo(
    name: name,
    abstract: abstract,
    arguments: declaredArguments,
    discussion: [
      "Races are events the real system could deliver in either order (a transfer finishing while the app reconciles, a response arriving as its timeout fires). Each is a choice point; explore enumerates the choice sequences depth-first, replaying the run from the seed for each, so every order sees the same faults. It prints how many orders exist and ran, the distinct final states, and the class: order-sensitive when two orders end differently, repeat-sensitive when doing the world's key operation twice (an order placed twice, the relaunch reconcile run twice) changes the end. When order matters, a witness shows two orders and their different final states, FIFO first and then the order with the fewest deviations from it, with the command that replays each.",
      "Every order is a full run, and every order run is kept: before exploring, the FIFO run measures one order, and an exploration whose --limit orders would need more than the memory budget or more than \(ExplorationBound.maximumEvents.formatted) simulated events (minutes of work) is refused with the --limit that fits.",
    ],
    examples: [
      "faultsim explore scenarios/finish-enqueue-race.json",
      "faultsim explore scenarios/checkout-reference.json --seed 3 --set workload.operations=1 --set races.window=1s",
    ]
  )

  @Argument(
    .positional(
      "<scenario>", completion: .file(extensions: ["json"]),
      "A scenario file (JSON), or the name of a shipped scenario. Keep it small: every order is a full run."))
  var path: String
  @Argument(.option("--seed", "<n>", default: .integer(0), "The seed: the faults every order shares.")) var seed: UInt64
  @Argument(.integer("--limit", "<k>", in: 1...1_000_000, default: .integer(1_000), "The most orders to run."))
  var limit: Int
  @Argument(ArgumentReader.overridesOption("Override a scenario value.")) var overrides: [ScenarioOverride]
  @Argument() var budget: MemoryBudget
  @Argument(StrictOption.declaration) var strict: Bool

  /// Whether `--limit` was given (not the default).
  var limitGiven: Bool { $limit.isGiven }

  func run(_ output: inout Output) throws(CommandFailure) {
    try runScenario(path: path, overrides: overrides, &output)
  }

  func run<World: PluggableWorld>(
    _ world: World.Type, _ options: World.Options, _ scenario: Scenario, _ output: inout Output
  ) throws(CommandFailure) {
    var warnings = Warnings()
    warnings.add(scenario.warnings)
    warnings.addShadowed(overrides.map { ("--set \($0)", $0.keyPath) })
    if limitGiven && !World.engine.canMeetRace(options) {
      warnings.add(flag: "--limit \(limit)", "no race can be met in this scenario, so there is one order to run")
    }
    try warnings.report(strict: strict, after: &output)
    let watch = makeWatch(World.self)
    let signals = InterruptSignals(stopping: watch, scenario: path)
    defer { signals.cancel() }
    try ExplorationBound.check(
      World.self, options, seed: seed, limit: limit, budget: budget, scenario: path, watch: watch)
    let result: ScenarioExploration<World>
    do {
      result = try ScenarioExploration<World>.explore(options, seed: seed, limit: limit, watch: watch)
    } catch {
      throw .simulation(error, scenario: path)
    }
    let exploration = result.exploration
    let run = exploration.interleavings.count
    let orders =
      exploration.isComplete
      ? "\(run) of \(run) (complete)"
      : "\(run) run, at least \(exploration.knownOrders) exist (stopped at --limit \(limit))"
    let races = exploration.interleavings.first?.choices.count ?? 0
    var lines: [(String, String)] = [
      (
        "scenario",
        "\(FileName.display(scenario.name)) (\(FileName.display(scenario.file)), \(scenario.world.name) world, digest \(scenario.digest))"
      ),
      ("seed", "\(seed)"),
      ("races in FIFO run", "\(races)"),
      ("orders", orders),
      ("final states", "\(exploration.groups.count) distinct"),
    ]
    if let changes = result.repeatChanges {
      lines.append(
        ("repeat", "\(World.repeatedOperationOrReason): \(changes ? "the final state changes" : "no change")"))
    } else {
      lines.append(("repeat", "not probed: \(World.repeatedOperationOrReason)"))
    }
    if let sensitivity = result.sensitivity {
      lines.append(("class", "\(sensitivity)"))
    } else {
      lines.append(("class", result.isOrderSensitive ? "order-sensitive" : "order does not matter"))
    }
    let width = lines.map(\.0.count).max() ?? 0
    output.write(lines.map { "\($0.0):".rightPadded(to: width + 2) + $0.1 + "\n" }.joined())

    if let repeated = result.repeatedState, result.repeatChanges == true,
      let first = exploration.interleavings.first
    {
      output.write("\nrepeated (\(World.repeatedOperationOrReason)), where it differs:\n")
      for line in repeated.differences(from: first.outcome, limit: 10) { output.write("    \(line)\n") }
    }

    output.write("\ngroups (final states, in order of discovery):\n")
    for (number, group) in exploration.groups.enumerated() {
      let example = exploration.interleavings[group.members[0]].sequence
      output.write(
        "  state \(number + 1): \(group.members.count) order\(group.members.count == 1 ? "" : "s"), first: \(ReplayCommand.orderText(.replay(example)))\n"
      )
    }
    guard let witness = exploration.witness else {
      output.write(
        exploration.isComplete
          ? "\nEvery order ends in the same state: the order of these races does not matter for this seed.\n"
          : "\nNo explored order ends differently (the exploration stopped at the limit).\n")
      return
    }
    output.write("\nwitness: two orders of the same faults that end differently (shortest first)\n")
    for (label, order, other) in [("A", witness.first, witness.second), ("B", witness.second, witness.first)] {
      output.write("  order \(label): --order \(ReplayCommand.orderText(.replay(order.sequence)))\n")
      // Every choice point when there are few, else only the deviations.
      let shown = order.choices.count <= 8 ? order.choices : order.choices.filter { $0.chosen != 0 }
      for choice in shown {
        output.write("    \(choice.time)  \(choice)\(choice.chosen != 0 ? "  <- not FIFO" : "")\n")
      }
      if shown.count < order.choices.count {
        output.write("    (\(order.choices.count - shown.count) more choice points in FIFO order)\n")
      }
      output.write("    final state, where it differs:\n")
      for line in order.outcome.differences(from: other.outcome, limit: 10) { output.write("      \(line)\n") }
      let replay = ReplayCommand.run(
        scenario: path, seed: seed, overrides: overrides.map(\.description),
        order: ReplayCommand.orderText(.replay(order.sequence)))
      output.write("    replay: \(replay)\n")
    }
  }

  /// The runs' watch: every check this command's runs get while they go
  /// (the memory budget, and a stop on SIGINT or SIGTERM).
  func makeWatch<World: PluggableWorld>(_ world: World.Type) -> RunWatch {
    RunWatch(memoryLimit: budget.limit(jobs: 1, lower: World.engine.sizeKey))
  }
}
