/// How the engine runs one world: the entry points every run of the world
/// goes through, made by FaultSim for each of its worlds
/// (``ScenarioWorld/engine``).
///
/// Users never build one; it is public only because ``ScenarioWorld``
/// requires it. Its entry points are compiled for the world's concrete
/// model, so a run called through a generic `ScenarioWorld` is as fast as
/// one called on the world directly.
public struct WorldEngine<World: ScenarioWorld> {
  @usableFromInline
  package typealias Run = WorldRun<World.Metrics, World.FinalState>
  @usableFromInline
  package typealias Runner = WorldRunner<World.Metrics, World.FinalState>

  /// The name scenario files use in `"world"` (``ScenarioWorld/worldName``).
  @usableFromInline
  package let worldName: String

  /// Runs one seed: options, seed, strategy, tracing, faults, simplified
  /// values, watch.
  @usableFromInline
  package let runOnce:
    (World.Options, UInt64, OrderStrategy, Bool, FaultMode, Bool, RunWatch?) throws(SimulationError) -> Run
  /// Runs one seed streaming its timeline: options, seed, strategy, sink,
  /// watch.
  @usableFromInline
  package let runOnceStreaming:
    (World.Options, UInt64, OrderStrategy, any TraceSink, RunWatch?) throws(SimulationError) -> Run
  /// A runner for many seeds: options, watch.
  @usableFromInline
  package let makeRunner: (World.Options, RunWatch?) -> Runner
  /// A runner for many seeds streaming their timelines: options, sink,
  /// watch.
  @usableFromInline
  package let makeRunnerStreaming: (World.Options, any TraceSink, RunWatch?) -> Runner

  // What commands and properties need besides runs: shrinking a failing
  // run and the memory a run needs (`ShrinkableWorld`,
  // `MemorySizedWorld`), said once by each world.

  /// A fault in words, for a shrunk counterexample.
  @usableFromInline
  package let describeFault: (DrawKey, World.Options) -> String
  /// The trace tags that select a counterexample's lines.
  @usableFromInline
  package let traceTags: ([DrawKey], World.Options) -> [String]
  /// The scenario's size (operations, users).
  @usableFromInline
  package let size: (World.Options) -> Int
  /// The smallest size that still holds some faults.
  @usableFromInline
  package let minimumSize: ([DrawKey], World.Options) -> Int
  /// The options at another size.
  @usableFromInline
  package let resized: (World.Options, Int) -> World.Options
  /// Whether a run of the options can meet a race at all.
  @usableFromInline
  package let canMeetRace: (World.Options) -> Bool
  /// The `--set` that gives another size.
  @usableFromInline
  package let sizeOverride: (Int) -> String
  /// The bytes one run needs at most.
  @usableFromInline
  package let estimatedBytes: (World.Options) -> UInt64
  /// The key that lowers the size, for advice.
  @usableFromInline
  package let sizeKey: String
  /// About how much work one run is, for a world that can say
  /// (``WorkSizedWorld``); `nil` for one that cannot. Carried here rather
  /// than found by a cast: a first cast to a protocol walks every
  /// conformance record of the binary (about 100,000 instructions).
  @usableFromInline
  package let estimatedWork: (World.Options) -> WorkEstimate?

  @inlinable
  package init(
    worldName: String,
    runOnce:
      @escaping (World.Options, UInt64, OrderStrategy, Bool, FaultMode, Bool, RunWatch?) throws(SimulationError)
      -> Run,
    runOnceStreaming:
      @escaping (World.Options, UInt64, OrderStrategy, any TraceSink, RunWatch?) throws(SimulationError) -> Run,
    makeRunner: @escaping (World.Options, RunWatch?) -> Runner,
    makeRunnerStreaming: @escaping (World.Options, any TraceSink, RunWatch?) -> Runner,
    describeFault: @escaping (DrawKey, World.Options) -> String,
    traceTags: @escaping ([DrawKey], World.Options) -> [String],
    size: @escaping (World.Options) -> Int,
    minimumSize: @escaping ([DrawKey], World.Options) -> Int,
    resized: @escaping (World.Options, Int) -> World.Options,
    canMeetRace: @escaping (World.Options) -> Bool,
    sizeOverride: @escaping (Int) -> String,
    estimatedBytes: @escaping (World.Options) -> UInt64,
    sizeKey: String,
    estimatedWork: @escaping (World.Options) -> WorkEstimate?
  ) {
    self.worldName = worldName
    self.runOnce = runOnce
    self.runOnceStreaming = runOnceStreaming
    self.makeRunner = makeRunner
    self.makeRunnerStreaming = makeRunnerStreaming
    self.describeFault = describeFault
    self.traceTags = traceTags
    self.size = size
    self.minimumSize = minimumSize
    self.resized = resized
    self.canMeetRace = canMeetRace
    self.sizeOverride = sizeOverride
    self.estimatedBytes = estimatedBytes
    self.sizeKey = sizeKey
    self.estimatedWork = estimatedWork
  }
}

