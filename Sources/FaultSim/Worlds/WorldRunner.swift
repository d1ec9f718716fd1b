/// Runs seeds one after another on one simulation (a closure over it, so
/// callers need not know the model type).
///
/// Made by `ScenarioWorld/makeRunner(_:)`, whose witness is compiled for
/// each concrete world: the closure runs specialised code even when the
/// caller is generic.
@usableFromInline package struct WorldRunner<Metrics, FinalState> {
  /// Runs a seed under a strategy.
  @usableFromInline package var run:
    (_ seed: UInt64, _ strategy: OrderStrategy) throws(SimulationError) -> SeedRun<Metrics>

  /// A runner that calls `run` for each seed.
  @usableFromInline package init(
    run: @escaping (_ seed: UInt64, _ strategy: OrderStrategy) throws(SimulationError) -> SeedRun<Metrics>
  ) {
    self.run = run
  }
}

/// What a `WorldRunner` reports about one seed: enough to sum it into a
/// sweep and to tell whether another order of its races ended differently.
@usableFromInline package struct SeedRun<Metrics> {
  /// The run's metrics.
  @usableFromInline package var metrics: Metrics
  /// What the engine reports: events, final time, race choices, faults.
  @usableFromInline package var summary: RunSummary
  /// The digest of the run's final state (``WorldFinalState/digest``) when
  /// the run met a race; 0 when it met none, since then no other order
  /// exists to compare it with.
  @usableFromInline package var finalStateDigest: UInt64

  /// A seed's result.
  @inlinable
  package init(metrics: Metrics, summary: RunSummary, finalStateDigest: UInt64) {
    self.metrics = metrics
    self.summary = summary
    self.finalStateDigest = finalStateDigest
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

/// A box holding `simulation`, made in code that is never specialised, on
/// purpose: specialised code makes a concrete generic class's metadata from
/// its mangled name, which checks `Model: SimulationModel` by walking every
/// conformance record of the binary (about 100,000 instructions, once per
/// process and world, a sixth of what the rest of a one-order run costs);
/// here the metadata comes from its accessor, given the conformance.
/// Only the box is made here: the runs through it stay specialised.
@usableFromInline
@inline(never)
@_semantics("optimize.sil.specialize.generic.never")
func boxing<Model: SimulationModel>(_ simulation: consuming Simulation<Model>) -> SimulationBox<Model> {
  SimulationBox(simulation)
}
