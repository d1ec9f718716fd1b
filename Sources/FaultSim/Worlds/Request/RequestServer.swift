/// The request world's server: it admits requests (capacity, a queue),
/// processes them for a sampled time, and has its ``RequestHandler`` answer
/// each at its commit point.
///
/// The server sees only the ``RequestMessage``s the world delivers and
/// answers with ``ResponseMessage``s that carry their own Retry-After; it
/// never touches a client. Its mechanics are here — admission, the
/// capacity queue, processing time, which writes are in flight and when
/// they commit, the load counters — and its decisions are the handler's.
@usableFromInline
struct RequestServer<Handler: RequestHandler> {
  /// The records of the operations in flight, numbered as the clients'
  /// (see ``OperationWindow``): the handler's entry and the writes being
  /// processed.
  @usableFromInline
  var records: OperationWindow<ServerRecord<Handler.Entry>>
  /// Requests waiting for a worker (capacity-limited servers), from
  /// `queueHead` on.
  @usableFromInline
  var queue: [RequestMessage] = []
  @usableFromInline
  var queueHead = 0
  /// Workers processing a request now.
  @usableFromInline
  var busyWorkers = 0
  /// Requests being processed now, whether anyone still waits for their
  /// answer or not (a try the gateway gave up on is processed to its end):
  /// each is a pending completion, counted for a memory-budget message.
  @usableFromInline
  var processingCount = 0
  /// Requests that reached the server: the load.
  @usableFromInline
  var requests: UInt64 = 0
  /// Write requests that reached the server.
  @usableFromInline
  var writeCalls: UInt64 = 0
  /// Requests refused with 503 for lack of capacity.
  @usableFromInline
  var overloadRejections: UInt64 = 0
  /// A limited service rate; `nil` is unlimited.
  @usableFromInline
  let capacity: ServerOptions.Capacity?
  /// Time to process one request.
  @usableFromInline
  let processing: LatencyDistribution
  /// A retry arriving this close before the commit of the write it repeats
  /// races with it.
  @usableFromInline
  let raceWindow: VirtualDuration
  /// When the server restarts (stores that forget); `nil` never.
  @usableFromInline
  var restarts: RestartSchedule?
  /// With a capacity: the restart instants of the workers a restart cut,
  /// in time order. Each stays busy until its restart, when the server's
  /// restart (`RequestEvent/serverRestart`) frees it.
  @usableFromInline
  var cutWorkers: [VirtualTime] = []
  /// With a capacity: the latest restart a `RequestEvent/serverRestart`
  /// was scheduled for.
  @usableFromInline
  var restartScheduled: VirtualTime?
  /// How a Retry-After leaves the server: a delay, or a date on its clock
  /// (clocks that disagree).
  @usableFromInline
  let dating: RetryAfterDating
  // The handler and the empty record come last: their layout depends on
  // `Handler`, and a field after them would have an offset only the
  // type's metadata knows, which a debug build looks up (a few hundred
  // instructions) at every access (Benchmarks/README.md, "In a debug
  // build").
  /// The decisions.
  @usableFromInline
  var handler: Handler
  /// An operation's record before any request of it arrived.
  @usableFromInline
  var emptyRecord: ServerRecord<Handler.Entry>

  /// A server for `operations` operations, answering with `handler`,
  /// restarting as `restarts` says.
  @inlinable
  init(
    handler: Handler, operations: Int, capacity: ServerOptions.Capacity?, processing: LatencyDistribution,
    raceWindow: VirtualDuration, restarts: RestartOptions? = nil,
    dating: RetryAfterDating = RetryAfterDating(ServerOptions())
  ) {
    self.restarts = restarts.map(RestartSchedule.init)
    self.dating = dating
    records = OperationWindow(capacity: Swift.min(operations, 1024))
    emptyRecord = ServerRecord(entry: handler.emptyEntry)
    self.handler = handler
    self.capacity = capacity
    self.processing = processing
    self.raceWindow = raceWindow
  }

  /// Restores the initial state for another run, keeping the storage.
  ///
  /// - Complexity: O(operations in flight).
  @inlinable
  mutating func reset() {
    handler.reset()
    prepareRun()
  }

