/// The client side of a request world whose client is your async code: one
/// record per operation, the requests waiting for an answer, and what the
/// code asked for since the world last looked (``Command``s).
///
/// User code reaches it only through ``SimulatedTransport`` and
/// ``SimulatedClient`` from the simulation's thread, while a job of the
/// code runs; the world takes the posted commands after each job and
/// carries them out with the engine (network, server, timers). A class, so
/// that the code's tasks and the world share it; its state is touched only
/// on the runtime's thread.
@usableFromInline
final class UserCodeClients: @unchecked Sendable {
  /// One operation's client, as the world sees it.
  @usableFromInline
  struct Record {
    @usableFromInline
    var start = VirtualTime.zero
    @usableFromInline
    var end = VirtualTime.zero
    /// How the code ended the operation (``ClientOutcome/pending`` while it
    /// runs, or when it returned that).
    @usableFromInline
    var outcome = ClientOutcome.pending
    /// Whether the code has returned.
    @usableFromInline
    var finished = false
    /// Messages numbered so far: the latest's sequence number.
    @usableFromInline
    var sequence: UInt32 = 0
    /// Requests sent (status queries included).
    @usableFromInline
    var attempts: UInt32 = 0
    /// The first idempotency key the operation sent: its key.
    @usableFromInline
    var key: String?
    /// The digest of the first body it sent, once it sent one.
    @usableFromInline
    var payload: UInt64?
  }

  /// A request waiting for its answer.
  @usableFromInline
  struct Pending {
    @usableFromInline
    var continuation: UnsafeContinuation<HTTPResponse, any Error>
    /// When it times out.
    @usableFromInline
    var deadline: VirtualTime
    /// Which arming of its timeout is live (a race may move it).
    @usableFromInline
    var generation: UInt32
    /// Whether it asks whether the write was applied (`GET`, `HEAD`).
    @usableFromInline
    var isQuery: Bool

    @usableFromInline
    init(
      continuation: UnsafeContinuation<HTTPResponse, any Error>, deadline: VirtualTime, generation: UInt32,
      isQuery: Bool
    ) {
      self.continuation = continuation
      self.deadline = deadline
      self.generation = generation
      self.isQuery = isQuery
    }
  }

  /// What the code asked for, in the order it asked.
  @usableFromInline
  enum Command {
    /// Send a request of an operation (its sequence number given).
    case send(operation: Int, sequence: UInt32, HTTPRequest, UnsafeContinuation<HTTPResponse, any Error>)
    /// A trace line of the code's own.
    case note(operation: Int, event: String, details: String)
    /// The code of an operation returned.
    case finish(operation: Int, ClientOutcome)
  }

  /// The runtime the code runs on.
  @usableFromInline
  let runtime: TaskRuntime
  /// Per operation.
  @usableFromInline
  @exclusivity(unchecked) var records: [Record]
  /// Requests waiting for an answer, by (operation, sequence).
  @usableFromInline
  @exclusivity(unchecked) var pending: WaitingRequests
  /// Posted since the world last took them.
  @exclusivity(unchecked) private var commands: [Command] = []
  /// Requests cancelled before the world sent them, by (operation, sequence).
  @exclusivity(unchecked) private var cancelledBeforeSending: Set<UInt64> = []

  /// Clients for `operations` operations of code on `runtime`.
  @usableFromInline
  init(operations: Int, runtime: TaskRuntime) {
    self.runtime = runtime
    records = Array(repeating: Record(), count: operations)
    pending = WaitingRequests(operations: operations)
  }

  /// Restores every client's initial state, keeping the storage; requests
  /// still waiting are dropped (their tasks never resume).
  ///
  /// - Complexity: O(operations).
  @usableFromInline
  func reset() {
    for index in records.indices { records[index] = Record() }
    if !pending.isEmpty || !commands.isEmpty { runtime.taint() }
    pending.removeAll()
    commands.removeAll(keepingCapacity: true)
    cancelledBeforeSending.removeAll(keepingCapacity: true)
  }

  /// The key of a message in ``pending``.
  @usableFromInline
  @inline(__always)
  static func key(_ operation: Int, _ sequence: UInt32) -> UInt64 {
    UInt64(operation) << 32 | UInt64(sequence)
  }

  // MARK: From the code (on the runtime's thread)

