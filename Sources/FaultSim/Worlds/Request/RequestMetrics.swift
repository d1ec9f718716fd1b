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
  @usableFromInline package var applied: UInt64 = 0
  /// Attempts sent by clients (status queries included).
  public var attempts: UInt64 = 0
  /// Requests that reached the server: the load.
  @usableFromInline package var serverRequests: UInt64 = 0
  /// Write requests that reached the server.
  @usableFromInline package var writeCalls: UInt64 = 0
  /// Requests the server refused with 503 for lack of capacity.
  @usableFromInline package var overloadRejections: UInt64 = 0
  /// Retries refused by the shared retry budget.
  @usableFromInline package var retriesRefused: UInt64 = 0
  /// Engine events handled.
  @usableFromInline package var events: UInt64 = 0
  /// Sum over runs of the time until every client was done (ns).
  @usableFromInline package var makespanTotal: UInt64 = 0
  /// Completion times of all operations.
  @usableFromInline package var completion = DurationHistogram()
  // Apps killed mid-request:
  /// Writes an outbox resent after a relaunch.
  public var outboxResends: UInt64 = 0
  /// Upstream tries a gateway sent beyond the first of each client request:
  /// an intermediary that retries on its own.
  @usableFromInline package var gatewayRetries: UInt64 = 0
  /// 504s a gateway answered a client with, its own timeout spent.
  @usableFromInline package var gatewayTimeouts: UInt64 = 0
  /// What each route of the server saw (`server.routes`): requests,
  /// applied writes, duplicates, replays, 409s and 422s per route, summed
  /// like every other count; `nil` when the server has no routes or no
  /// code of yours sent requests to them. A sweep table shows them as
  /// columns per route, last (`duplicated[POST /orders]`).
  public var routes: RouteMetrics?

  public init() {}

  /// Duplicated operations per operation, with its 95% Wilson interval.
  public var duplicateRate: (rate: Double, interval: WilsonInterval) { WilsonInterval.rate(duplicated, of: operations) }
  /// Lost operations per operation, with its 95% Wilson interval.
  @usableFromInline package var lostRate: (rate: Double, interval: WilsonInterval) {
    WilsonInterval.rate(lost, of: operations)
  }
  /// Uncertain operations per operation, with its 95% Wilson interval.
  @usableFromInline package var uncertainRate: (rate: Double, interval: WilsonInterval) {
    WilsonInterval.rate(uncertain, of: operations)
  }

  /// Mean attempts per operation.
  @usableFromInline package var attemptsPerOperation: Double { MetricsQuantity.attemptsPerOperation.value(in: self) }
  /// Server requests per operation: the load amplification.
  @usableFromInline package var amplification: Double { MetricsQuantity.amplification.value(in: self) }
}

extension RequestMetrics {
  /// Counts a client that is done with its operation: its attempts and
  /// outcome, its completion time and end, and (a read that did not
  /// succeed) the operation as lost. What the server did is counted when the
  /// operation is folded (``countApplications(_:kind:)``).
  ///
  /// - Complexity: O(1).
  @inlinable
  mutating func countEnding(
    attempts: UInt32, outcome: ClientOutcome, start: VirtualTime, end: VirtualTime, kind: RequestKind
  ) {
    self.attempts &+= UInt64(attempts)
    switch outcome {
    case .succeeded: succeeded &+= 1
    case .failed: failed &+= 1
    case .uncertain: uncertain &+= 1
    case .pending: break
    }
    if !kind.isWrite && outcome != .succeeded { lost &+= 1 }
    completion.record(end.duration(since: start).nanoseconds)
    makespanTotal = Swift.max(makespanTotal, end.nanoseconds)
  }

  /// Counts a client still waiting when the run ended: its attempts, and a
  /// read as lost.
  ///
  /// - Complexity: O(1).
  @inlinable
  mutating func countUnfinished(attempts: UInt32, kind: RequestKind) {
    self.attempts &+= UInt64(attempts)
    if !kind.isWrite { lost &+= 1 }
  }

  /// Counts what the server did for an operation that nothing can change
  /// any more: its applications, and a write applied twice or never.
  ///
  /// - Complexity: O(1).
  @inlinable
  mutating func countApplications(_ applied: Int, kind: RequestKind) {
    self.applied &+= UInt64(applied)
    if kind.duplicatesWhenRepeated && applied > 1 { duplicated &+= 1 }
    if kind.isWrite && applied == 0 { lost &+= 1 }
  }

  /// The metrics of a run from its parts: the clients' endings (``countEnding(attempts:outcome:start:end:kind:)``),
  /// the folded operations (``countApplications(_:kind:)`` and
  /// ``countUnfinished(attempts:kind:)``) and the server's counters.
  ///
  /// - Complexity: O(histogram buckets).
  @inlinable
  static func ofRun<Handler>(
    events: UInt64, operations: Int, endings: RequestMetrics, folded: RequestMetrics, server: RequestServer<Handler>,
    retriesRefused: Int
  ) -> RequestMetrics {
    var metrics = endings
    metrics.runs = 1
    metrics.events = events
    metrics.operations = UInt64(operations)
    server.count(into: &metrics)
    metrics.retriesRefused = UInt64(retriesRefused)
    metrics.attempts &+= folded.attempts
    metrics.applied = folded.applied
    metrics.duplicated = folded.duplicated
    metrics.lost &+= folded.lost
    return metrics
  }
}

extension RequestWorldModel {
  /// The metrics of the run that just ended.
  ///
  /// - Complexity: O(histogram buckets): the operations were folded as
  ///   they finished.
  @inlinable
  func metrics(events: UInt64) -> RequestMetrics {
    var metrics = RequestMetrics.ofRun(
      events: events, operations: settings.options.workload.operations, endings: client.endings, folded: folded,
      server: server, retriesRefused: client.retriesRefused)
    gateway?.count(into: &metrics)
    metrics.routes = client.routeMetrics
    return metrics
  }
}