  /// Empties the records and the counters before a run; the records get
  /// their own storage if a copy of the world shares them.
  ///
  /// - Complexity: O(operations in flight).
  @inlinable
  mutating func prepareRun() {
    records.removeAll()
    emptyRecord = ServerRecord(entry: handler.emptyEntry)
    queue.removeAll(keepingCapacity: true)
    queueHead = 0
    busyWorkers = 0
    processingCount = 0
    requests = 0
    writeCalls = 0
    overloadRejections = 0
    restarts?.rewind()
    cutWorkers.removeAll(keepingCapacity: true)
    restartScheduled = nil
  }

  /// Makes the record of the operation that starts now.
  ///
  /// - Precondition: operations open in number order.
  /// - Complexity: Amortised O(1).
  @inlinable
  @inline(__always)
  mutating func open(_ operation: Int) {
    OperationWindow.open(operation, emptyRecord, in: &records)
  }

  /// What the server does with a request that arrives now.
  @inlinable
  @inline(__always)
  mutating func receive(_ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>) -> Reception {
    if restarts != nil, refusesWhileDown(request, &context) {
      return .refused(
        ResponseMessage(
          operation: request.operation, sequence: request.sequence, status: .transportFailure(.cannotConnect)))
    }
    requests &+= 1
    if request.kind == .write { writeCalls &+= 1 }
    let operation = Int(request.operation)
    if handler.refusesWhileInFlight(request), records[operation].writesInFlight > 0 {
      // A retry just before the commit of the write it repeats races it.
      let commit = records[operation].commitsAt
      let now = context.now
      if !request.heldUntilCommit, commit >= now, commit.distance(to: now) <= raceWindow {
        let commitFirst =
          context.choose(
            race: RequestDraw.retryVsCommit.key(request.delivery), label: RequestDraw.retryVsCommit.name,
            alternatives: ["arrival first", "commit first"]) == 1
        if commitFirst {
          // The held request arrives again at the commit and is counted then.
          requests &-= 1
          writeCalls &-= 1
          var held = request
          held.heldUntilCommit = true
          return .hold(held, until: commit)
        }
      }
      return .answer(dating.dated(handler.refuseWhileInFlight(request, &context.decisions), now: context.now))
    }
    if let capacity {
      if busyWorkers < capacity.workers {
        busyWorkers += 1
      } else if queue.count - queueHead < capacity.queueLimit {
        queue.append(request)
        return .queued
      } else {
        overloadRejections &+= 1
        context.trace(RequestActor.server, "503: overloaded", "op=\(request.operation)")
        return .answer(
          dating.dated(
            ResponseMessage(answering: request, status: 503, content: .retryAfter(capacity.retryAfter)),
            now: context.now))
      }
    }
    return .process
  }

  /// Starts processing a request on a worker: done at once when processing
  /// takes no time, else busy until the sampled end.
  @usableFromInline @_transparent
  mutating func beginProcessing(
    _ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) -> Processing {
    let operation = Int(request.operation)
    if request.kind == .write { records[operation].writesInFlight &+= 1 }
    if case .fixed(let delay) = processing, delay == .zero { return .immediate }
    let duration = processing.delay(word: context.valueWord(RequestDraw.processing.key(request.delivery)))
    let done = try context.now + duration
    if restarts != nil, let restart = restartCuts(request, before: done, &context) {
      if request.kind == .write { records[operation].writesInFlight &-= 1 }
      // The worker is busy with the request until the restart.
      if capacity != nil { cutWorkers.append(restart) }
      return .lostToRestart(at: restart)
    }
    if request.kind == .write { records[operation].commitsAt = max(records[operation].commitsAt, done) }
    processingCount &+= 1
    return .busy(until: done)
  }

  /// Finishes processing a request: its commit point, where the handler
  /// answers it.
  @inlinable
  @inline(__always)
  mutating func complete(
    _ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>
  ) -> ResponseMessage {
    // The record's place, found once for both accesses.
    let record = records.address(of: Int(request.operation))
    if request.kind == .write { record.pointee.writesInFlight &-= 1 }
    return dating.dated(handler.serve(request, &record.pointee.entry, &context.decisions), now: context.now)
  }

