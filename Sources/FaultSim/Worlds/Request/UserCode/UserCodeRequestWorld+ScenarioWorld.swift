extension UserCodeRequestWorld: ScenarioWorld {
  /// The request world's draw purposes and the runtime's task order.
  public typealias Draws = UserCodeDraw<RequestDraw>

  /// The metrics of the run that just ended: the ledger's counts against
  /// what your code concluded.
  ///
  /// - Complexity: O(operations).
  @inlinable
  public func metrics(events: UInt64) -> RequestMetrics {
    RequestMetrics.ofRun(
      events: events, kind: options.scenario.workload.kind, server: server,
      clients: clients.records.lazy.map { record in
        RequestMetrics.ClientFacts(
          attempts: record.attempts, outcome: record.outcome, span: record.finished ? (record.start, record.end) : nil)
      }, retriesRefused: 0)
  }

  /// Each operation's final state, in operation order.
  ///
  /// - Complexity: O(operations).
  @inlinable
  public func finalState() -> EntityStates<RequestOperationOutcome> {
    EntityStates(
      clients.records.enumerated().map { index, record in
        RequestOperationOutcome(operation: index, applied: server.applied(index), outcome: "\(record.outcome)")
      })
  }
}

extension UserCodeRequestWorld: DerivedWorld, ProbedWorld, MemorySizedWorld, ShrinkableWorld {
  /// The world whose scenarios it runs.
  public typealias Base = RequestWorld

  /// The scenario's options.
  @inlinable
  public static func base(of options: Options) -> RequestWorldOptions { options.scenario }

  /// The same code and server over other scenario options.
  @inlinable
  public static func rebased(_ options: Options, on base: RequestWorldOptions) -> Options { options.with(base) }

  /// What the repeat half of the probe does.
  public static var repeatedOperation: String { "each operation's code run twice" }

  /// The request world's estimate plus each operation's task and record:
  /// measured about 1.2 KiB an operation in flight (a task, its first
  /// allocation slab, its continuation), counted for every operation.
  @inlinable
  public static func estimatedBytes(_ options: Options) -> UInt64 {
    RequestWorld.estimatedBytes(options.scenario) + 1_280 * UInt64(options.scenario.workload.operations)
  }
}
