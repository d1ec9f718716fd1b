extension UserCodeRequestWorld: ScenarioWorld {
  /// The request world's draw purposes and the runtime's task order.
  public typealias Draws = UserCodeDraw<RequestDraw>

  /// The metrics of the run that just ended: the ledger's counts against
  /// what your code concluded.
  ///
  /// - Complexity: O(histogram buckets).
  @inlinable
  public func metrics(events: UInt64) -> RequestMetrics {
    model.metrics(events: events)
  }

  /// Each operation's final state, in operation order.
  ///
  /// - Complexity: O(operations).
  @inlinable
  public func finalState() -> EntityStates<RequestOperationOutcome> {
    model.finalState()
  }

  /// Folds each operation into the metrics once nothing can change it and
  /// forgets it, as ``RequestWorld/dropFinalStates()`` does.
  @inlinable
  public mutating func dropFinalStates() {
    model.dropFinalStates()
  }

  /// A digest of the final state, as ``RequestWorld/finalStateDigest()``.
  @inlinable
  public func finalStateDigest() -> UInt64 {
    model.finalStateDigest
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