extension WorldEngine where World: SimulatedWorld {
  /// The engine of a world that runs a model: each entry point builds a
  /// ``Simulation`` of the world's model for the options.
  ///
  /// - Complexity: O(1); each run is O(its events).
  @inlinable
  static var simulating: WorldEngine {
    WorldEngine(
      worldName: World.name,
      runOnce: { options, seed, strategy, tracing, faults, simplifiesValues, watch throws(SimulationError) in
        var simulation = Simulation(model: World.model(options), tracing: tracing, watch: watch)
        let summary = try simulation.run(
          seed: seed, strategy: strategy, faults: faults, simplifiesValues: simplifiesValues)
        return WorldRun(
          metrics: simulation.model.metrics(events: summary.events), summary: summary,
          trace: simulation.context.traceEntries, finalState: simulation.model.finalState(),
          firedFaults: simulation.context.firedFaults)
      },
      runOnceStreaming: { options, seed, strategy, sink, watch throws(SimulationError) in
        var simulation = Simulation(model: World.model(options), traceSink: sink, watch: watch)
        let summary = try simulation.run(seed: seed, strategy: strategy)
        return WorldRun(
          metrics: simulation.model.metrics(events: summary.events), summary: summary, trace: [],
          finalState: simulation.model.finalState())
      },
      // The model is made inside its simulation and changed there, never
      // copied: a copy of a bound generic model takes its metadata from its
      // mangled name (see `RequestWorld`).
      makeRunner: { options, watch in
        var simulation = Simulation(model: World.model(options), watch: watch)
        simulation.model.dropFinalStates()
        return runner(simulation)
      },
      makeRunnerStreaming: { options, sink, watch in
        var simulation = Simulation(model: World.model(options), traceSink: sink, watch: watch)
        simulation.model.dropFinalStates()
        return runner(simulation)
      },
      describeFault: { World.describe(fault: $0, options: $1) },
      traceTags: { World.traceTags(for: $0, options: $1) },
      size: { World.size(of: $0) },
      minimumSize: { World.minimumSize(keeping: $0, options: $1) },
      resized: { World.resized($0, to: $1) },
      canMeetRace: { World.canMeetRace($0) },
      sizeOverride: { World.sizeOverride($0) },
      estimatedBytes: { World.estimatedBytes($0) },
      sizeKey: World.sizeKey,
      estimatedWork: { World.workEstimate($0) })
  }

  /// Runs seeds one after another on `simulation`, resetting its model
  /// before each.
  @inlinable
  static func runner(_ simulation: consuming Simulation<World.Model>) -> Runner {
    let box = boxing(simulation)
    return WorldRunner { (seed: UInt64, strategy: OrderStrategy) throws(SimulationError) in
      box.simulation.model.reset()
      let summary = try box.simulation.run(seed: seed, strategy: strategy)
      let metrics = box.simulation.model.metrics(events: summary.events)
      return SeedRun(
        metrics: metrics, summary: summary,
        finalStateDigest: summary.choices.isEmpty ? 0 : box.simulation.model.finalStateDigest())
    }
  }
}

/// A world that runs a model and says how to shrink its runs and how much
/// memory they need: what ``WorldEngine/simulating`` runs. Every world of
/// FaultSim is one.
@usableFromInline
protocol SimulatedWorld: ScenarioWorld, ShrinkableWorld, MemorySizedWorld {
  /// What runs: the world's model, specialised for the parts of it given
  /// in Swift.
  associatedtype Model: WorldModel where Model.Metrics == Metrics, Model.FinalState == FinalState

  /// The name scenario files use in `"world"`, which the world's engine
  /// carries (``ScenarioWorld/worldName``).
  static var name: String { get }

  /// The model of a run of `options`, in its initial state.
  static func model(_ options: Options) -> Model

  /// About how much work one run of `options` is: the world's
  /// ``WorkSizedWorld/estimatedWork(_:)`` when it is one, otherwise `nil`
  /// (the defaults say which; a world does not write it).
  static func workEstimate(_ options: Options) -> WorkEstimate?

  /// Whether a run of `options` can meet a race at all. `false` is a proof
  /// — no order strategy can change such a run — and `true` only a
  /// possibility; the default is `true`.
  static func canMeetRace(_ options: Options) -> Bool
}

extension SimulatedWorld where Self: DerivedWorld {
  /// The name of the world whose scenarios it runs.
  @usableFromInline static var name: String { Base.worldName }
}

extension SimulatedWorld {
  /// Every run may meet a race unless the world says otherwise.
  @inlinable
  static func canMeetRace(_ options: Options) -> Bool { true }
}