  /// The next message number of `operation`.
  @usableFromInline
  func nextSequence(_ operation: Int) -> UInt32 {
    records[operation].sequence &+= 1
    return records[operation].sequence
  }

  /// Posts a request; the world sends it after the current job.
  @usableFromInline
  func post(
    _ operation: Int, _ sequence: UInt32, _ request: HTTPRequest,
    _ continuation: UnsafeContinuation<HTTPResponse, any Error>
  ) {
    commands.append(.send(operation: operation, sequence: sequence, request, continuation))
  }

  /// Posts a trace line of the code's.
  @usableFromInline
  func note(_ operation: Int, _ event: String, _ details: String) {
    guard runtime.isCurrent else {
      runtime.recordForeign("a trace line of op#\(operation) was written from another thread")
      return
    }
    commands.append(.note(operation: operation, event: event, details: details))
  }

  /// The code of `operation` returned `outcome`.
  @usableFromInline
  func finished(_ operation: Int, _ outcome: ClientOutcome) {
    guard runtime.isCurrent else {
      runtime.recordForeign("the code of op#\(operation) finished on another thread")
      return
    }
    commands.append(.finish(operation: operation, outcome))
  }

  /// The task waiting for message `sequence` of `operation` was
  /// cancelled: it resumes with `CancellationError` (the message, if sent,
  /// goes on; its answer will be discarded).
  @usableFromInline
  func cancel(_ operation: Int, _ sequence: UInt32) {
    guard runtime.isCurrent else {
      runtime.recordForeign("a request of op#\(operation) was cancelled from another thread")
      return
    }
    let key = Self.key(operation, sequence)
    if let waiting = pending.remove(operation, sequence) {
      waiting.continuation.resume(throwing: CancellationError())
    } else {
      cancelledBeforeSending.insert(key)
    }
  }

  // MARK: For the world

  /// Starts the code of `operation` in a task of its own, with the
  /// operation's transport: it runs `submissions` times in a row, and its
  /// last outcome is the operation's.
  @usableFromInline
  func start(
    _ operation: Int, running code: @escaping @Sendable (SimulatedClient) async -> ClientOutcome, submissions: Int
  ) {
    let client = SimulatedClient(
      operation: operation, transport: SimulatedTransport(clients: self, operation: operation),
      clock: SimulatedClock(runtime), random: SimulatedRandom(runtime.random, operation: operation))
    runtime.spawn {
      var outcome = ClientOutcome.pending
      for _ in 0..<max(1, submissions) { outcome = await code(client) }
      client.transport.clients.finished(operation, outcome)
    }
  }

  /// Whether the code posted anything since the world last took it.
  @usableFromInline
  var hasCommands: Bool { !commands.isEmpty }

  /// Takes what the code posted, in order.
  @usableFromInline
  func takeCommands(into buffer: inout [Command]) {
    buffer.removeAll(keepingCapacity: true)
    swap(&buffer, &commands)
  }

  /// The request world's message for an HTTP request (see
  /// ``SimulatedTransport`` for the mapping).
  @usableFromInline
  func message(for request: HTTPRequest, _ operation: Int, _ sequence: UInt32) -> RequestMessage {
    let kind: MessageKind =
      HTTPHeaders.sameName(request.method, "GET") || HTTPHeaders.sameName(request.method, "HEAD") ? .query : .write
    var key = IdempotencyKey.none
    var payload = PayloadDigest.original
    if kind == .write {
      if let sent = request.headers["Idempotency-Key"] {
        if let known = records[operation].key {
          key = known == sent ? .stable : .fresh
        } else {
          records[operation].key = sent
          key = .stable
        }
      }
      let digest = BodyDigest.of(request.body)
      if let first = records[operation].payload {
        payload = first == digest ? .original : .changed
      } else {
        records[operation].payload = digest
      }
    }
    let version = request.headers["If-Match"].flatMap { UInt32($0.filter(\.isNumber)) } ?? 0
    return RequestMessage(
      operation: UInt32(operation), sequence: sequence, kind: kind, key: key, payload: payload, ifMatch: version)
  }

  /// Whether the request was cancelled before the world sent it (then it
  /// is not sent at all).
  @usableFromInline
  func wasCancelledBeforeSending(_ operation: Int, _ sequence: UInt32) -> Bool {
    cancelledBeforeSending.isEmpty ? false : cancelledBeforeSending.remove(Self.key(operation, sequence)) != nil
  }
}
