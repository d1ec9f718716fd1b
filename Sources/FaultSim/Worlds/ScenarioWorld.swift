/// A world a scenario file can name: something `run`, `sweep` and
/// `explore` can drive without knowing its model.
public protocol ScenarioWorld: SimulationModel, SendableMetatype {
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

  /// The name scenario files use in `"world"`.
  static var worldName: String { get }

  /// This world's options in a loaded scenario, if it is this world.
  static func options(of world: Scenario.World) -> Options?

  /// The world in its initial state.
  init(_ options: Options)

  /// Restores the initial state for another run, keeping the storage.
  mutating func reset()

  /// The metrics of the run that just ended.
  func metrics(events: UInt64) -> Metrics

  /// The final state of the run that just ended.
  func finalState() -> FinalState

  /// Runs one seed. Provided; a requirement so that each world's witness is
  /// compiled for its concrete model (fast) even when called generically.
  static func runOnce(
    _ options: Options, seed: UInt64, strategy: OrderStrategy, tracing: Bool, faults: FaultMode,
    simplifiesValues: Bool
  ) throws(SimulationError) -> WorldRun<Metrics, FinalState>

  /// Runs one seed with live faults, sending its timeline to `sink` as it
  /// happens (the returned run's ``WorldRun/trace`` is empty). Provided; a
  /// requirement for the same reason as
  /// ``runOnce(_:seed:strategy:tracing:faults:simplifiesValues:)``.
  static func runOnce(
    _ options: Options, seed: UInt64, strategy: OrderStrategy, streamingTraceTo sink: any TraceSink
  ) throws(SimulationError) -> WorldRun<Metrics, FinalState>

  /// A simulation for many seeds in a row, reusing its buffers. Provided; a
  /// requirement for the same reason as ``runOnce(_:seed:strategy:tracing:faults:simplifiesValues:)``.
  static func makeRunner(_ options: Options) -> WorldRunner<Metrics, FinalState>

  /// The same world with its key operation applied twice (an order placed
  /// twice, the relaunch reconcile run twice), for the repeat half of the
  /// sensitivity probe; `nil` when the world has no such operation.
  static func repeating(_ options: Options) -> Options?

  /// What the repeated operation is, for reports: "each order submitted twice".
  static var repeatedOperation: String { get }

  /// About how many bytes one simulation of these options holds, so that a
  /// sweep too large for the machine is refused up front.
  static func estimatedBytes(_ options: Options) -> UInt64

  /// The option to lower when a simulation is too large, for messages.
  static var sizeKey: String { get }

  /// A person's reading of one fault: "op#17: the response to message 2 is lost".
  static func describe(fault: DrawKey, options: Options) -> String

  /// The words that mark trace lines about the entities of `faults`
  /// (`client#17`, `op=17`), to cut a timeline down to what matters.
  static func traceTags(for faults: [DrawKey], options: Options) -> [String]

  /// How many independent entities (operations, users) the options run.
  static func size(of options: Options) -> Int

  /// The smallest size that keeps every entity `faults` concern.
  static func minimumSize(keeping faults: [DrawKey], options: Options) -> Int

  /// The options with `size` entities: the first `size` of the original,
  /// with the same keyed faults.
  static func resized(_ options: Options, to size: Int) -> Options

  /// The `--set` override that sets the size, e.g. `workload.operations=18`.
  static func sizeOverride(_ size: Int) -> String

  /// Whether a run of `options` can meet a race at all. `false` is a proof
  /// — no order strategy can change such a run — and `true` only a
  /// possibility; the default is `true`.
  static func canMeetRace(_ options: Options) -> Bool
}

extension ScenarioWorld {
  public static func canMeetRace(_ options: Options) -> Bool { true }

  /// Runs one seed.
  ///
  /// - Parameters:
  ///   - faults: How fault draws behave (recording or restricted when
  ///     shrinking).
  ///   - simplifiesValues: Whether value draws take their middle value.
  @inlinable
  public static func runOnce(
    _ options: Options, seed: UInt64, strategy: OrderStrategy, tracing: Bool, faults: FaultMode,
    simplifiesValues: Bool
  ) throws(SimulationError) -> WorldRun<Metrics, FinalState> {
    var simulation = Simulation(model: Self(options), tracing: tracing)
    let summary = try simulation.run(
      seed: seed, strategy: strategy, faults: faults, simplifiesValues: simplifiesValues)
    return WorldRun(
      metrics: simulation.model.metrics(events: summary.events), summary: summary,
      trace: simulation.context.traceEntries, finalState: simulation.model.finalState(),
      firedFaults: simulation.context.firedFaults)
  }

  /// Runs one seed with live faults, streaming its timeline to `sink`:
  /// memory does not grow with the length of the timeline.
  @inlinable
  public static func runOnce(
    _ options: Options, seed: UInt64, strategy: OrderStrategy, streamingTraceTo sink: any TraceSink
  ) throws(SimulationError) -> WorldRun<Metrics, FinalState> {
    var simulation = Simulation(model: Self(options), traceSink: sink)
    let summary = try simulation.run(seed: seed, strategy: strategy)
    return WorldRun(
      metrics: simulation.model.metrics(events: summary.events), summary: summary, trace: [],
      finalState: simulation.model.finalState())
  }

  /// Runs one seed with live faults and random values.
  @inlinable
  public static func runOnce(
    _ options: Options, seed: UInt64, strategy: OrderStrategy = .fifo, tracing: Bool = false
  ) throws(SimulationError) -> WorldRun<Metrics, FinalState> {
    try runOnce(options, seed: seed, strategy: strategy, tracing: tracing, faults: .live, simplifiesValues: false)
  }

