/// The request world's server: it admits requests (capacity, a queue),
/// processes them for a sampled time, and answers each at its commit point
/// from its ledger.
///
/// The server sees only the ``RequestMessage``s the world delivers — their
/// idempotency key, payload digest and `If-Match` version — and answers
/// with ``ResponseMessage``s that carry their own Retry-After; it never
/// touches a client. What it decides is split in two: the mechanics here
/// (admission, the capacity queue, processing time, what is in flight,
/// the load counters) and the request handler in `RequestServer+Handler`
/// (keys, conflicts, versions, injected failures: the decisions a user's
/// own handler would replace).
struct RequestServer {
  /// Each operation's entry in the ledger.
  var ledger: [LedgerEntry]
  /// The current version of each contended record (conditional writes).
  var versions: [UInt32]
  /// Requests waiting for a worker (capacity-limited servers), from
  /// `queueHead` on.
  var queue: [RequestMessage] = []
  var queueHead = 0
  /// Workers processing a request now.
  var busyWorkers = 0
  /// Requests that reached the server: the load.
  var requests: UInt64 = 0
  /// Write requests that reached the server.
  var writeCalls: UInt64 = 0
  /// Requests refused with 503 for lack of capacity.
  var overloadRejections: UInt64 = 0
  /// The server's options.
  let options: ServerOptions
  /// The shared records that conditional writes update, if any.
  let contention: WorkloadOptions.Contention?
  /// Events closer than this race (the retry-vs-commit and
  /// retry-vs-key-expiry races are the server's).
  let raceWindow: VirtualDuration

  /// A server of `options` for `operations` operations.
  init(
    _ options: ServerOptions, operations: Int, contention: WorkloadOptions.Contention?, raceWindow: VirtualDuration
  ) {
    self.options = options
    self.contention = contention
    self.raceWindow = raceWindow
    ledger = Array(repeating: LedgerEntry(), count: operations)
    versions = Array(repeating: 0, count: contention?.resources ?? 0)
  }

  /// Restores the initial state for another run, keeping the storage.
  ///
  /// - Complexity: O(operations + records).
  mutating func reset() {
    for index in ledger.indices { ledger[index] = LedgerEntry() }
    for index in versions.indices { versions[index] = 0 }
    queue.removeAll(keepingCapacity: true)
    queueHead = 0
    busyWorkers = 0
    requests = 0
    writeCalls = 0
    overloadRejections = 0
  }

  /// What the server does with a request that arrives now.
  @inline(__always)
  mutating func receive(_ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>) -> Reception {
    requests &+= 1
    if request.kind == .write { writeCalls &+= 1 }
    if let reception = answerKeyInFlight(request, &context) { return reception }
    if let capacity = options.capacity {
      if busyWorkers < capacity.workers {
        busyWorkers += 1
      } else if queue.count - queueHead < capacity.queueLimit {
        queue.append(request)
        return .queued
      } else {
        overloadRejections &+= 1
        context.trace(RequestActor.server, "503: overloaded", "op=\(request.operation)")
        return .answer(reply(to: request, 503))
      }
    }
    return .process
  }

  /// Starts processing a request on a worker: done at once when processing
  /// takes no time, else busy until the sampled end.
  @inline(__always)
  mutating func beginProcessing(
    _ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) -> Processing {
    let operation = Int(request.operation)
    if request.kind == .write { ledger[operation].inFlight &+= 1 }
    if case .fixed(let delay) = options.processing, delay == .zero { return .immediate }
    let duration = options.processing.delay(
      word: context.valueWord(RequestDraw.processing.key(operation, request.sequence)))
    let done = try context.now + duration
    if request.kind == .write { ledger[operation].inFlightUntil = max(ledger[operation].inFlightUntil, done) }
    return .busy(until: done)
  }

  /// Finishes processing a request: its commit point, where the handler
  /// answers it.
  @inline(__always)
  mutating func complete(
    _ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>
  ) -> ResponseMessage {
    if request.kind == .write { ledger[Int(request.operation)].inFlight &-= 1 }
    return serve(request, &context)
  }

  /// After a completion: the queued request the freed worker takes next,
  /// if any (the worker goes idle otherwise).
  ///
  /// - Complexity: O(1) amortised.
  @inline(__always)
  mutating func nextQueued() -> RequestMessage? {
    guard options.capacity != nil else { return nil }
    guard queueHead < queue.count else {
      busyWorkers -= 1
      return nil
    }
    let next = queue[queueHead]
    queueHead += 1
    if queueHead == queue.count {
      queue.removeAll(keepingCapacity: true)
      queueHead = 0
    }
    return next
  }

  /// What the server does with an arriving request.
  enum Reception {
    /// Answers at once, without processing.
    case answer(ResponseMessage)
    /// Holds the request until the given time (the commit of the attempt
    /// it repeats), when it arrives again.
    case hold(RequestMessage, until: VirtualTime)
    /// Queues it for a worker: how long it waits is unknown.
    case queued
    /// Processes it now.
    case process
  }

  /// How processing a request goes.
  enum Processing: Equatable {
    /// It completes at once (processing takes no time).
    case immediate
    /// It completes at the given time.
    case busy(until: VirtualTime)
  }
}
