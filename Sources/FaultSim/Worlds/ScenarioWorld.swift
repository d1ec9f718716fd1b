/// A world a scenario file can name: something `run`, `sweep` and
/// `explore` can drive without knowing its model.
///
/// What every world shows its users: its options, what a run measures, how
/// a run ends and its draw purposes (and its name, ``worldName``). How a
/// world runs,
/// shrinks and sizes its runs is FaultSim's own (``engine``): every world
/// is one of FaultSim's, and every command can open it from a scenario
/// (``Scenario/World/open(_:)``).
public protocol ScenarioWorld: SendableMetatype {
  /// The world's options, read from a scenario.
  associatedtype Options: Sendable
  /// What a run measures; sums over runs.
  associatedtype Metrics: WorldMetrics
  /// Everything that matters about how a run ended, to compare
  /// interleavings of one seed.
  associatedtype FinalState: WorldFinalState
  /// The world's draw purposes: its fault kinds and race kinds, for fault
  /// coverage in reports, sweep columns and properties.
  associatedtype Draws: DrawPurposeSet

  /// How the engine runs this world: made by FaultSim for each of its
  /// worlds, so that every run of the world — called generically or not —
  /// goes through code compiled for its concrete model.
  static var engine: WorldEngine<Self> { get }
}

extension ScenarioWorld {
  /// The name scenario files use in `"world"`: `request`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public static var worldName: String { engine.worldName }

  /// This world's options in a loaded scenario, if it is this world.
  ///
  /// ```swift
  /// if let options = RequestWorld.options(of: scenario.world) {
  ///   let run = try RequestWorld.runOnce(options, seed: 42)
  /// }
  /// ```
  ///
  /// - Complexity: O(1).
  public static func options(of world: Scenario.World) -> Options? {
    world.options(for: Self.self)
  }

  /// Runs one seed.
  ///
  /// - Parameters:
  ///   - options: The world's options.
  ///   - seed: The seed every keyed draw of the run derives from.
  ///   - strategy: How races are ordered.
  ///   - tracing: Whether the run records its timeline in ``WorldRun/trace``.
  ///   - faults: How fault draws behave (recording or restricted when
  ///     shrinking).
  ///   - simplifiesValues: Whether value draws take their middle value.
  ///   - watch: What looks at the run while it goes (stops it when asked).
  /// - Complexity: O(events of the run).
  @inlinable
  package static func runOnce(
    _ options: Options, seed: UInt64, strategy: OrderStrategy, tracing: Bool, faults: FaultMode,
    simplifiesValues: Bool, watch: RunWatch?
  ) throws(SimulationError) -> WorldRun<Metrics, FinalState> {
    try engine.runOnce(options, seed, strategy, tracing, faults, simplifiesValues, watch)
  }

  @inlinable
  package static func runOnce(
    _ options: Options, seed: UInt64, strategy: OrderStrategy, tracing: Bool, faults: FaultMode,
    simplifiesValues: Bool
  ) throws(SimulationError) -> WorldRun<Metrics, FinalState> {
    // A run started from your code has the budget a command's run has.
    try runOnce(
      options, seed: seed, strategy: strategy, tracing: tracing, faults: faults, simplifiesValues: simplifiesValues,
      watch: try RunWatch.forRunsOfYourCode())
  }

  /// Runs one seed with live faults, streaming its timeline to `sink`:
  /// memory does not grow with the length of the timeline.
  ///
  /// - Parameters:
  ///   - options: The world's options.
  ///   - seed: The seed every keyed draw of the run derives from.
  ///   - strategy: How races are ordered.
  ///   - sink: Where the timeline goes, entry by entry.
  ///   - watch: What looks at the run while it goes (stops it when asked).
  /// - Complexity: O(events of the run).
  @inlinable
  package static func runOnce(
    _ options: Options, seed: UInt64, strategy: OrderStrategy, streamingTraceTo sink: any TraceSink,
    watch: RunWatch? = nil
  ) throws(SimulationError) -> WorldRun<Metrics, FinalState> {
    try engine.runOnceStreaming(options, seed, strategy, sink, watch)
  }

  /// Runs one seed with live faults and random values.
  ///
  /// - Parameters:
  ///   - options: The world's options.
  ///   - seed: The seed every keyed draw of the run derives from.
  ///   - strategy: How races are ordered.
  ///   - tracing: Whether the run records its timeline in ``WorldRun/trace``.
  /// - Complexity: O(events of the run).
  @inlinable
  public static func runOnce(
    _ options: Options, seed: UInt64, strategy: OrderStrategy = .fifo, tracing: Bool = false
  ) throws(SimulationError) -> WorldRun<Metrics, FinalState> {
    try runOnce(options, seed: seed, strategy: strategy, tracing: tracing, faults: .live, simplifiesValues: false)
  }

  /// A simulation for many seeds in a row, reusing its buffers. Inlinable,
  /// so that a caller in another module gets code compiled for its world.
  /// Its runs report the digest of their final state, not the state
  /// (``dropFinalStates()``), so their memory grows with what is in flight.
  @inlinable
  package static func makeRunner(_ options: Options, watch: RunWatch?) -> WorldRunner<Metrics, FinalState> {
    engine.makeRunner(options, watch)
  }

  /// A simulation whose runs stream their timeline to `sink` and forget
  /// their entities as they finish (their final state's digest is kept).
  ///
  /// - Parameters:
  ///   - options: The world's options.
  ///   - sink: Where each run's timeline goes, entry by entry.
  ///   - watch: What looks at each run while it goes.
  /// - Complexity: Each run is O(events of the run); memory grows with the
  ///   entities in flight, not with the timeline.
  @inlinable
  package static func makeRunner(
    _ options: Options, streamingTraceTo sink: any TraceSink, watch: RunWatch?
  ) -> WorldRunner<Metrics, FinalState> {
    engine.makeRunnerStreaming(options, sink, watch)
  }

  /// A simulation for many seeds in a row, reusing its buffers, unwatched.
  @inlinable
  package static func makeRunner(_ options: Options) -> WorldRunner<Metrics, FinalState> {
    makeRunner(options, watch: nil)
  }

  /// Runs every seed of a range on one reused simulation and sums the
  /// metrics.
  ///
  /// - Parameters:
  ///   - options: The world's options.
  ///   - seeds: The seeds to run.
  ///   - strategy: How races are ordered.
  /// - Throws: `SimulationError` from a run, or when a sum overflows.
  /// - Complexity: O(seeds × events per run).
  @inlinable
  public static func measure(
    _ options: Options, seeds: SeedRange, strategy: OrderStrategy = .fifo
  ) throws(SimulationError) -> Metrics {
    let runner = makeRunner(options, watch: try RunWatch.forRunsOfYourCode())
    var total = Metrics()
    var seed = seeds.lowerBound
    while seed < seeds.upperBound {
      let metrics = try runner.run(seed, strategy).metrics
      do {
        try total.merge(metrics)
      } catch {
        throw .sumOverflow(error)
      }
      seed += 1
    }
    return total
  }
}
