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

  @inlinable
  package init(
    runOnce:
      @escaping (World.Options, UInt64, OrderStrategy, Bool, FaultMode, Bool, RunWatch?) throws(SimulationError)
      -> Run,
    runOnceStreaming:
      @escaping (World.Options, UInt64, OrderStrategy, any TraceSink, RunWatch?) throws(SimulationError) -> Run,
    makeRunner: @escaping (World.Options, RunWatch?) -> Runner,
    makeRunnerStreaming: @escaping (World.Options, any TraceSink, RunWatch?) -> Runner
  ) {
    self.runOnce = runOnce
    self.runOnceStreaming = runOnceStreaming
    self.makeRunner = makeRunner
    self.makeRunnerStreaming = makeRunnerStreaming
  }
}

extension WorldEngine where World: SimulatedWorld {
  /// The engine of a world that is a simulation model: each entry point
  /// builds a ``Simulation`` of the world.
  ///
  /// - Complexity: O(1); each run is O(its events).
  @inlinable
  package static var simulating: WorldEngine {
    WorldEngine(
      runOnce: { options, seed, strategy, tracing, faults, simplifiesValues, watch throws(SimulationError) in
        var simulation = Simulation(model: World(options), tracing: tracing, watch: watch)
        let summary = try simulation.run(
          seed: seed, strategy: strategy, faults: faults, simplifiesValues: simplifiesValues)
        return WorldRun(
          metrics: simulation.model.metrics(events: summary.events), summary: summary,
          trace: simulation.context.traceEntries, finalState: simulation.model.finalState(),
          firedFaults: simulation.context.firedFaults)
      },
      runOnceStreaming: { options, seed, strategy, sink, watch throws(SimulationError) in
        var simulation = Simulation(model: World(options), traceSink: sink, watch: watch)
        let summary = try simulation.run(seed: seed, strategy: strategy)
        return WorldRun(
          metrics: simulation.model.metrics(events: summary.events), summary: summary, trace: [],
          finalState: simulation.model.finalState())
      },
      makeRunner: { options, watch in
        var model = World(options)
        model.dropFinalStates()
        return runner(Simulation(model: model, watch: watch))
      },
      makeRunnerStreaming: { options, sink, watch in
        var model = World(options)
        model.dropFinalStates()
        return runner(Simulation(model: model, traceSink: sink, watch: watch))
      })
  }

  /// Runs seeds one after another on `simulation`, resetting its model
  /// before each.
  @inlinable
  static func runner(_ simulation: consuming Simulation<World>) -> Runner {
    let box = SimulationBox(simulation)
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

/// A world that is a simulation model: what ``WorldEngine/simulating``
/// runs. Every world of FaultSim is one.
@usableFromInline
package protocol SimulatedWorld: ScenarioWorld, SimulationModel {}
