/// One run's results, from ``ScenarioWorld/runOnce(_:seed:strategy:tracing:)``.
public struct WorldRun<Metrics, FinalState> {
  /// What the run measured.
  public var metrics: Metrics
  /// What the engine reports: events, final time, race choices, faults.
  public var summary: RunSummary
  /// The timeline, when the run was traced into memory; empty otherwise.
  public var trace: [TraceEntry]
  /// How the run ended.
  public var finalState: FinalState
  /// The faults that fired (when recording or restricted; empty when live).
  @usableFromInline package var firedFaults: [DrawKey]

  /// A run's results.
  @usableFromInline package init(
    metrics: Metrics, summary: RunSummary, trace: [TraceEntry], finalState: FinalState, firedFaults: [DrawKey] = []
  ) {
    self.metrics = metrics
    self.summary = summary
    self.trace = trace
    self.finalState = finalState
    self.firedFaults = firedFaults
  }
}