  /// A simulation for many seeds in a row, reusing its buffers. Inlinable,
  /// so that a caller in another module gets code compiled for its world.
  @inlinable
  public static func makeRunner(_ options: Options) -> WorldRunner<Metrics, FinalState> {
    let box = SimulationBox(Simulation(model: Self(options)))
    return WorldRunner { (seed: UInt64, strategy: OrderStrategy) throws(SimulationError) in
      box.simulation.model.reset()
      let summary = try box.simulation.run(seed: seed, strategy: strategy)
      let metrics = box.simulation.model.metrics(events: summary.events)
      return (metrics, summary, summary.choices.isEmpty ? 0 : box.simulation.model.finalState().digest)
    }
  }

  /// Runs every seed of a range on one reused simulation and sums the
  /// metrics.
  ///
  /// - Complexity: O(seeds × events per run).
  @inlinable
  public static func measure(
    _ options: Options, seeds: SeedRange, strategy: OrderStrategy = .fifo
  ) throws(SimulationError) -> Metrics {
    let runner = makeRunner(options)
    var total = Metrics()
    var seed = seeds.lowerBound
    while seed < seeds.upperBound {
      let metrics = try runner.run(seed, strategy).0
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

/// Holds a non-copyable simulation so that a closure can run it.
@usableFromInline
final class SimulationBox<Model: SimulationModel> {
  @usableFromInline var simulation: Simulation<Model>

  @usableFromInline
  init(_ simulation: consuming Simulation<Model>) {
    self.simulation = simulation
  }
}

/// One run's results.
public struct WorldRun<Metrics: WorldMetrics, FinalState: WorldFinalState> {
  public var metrics: Metrics
  public var summary: RunSummary
  public var trace: [TraceEntry]
  public var finalState: FinalState
  /// The faults that fired (when recording or restricted; empty when live).
  public var firedFaults: [DrawKey]

  public init(
    metrics: Metrics, summary: RunSummary, trace: [TraceEntry], finalState: FinalState, firedFaults: [DrawKey] = []
  ) {
    self.metrics = metrics
    self.summary = summary
    self.trace = trace
    self.finalState = finalState
    self.firedFaults = firedFaults
  }
}

/// Runs seeds one after another on one simulation (a closure over it, so
/// callers need not know the model type).
public struct WorldRunner<Metrics: WorldMetrics, FinalState: WorldFinalState> {
  /// Runs a seed under a strategy; returns its metrics, summary and the
  /// digest of its final state.
  public var run: (_ seed: UInt64, _ strategy: OrderStrategy) throws(SimulationError) -> (Metrics, RunSummary, UInt64)

  public init(
    run: @escaping (_ seed: UInt64, _ strategy: OrderStrategy) throws(SimulationError) -> (Metrics, RunSummary, UInt64)
  ) {
    self.run = run
  }
}

/// A world's metrics: exact integer counters and histograms, so that sums
/// over runs are the same in any order — the basis of byte-identical tables
/// for any number of jobs or shards — printable as `run` lines and as CSV
/// fields.
public protocol WorldMetrics: Sendable {
  init()
  /// Every counter, in a fixed order (part of the partial-table format).
  static var counters: [MetricsCounter<Self>] { get }
  /// Every histogram, in a fixed order.
  static var histograms: [MetricsHistogram<Self>] { get }
  /// What every sum of this world's runs satisfies, from the metrics'
  /// definitions; a partial table that breaks one is refused.
  static var invariants: [MetricsInvariant<Self>] { get }
  /// The runs summed: one per seed in a sweep.
  var runs: UInt64 { get }
  /// The operations measured (orders, files).
  var operations: UInt64 { get }
  /// The sweep table's columns after the varied key paths (the first
  /// fourteen are the same for every world).
  static var columns: [String] { get }
  /// This cell's fields, in column order.
  func fields(seeds: UInt64) -> [String]
  /// `name: value` lines for `faultsim run`.
  var reportLines: [(String, String)] { get }
}

/// A run's final state: comparable, cheap to digest, explainable.
public protocol WorldFinalState: Hashable {
  /// A 64-bit digest: equal states have equal digests.
  var digest: UInt64 { get }
  /// What differs from another state, one line per entity, at most `limit`.
  func differences(from other: Self, limit: Int) -> [String]
  /// A short summary of the whole state.
  var summary: String { get }
  /// How many entities (operations, files, users) the state describes: its
  /// size, for memory estimates.
  var entityCount: Int { get }
}

/// The final state of a world made of entities (operations, files), in
/// entity order.
public struct EntityStates<Entity: Hashable & Sendable & CustomStringConvertible>: WorldFinalState, Sendable {
  public var entities: [Entity]

  public init(_ entities: [Entity]) {
    self.entities = entities
  }

  public var digest: UInt64 {
    var digest = ContentDigest()
    for entity in entities { digest.absorb(Array(entity.description.utf8)) }
    return digest.value
  }

  public func differences(from other: EntityStates<Entity>, limit: Int) -> [String] {
    var lines: [String] = []
    for index in 0..<Swift.max(entities.count, other.entities.count) where lines.count < limit {
      let mine = index < entities.count ? entities[index].description : "-"
      let theirs = index < other.entities.count ? other.entities[index].description : "-"
      if mine != theirs { lines.append(mine) }
    }
    return lines
  }

  public var summary: String { "\(entities.count) entities" }

  public var entityCount: Int { entities.count }
}
