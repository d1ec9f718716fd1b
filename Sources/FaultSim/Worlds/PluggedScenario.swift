/// A scenario file's world with some of its decisions given in Swift: your
/// retry policy, your server's handler, your app's reconcile — run under the
/// scenario's network, clock and faults.
///
/// Made by a world's plugging call, such as
/// ``Scenario/requestWorld(client:handler:)``. It runs, sums, sweeps and
/// checks properties the way a scenario of a built-in world does, with the
/// same determinism: the same scenario, decisions and seed give the same
/// run, byte for byte, in any process.
///
/// ```swift
/// let world = try Scenario.shipped("checkout-reference").requestWorld(client: NaiveRetry())
/// let run = try world.runOnce(seed: 42)
/// print(run.metrics.duplicated, "orders recorded twice")
/// let table = try world.sweep(seeds: 0..<4, vary: ["network.responseLoss=0.05,0.2"])
/// print(table)
/// ```
public struct PluggedScenario<World: ScenarioWorld>: Sendable where World.Options: Sendable {
  /// The scenario file the world comes from, with its overrides.
  @usableFromInline package let scenario: Scenario
  /// The world's options: the scenario's, with the decisions.
  package let options: World.Options
  /// A sweep cell's options from its scenario's world: the same decisions
  /// over the cell's values.
  let configure: @Sendable (Scenario.World) -> World.Options?
  /// The scenario's own warnings, then the options it sets that the
  /// decisions or code given in Swift replace, so that they cannot affect
  /// the run (`client.attempts` when your code decides retries, say).
  public let warnings: [ScenarioWarning]

  /// A plugged scenario; `configure` gives any cell of a sweep its options
  /// (the same decisions over the cell's scenario).
  package init(
    scenario: Scenario, replaced: [ScenarioWarning] = [],
    configure: @escaping @Sendable (Scenario.World) -> World.Options?
  ) throws(WrongWorldError) {
    guard let options = configure(scenario.world) else {
      throw WrongWorldError(file: scenario.file, found: scenario.world.name, expected: World.worldName)
    }
    self.scenario = scenario
    self.options = options
    self.configure = configure
    warnings = scenario.warnings + replaced
  }

  /// Runs one seed.
  ///
  /// - Parameters:
  ///   - seed: The seed every keyed draw of the run derives from.
  ///   - strategy: How races are ordered.
  ///   - tracing: Whether the run records its timeline in ``WorldRun/trace``.
  /// - Complexity: O(events of the run).
  public func runOnce(
    seed: UInt64, strategy: OrderStrategy = .fifo, tracing: Bool = false
  ) throws(SimulationError) -> WorldRun<World.Metrics, World.FinalState> {
    try World.runOnce(options, seed: seed, strategy: strategy, tracing: tracing)
  }

  /// The timeline of one seed, one line per event, as `faultsim run
  /// --trace` prints it.
  ///
  /// - Complexity: O(events of the run).
  public func trace(seed: UInt64, strategy: OrderStrategy = .fifo) throws(SimulationError) -> String {
    try runOnce(seed: seed, strategy: strategy, tracing: true).trace.map { "\($0)\n" }.joined()
  }

  /// Runs every seed of a range on one reused simulation and sums the
  /// metrics (empty metrics for an empty range).
  ///
  /// - Complexity: O(seeds × events per run).
  public func measure(seeds: Range<UInt64>) throws(SimulationError) -> World.Metrics {
    guard !seeds.isEmpty else { return World.Metrics() }
    return try World.measure(options, seeds: SeedRange(uncheckedLower: seeds.lowerBound, upper: seeds.upperBound))
  }

  /// The sweep of this world over a grid, as `faultsim sweep` writes it:
  /// a CSV header and one row per cell, byte-identical to the command's
  /// table when the decisions are the built-in ones.
  ///
  /// - Parameters:
  ///   - seeds: The seeds every cell runs.
  ///   - settings: `key.path=value` overrides every cell applies (after
  ///     the scenario's own).
  ///   - vary: `key.path=v1,v2,…` axes; the first varies slowest.
  ///   - interleavings: Interleavings tried per seed that meets a race.
  ///   - jobs: Worker threads.
  /// - Throws: ``SeedRangeError`` for an empty range, `SweepError` for a
  ///   bad setting, axis or cell, `SimulationError` from a run.
  /// - Complexity: O(cells × seeds × events per run) / `jobs`.
  public func sweep(
    seeds: Range<UInt64>, settings: [String] = [], vary: [String] = [], interleavings: Int = 8, jobs: Int = 1
  ) throws -> String {
    var overrides = scenario.overrides
    var axes: [SweepGrid.Axis] = []
    do {
      for setting in settings { overrides.append(try ScenarioOverride(parsing: setting)) }
      for axis in vary { axes.append(try SweepGrid.Axis(parsing: axis)) }
    } catch {
      throw SweepError.invalidGrid("\(error)")
    }
    let sweep = try Sweep<World>(
      file: scenario.file, bytes: scenario.source, settings: overrides, grid: SweepGrid(axes: axes),
      seeds: try SeedRange(seeds.lowerBound, seeds.upperBound), interleavings: interleavings, configure: configure)
    let execution = SweepExecution(sweep: sweep)
    _ = try execution.run(jobs: jobs)
    guard let table = execution.table() else {
      throw SimulationError.model("the sweep did not finish every cell")
    }
    return table
  }
}

/// A scenario of one world where another was expected: plugging decisions
/// of the request world into a transfer scenario, say.
public struct WrongWorldError: Error, Sendable, CustomStringConvertible {
  /// The scenario file.
  @usableFromInline package var file: String
  /// The world the scenario runs.
  @usableFromInline package var found: String
  /// The world the decisions are for.
  @usableFromInline package var expected: String

  /// `scenarios/podcast.json is a transfer world; these decisions are for the request world`.
  public var description: String {
    "\(file) is a \(found) world; these decisions are for the \(expected) world"
  }
}

extension PluggedScenario {
  /// Every interleaving of one seed's races and of your code's concurrent
  /// tasks (the same faults each time), at most `limit` orders: the
  /// distinct final states and the sensitivity class, as `faultsim
  /// explore` reports them for a scenario file.
  ///
  /// Orders with fewer deviations from FIFO come first by default: user
  /// code meets many choice points (every moment two of its tasks are
  /// ready), and within a limit it is every small deviation that finds a
  /// bug, not every order of the last few tasks.
  ///
  /// - Complexity: `min(limit, orders) + 1` runs.
  public func explore(
    seed: UInt64, limit: Int = 1000, order: InterleavingExplorer.SearchOrder = .fewestDeviationsFirst
  ) throws(SimulationError) -> ScenarioExploration<World> {
    try ScenarioExploration<World>.explore(options, seed: seed, limit: limit, order: order)
  }
}
