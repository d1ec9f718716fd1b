import FaultSim

/// A subcommand that works on whichever world its scenario names.
protocol WorldCommand {
  /// Does the work for one world.
  func run<World: ScenarioWorld>(
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
      scenario = try Scenario.load(path: path, overrides: overrides)
    } catch {
      throw .scenario(error)
    }
    switch scenario.world {
    case .request(let options): try run(RequestWorld.self, options, scenario, &output)
    case .transfer(let options): try run(TransferWorld.self, options, scenario, &output)
    case .backgroundFetch(let options): try run(BackgroundFetchWorld.self, options, scenario, &output)
    }
  }
}
