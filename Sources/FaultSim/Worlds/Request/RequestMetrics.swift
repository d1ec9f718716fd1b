/// What one run of a request world measured (SPEC §5), and the sum over
/// many runs: exact counts plus a mergeable histogram of completion times.
///
/// Per operation:
/// - **applied**: times the server applied the write;
/// - **duplicated**: applied more than once (writes that create a record:
///   keyed and keyless; an idempotent PUT never duplicates);
/// - **lost**: a write never applied, or a read that never succeeded;
/// - **uncertain**: the client gave up not knowing whether the write applied;
/// - **completion time**: from the operation's start until its client stopped
///   (success or giving up).
public struct RequestMetrics: Hashable, Sendable {
  /// Runs summed.
  public var runs: UInt64 = 0
  public var operations: UInt64 = 0
  /// Operations whose client got a success.
  public var succeeded: UInt64 = 0
  /// Operations whose client gave up on a definite failure.
  public var failed: UInt64 = 0
  /// Writes that create a record, applied more than once.
  public var duplicated: UInt64 = 0
  /// Writes never applied, reads that never succeeded.
  public var lost: UInt64 = 0
  /// Operations whose client gave up not knowing whether the write applied.
  public var uncertain: UInt64 = 0
  /// Applications of writes, in total.
  public var applied: UInt64 = 0
  /// Attempts sent by clients (status queries included).
  public var attempts: UInt64 = 0
  /// Requests that reached the server: the load.
  public var serverRequests: UInt64 = 0
  /// Write requests that reached the server.
  public var writeCalls: UInt64 = 0
  /// Requests the server refused with 503 for lack of capacity.
  public var overloadRejections: UInt64 = 0
  /// Retries refused by the shared retry budget.
  public var retriesRefused: UInt64 = 0
  /// Engine events handled.
  public var events: UInt64 = 0
  /// Sum over runs of the time until every client was done (ns).
  public var makespanTotal: UInt64 = 0
  /// Completion times of all operations.
  public var completion = DurationHistogram()

  public init() {}

  /// Duplicated operations per operation, with its 95% Wilson interval.
  public var duplicateRate: (rate: Double, interval: WilsonInterval) { WilsonInterval.rate(duplicated, of: operations) }
  /// Lost operations per operation, with its 95% Wilson interval.
  public var lostRate: (rate: Double, interval: WilsonInterval) { WilsonInterval.rate(lost, of: operations) }
  /// Uncertain operations per operation, with its 95% Wilson interval.
  public var uncertainRate: (rate: Double, interval: WilsonInterval) { WilsonInterval.rate(uncertain, of: operations) }

  /// Mean attempts per operation.
  public var attemptsPerOperation: Double { MetricsQuantity.attemptsPerOperation.value(in: self) }
  /// Server requests per operation: the load amplification.
  public var amplification: Double { MetricsQuantity.amplification.value(in: self) }
}

extension RequestWorldModel {
  /// The metrics of the run that just ended.
  ///
  /// - Complexity: O(operations).
  @inlinable
  func metrics(events: UInt64) -> RequestMetrics {
    var metrics = RequestMetrics()
    metrics.runs = 1
    metrics.events = events
    metrics.operations = UInt64(client.records.count)
    metrics.serverRequests = server.requests
    metrics.writeCalls = server.writeCalls
    metrics.overloadRejections = server.overloadRejections
    metrics.retriesRefused = UInt64(client.policy.retriesRefused)
    let kind = settings.options.workload.kind
    var makespan = VirtualTime.zero
    for (operation, record) in client.records.enumerated() {
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
      if record.outcome != .pending {
        metrics.completion.record(record.end.duration(since: record.start).nanoseconds)
        makespan = max(makespan, record.end)
      }
    }
    metrics.makespanTotal = makespan.nanoseconds
    return metrics
  }
}
