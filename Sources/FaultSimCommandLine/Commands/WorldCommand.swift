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
///
/// Not generic over the command: a generic visitor's metadata is made at run
/// time from its mangled name, and checking that the command conforms scans
/// every conformance record of the binary, once per process (about 100,000
/// instructions, as much as a whole run of one order's events). The
/// command is called once per scenario, so the existential costs nothing.
struct WorldCommandVisitor: WorldVisitor {
  typealias Result = Void
  typealias Failure = CommandFailure

  let command: any WorldCommand
  let scenario: Scenario
  var output: Output

  mutating func visit<World: PluggableWorld>(
    _ world: World.Type, _ options: World.Options
  ) throws(CommandFailure) {
    try command.run(World.self, options, scenario, &output)
  }
}
