import FaultSim

/// A subcommand that works on whichever world its scenario names.
protocol WorldCommand {
  /// Does the work for one world.
  func run<World: PluggableWorld>(
    _ world: World.Type, _ options: World.Options, _ scenario: Scenario, _ output: inout Output
  ) throws(CommandFailure)
}

extension WorldCommand {
  /// Loads the scenario and calls ``run(_:_:_:_:)`` with its world.
  func runScenario(
    path: String, overrides: [ScenarioOverride], _ output: inout Output
  ) throws(CommandFailure) {
    let scenario: Scenario
    do {
      scenario = try ScenarioArgument.load(path, overrides: overrides)
    } catch {
      throw .scenario(error)
    }
    var visitor = WorldCommandVisitor(command: self, scenario: scenario, output: output)
    defer { output = visitor.output }
    try scenario.world.open(&visitor)
  }
}

/// Calls a command's ``WorldCommand/run(_:_:_:_:)`` with its scenario's world.
struct WorldCommandVisitor<Command: WorldCommand>: WorldVisitor {
  typealias Result = Void
  typealias Failure = CommandFailure

  let command: Command
  let scenario: Scenario
  var output: Output

  mutating func visit<World: PluggableWorld>(
    _ world: World.Type, _ options: World.Options
  ) throws(CommandFailure) {
    try command.run(World.self, options, scenario, &output)
  }
}
