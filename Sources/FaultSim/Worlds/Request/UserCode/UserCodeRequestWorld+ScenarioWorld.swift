extension UserCodeRequestWorld: ScenarioWorld {
  /// The request world's draw purposes and the runtime's task order.
  public typealias Draws = UserCodeDraw<RequestDraw>

  /// `request`: the world of the scenario files it runs.
  public static var worldName: String { RequestWorld.worldName }

  /// The metrics of the run that just ended: the ledger's counts against
  /// what your code concluded.
  ///
  /// - Complexity: O(operations).
  @inlinable
  public func metrics(events: UInt64) -> RequestMetrics {
    var metrics = RequestMetrics()
    metrics.runs = 1
    metrics.events = events
    metrics.operations = UInt64(clients.records.count)
    metrics.serverRequests = server.requests
    metrics.writeCalls = server.writeCalls
    metrics.overloadRejections = server.overloadRejections
    let kind = options.scenario.workload.kind
    var makespan = VirtualTime.zero
    for (operation, record) in clients.records.enumerated() {
      let applied = server.applied(operation)
      metrics.attempts &+= UInt64(record.attempts)
      metrics.applied &+= UInt64(applied)
      switch record.outcome {
      case .succeeded: metrics.succeeded &+= 1
      case .failed: metrics.failed &+= 1
      case .uncertain: metrics.uncertain &+= 1
      case .pending: break
      }
      if kind.duplicatesWhenRepeated && applied > 1 { metrics.duplicated &+= 1 }
      if kind.isWrite ? applied == 0 : record.outcome != .succeeded { metrics.lost &+= 1 }
      if record.finished {
        metrics.completion.record(record.end.duration(since: record.start).nanoseconds)
        makespan = max(makespan, record.end)
      }
    }
    metrics.makespanTotal = makespan.nanoseconds
    return metrics
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

extension UserCodeRequestWorld: ProbedWorld {
  /// Each operation's code run twice in a row, as a user who submits again.
  @inlinable
  public static func repeating(_ options: Options) -> Options? {
    RequestWorld.repeating(options.scenario).map(options.with)
  }

  /// What the repeat half of the probe does.
  public static var repeatedOperation: String { "each operation's code run twice" }
}

extension UserCodeRequestWorld: MemorySizedWorld {
  /// The request world's estimate plus each operation's task and record:
  /// measured about 1.2 KiB an operation in flight (a task, its first
  /// allocation slab, its continuation), counted for every operation.
  @inlinable
  public static func estimatedBytes(_ options: Options) -> UInt64 {
    RequestWorld.estimatedBytes(options.scenario) + 1_280 * UInt64(options.scenario.workload.operations)
  }

  /// `workload.operations`.
  public static var sizeKey: String { RequestWorld.sizeKey }
}

extension UserCodeRequestWorld: ShrinkableWorld {
  /// A fault described as for ``RequestWorld``.
  @inlinable
  public static func describe(fault: DrawKey, options: Options) -> String {
    RequestWorld.describe(fault: fault, options: options.scenario)
  }

  /// The trace tags of the faults' operations.
  @inlinable
  public static func traceTags(for faults: [DrawKey], options: Options) -> [String] {
    RequestWorld.traceTags(for: faults, options: options.scenario)
  }

  /// The number of operations.
  @inlinable
  public static func size(of options: Options) -> Int { RequestWorld.size(of: options.scenario) }

  /// The fewest operations that keep the faults.
  @inlinable
  public static func minimumSize(keeping faults: [DrawKey], options: Options) -> Int {
    RequestWorld.minimumSize(keeping: faults, options: options.scenario)
  }

  /// The same code over fewer operations.
  @inlinable
  public static func resized(_ options: Options, to size: Int) -> Options {
    options.with(RequestWorld.resized(options.scenario, to: size))
  }

  /// `workload.operations=N`.
  @inlinable
  public static func sizeOverride(_ size: Int) -> String { RequestWorld.sizeOverride(size) }
}