  /// A request whose processing took time (``Processing/busy(until:)``)
  /// is done: called when its completion event is handled.
  @usableFromInline @_transparent
  mutating func processingEnded() {
    processingCount &-= 1
  }

  /// The bytes the server holds: its records, its capacity queue and what
  /// its handler keeps besides (room allocated included).
  ///
  /// - Complexity: O(1).
  var allocatedBytes: Int {
    records.allocatedBytes &+ queue.capacity &* MemoryLayout<RequestMessage>.stride
      &+ cutWorkers.capacity &* MemoryLayout<VirtualTime>.stride &+ handler.liveBytes
  }

  /// Times the server applied the write of `operation` so far.
  @inlinable
  func applied(_ operation: Int) -> Int {
    handler.applied(records[operation].entry)
  }

  /// After a completion: the queued request the freed worker takes next,
  /// if any (the worker goes idle otherwise).
  ///
  /// - Complexity: O(1) amortised.
  @usableFromInline @_transparent
  mutating func nextQueued() -> RequestMessage? {
    guard capacity != nil else { return nil }
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
  @usableFromInline
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
    /// Refuses the connection: the server is down after a restart. The
    /// client's transport failure (connection refused) comes now.
    case refused(ResponseMessage)
  }

  /// How processing a request goes.
  @usableFromInline
  enum Processing: Equatable {
    /// It completes at once (processing takes no time).
    case immediate
    /// It completes at the given time.
    case busy(until: VirtualTime)
    /// A restart at the given time cuts it before its commit: nothing is
    /// applied, and the client sees the connection reset then.
    case lostToRestart(at: VirtualTime)
  }
}

extension RequestServer where Handler == BuiltInRequestHandler {
  /// The server of `options`, answering with the built-in handler.
  init(
    _ options: ServerOptions, operations: Int, contention: WorkloadOptions.Contention?, raceWindow: VirtualDuration
  ) {
    self.init(
      handler: BuiltInRequestHandler(options, contention: contention, raceWindow: raceWindow),
      operations: operations, capacity: options.capacity, processing: options.processing, raceWindow: raceWindow,
      restarts: options.restarts, dating: RetryAfterDating(options))
  }
}

extension RequestServer {
  /// Requests being processed now (a try the gateway gave up on included).
  var processingNow: Int { processingCount }

  /// Moves the oldest open operation's record out of the ring (the
  /// client's window spilled it too).
  @inlinable
  mutating func spillOldest() { records.spillOldest() }

  /// Forgets a spilled operation's record.
  @inlinable
  mutating func forgetSpilled(_ operation: Int) { records.forgetSpilled(operation) }

  /// Forgets the records of the operations below `operation`.
  @usableFromInline @_transparent
  mutating func retire(below operation: Int) { OperationWindow.retire(below: operation, in: &records) }

  // MARK: The router's calls, as static functions

  // A debug build looks up a generic struct's metadata at each call of one
  // of its mutating methods, and not for a static function, which is handed
  // `Handler`'s; the bodies above are `@_transparent`, so a debug build
  // inlines them here, in their file. These touch no field whose offset
  // depends on `Handler` (Benchmarks/README.md, "In a debug build").

  /// ``beginProcessing(_:_:)`` of `server`.
  @inlinable
  @inline(__always)
  static func beginProcessing(
    _ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>, in server: inout Self
  ) throws(SimulationError) -> Processing {
    try server.beginProcessing(request, &context)
  }

  /// ``nextQueued()`` of `server`.
  @inlinable
  @inline(__always)
  static func nextQueued(in server: inout Self) -> RequestMessage? {
    server.nextQueued()
  }

  /// ``processingEnded()`` of `server`.
  @inlinable
  @inline(__always)
  static func processingEnded(in server: inout Self) {
    server.processingEnded()
  }

  /// ``retire(below:)`` of `server`.
  @inlinable
  @inline(__always)
  static func retire(below operation: Int, in server: inout Self) {
    server.retire(below: operation)
  }

  /// Adds the server's counters to `metrics`: requests received, write
  /// calls, overload rejections.
  @inlinable
  func count(into metrics: inout RequestMetrics) {
    metrics.serverRequests = requests
    metrics.writeCalls = writeCalls
    metrics.overloadRejections = overloadRejections
  }
}
