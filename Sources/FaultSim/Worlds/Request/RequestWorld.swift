/// The request/retry world (SPEC §4.1, seeds 004 and 001): clients with a
/// retry policy send operations through a lossy network to a server that
/// keeps a ledger, and the run counts what the ledger holds against what the
/// clients believe.
///
/// Every random decision is a keyed draw on (operation, purpose, message
/// sequence), so two runs of one seed that order a race differently see the
/// same losses, latencies and failures.
///
/// Races marked for the engine:
/// - a response arriving within the race window of its attempt's timeout;
/// - a retry reaching the server while the attempt it repeats is still being
///   processed (409 or commit first);
/// - a retry arriving within the race window of its key's expiry.
public struct RequestWorld: SimulationModel {
  public typealias Event = RequestEvent

  /// The world's definition.
  public var options: RequestWorldOptions { settings.options }
  /// The definition behind a reference: handlers read nested options
  /// through it without copying the whole struct out of a mutating `self`.
  let settings: Settings
  /// Each operation's client.
  var clients: [ClientRecord]
  /// Each operation's entry in the server's ledger.
  var ledger: [LedgerEntry]
  /// When each operation starts.
  var arrivals = ArrivalSchedule()
  /// Current version of each contended record (conditional writes).
  var versions: [UInt32]
  /// Requests waiting for a worker (capacity-limited servers).
  var serverQueue: [RequestEvent] = []
  var serverQueueHead = 0
  var busyWorkers = 0
  var retryBudget: RetryBudgetState
  var burst: BurstLossTimeline?

  // Counters for the metrics.
  var serverRequests: UInt64 = 0
  var writeCalls: UInt64 = 0
  var overloadRejections: UInt64 = 0

  /// Creates the world in its initial state.
  public init(_ options: RequestWorldOptions) {
    settings = Settings(options)
    clients = Array(repeating: ClientRecord(), count: options.workload.operations)
    ledger = Array(repeating: LedgerEntry(), count: options.workload.operations)
    versions = Array(repeating: 0, count: options.workload.contention?.resources ?? 0)
    retryBudget = RetryBudgetState(options.client.retryBudget)
  }

  /// Restores the initial state for another run, keeping the storage.
  public mutating func reset() {
    for index in clients.indices {
      clients[index] = ClientRecord()
      ledger[index] = LedgerEntry()
    }
    for index in versions.indices { versions[index] = 0 }
    serverQueue.removeAll(keepingCapacity: true)
    serverQueueHead = 0
    busyWorkers = 0
    retryBudget = RetryBudgetState(settings.options.client.retryBudget)
    burst = nil
    serverRequests = 0
    writeCalls = 0
    overloadRejections = 0
  }

  /// Computes the start times and schedules the first operation; each start
  /// schedules the next, so the pending set never holds every operation.
  public mutating func start(in context: inout SimulationContext<Event>) throws(SimulationError) {
    if let model = settings.options.network.burstLoss {
      burst = BurstLossTimeline(model, random: context.random, channel: 0)
    }
    try arrivals.fill(settings.options.workload.arrival, count: clients.count, random: context.random)
    if let first = arrivals.times.first {
      try context.schedule(RequestEvent(.start, operation: 0), at: VirtualTime(nanoseconds: first))
    }
  }

  public mutating func handle(_ event: Event, in context: inout SimulationContext<Event>) throws(SimulationError) {
    switch event.kind {
    case .start: try startOperation(Int(event.operation), &context)
    case .send: try sendAttempt(Int(event.operation), &context)
    case .arrive: try serverReceive(event, &context)
    case .complete: try serverComplete(event, &context)
    case .respond: try clientReceive(event, &context)
    case .timeout: try clientTimeout(event, &context)
    }
  }

  /// Immutable options shared by reference.
  final class Settings: Sendable {
    let options: RequestWorldOptions

    init(_ options: RequestWorldOptions) {
      self.options = options
    }
  }

  /// `now + delay`, or a clock-overflow error.
  @inline(__always)
  static func later(_ now: VirtualTime, _ delay: UInt64) throws(SimulationError) -> UInt64 {
    let (sum, overflow) = now.nanoseconds.addingReportingOverflow(delay)
    guard !overflow else {
      throw .clockOverflow(ClockOverflow(operation: "\(now) + \(VirtualDuration(nanoseconds: delay))"))
    }
    return sum
  }

  /// `client#17`: the actor name of an operation's client in traces.
  static func clientName(_ operation: Int) -> String { "client#\(operation)" }
}
