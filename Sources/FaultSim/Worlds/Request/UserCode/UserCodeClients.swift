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
  /// One operation's client, as the router sees it (kept by ``CodeClient``).
  @usableFromInline
  struct Record: RoutedClientRecord {
    @usableFromInline
    var start = VirtualTime.zero
    /// How the code ended the operation (``ClientOutcome/pending`` while it
    /// runs, or when it returned that).
    @usableFromInline
    var outcome = ClientOutcome.pending
    /// Whether the code has returned (or its app was given up on).
    @usableFromInline
    var isFinished = false
    /// Requests sent (status queries included).
    @usableFromInline
    var attempts: UInt32 = 0
    /// The operation's requests not yet answered (the router's count).
    @usableFromInline
    var unansweredRequests: UInt32 = 0

    @inlinable
    init() {}
  }

  /// One operation's code, as its tasks see it.
  @usableFromInline
  struct Process {
    /// Messages numbered so far: the latest's sequence number.
    @usableFromInline
    var sequence: UInt32 = 0
    /// The running launch of the operation's code: 1 for the first
    /// process of its app, one more for each relaunch after a kill.
    @usableFromInline
    var launch: UInt32 = 1
    /// Whether the operation ended (its code's late calls reach nothing).
    @usableFromInline
    var isFinished = false
    /// The first idempotency key the operation sent: its key.
    @usableFromInline
    var key: String?
    /// The digest of the first body it sent, once it sent one.
    @usableFromInline
    var payload: UInt64?
    /// The task running the current launch's code (cancelled when its
    /// process is killed).
    @usableFromInline
    var task: Task<Void, Never>?
    /// The operation's storage that survives its app's process.
    @usableFromInline
    var disk: SimulatedDisk?
    /// The task the current launch's code began in (``CurrentTask``), once
    /// it runs: only compared with the current task while the launch is
    /// live (its task runs until the launch ends or is killed).
    @usableFromInline
    var root: UnsafeRawPointer?
    /// The latest request the root task waited for without a cancellation
    /// handler (0: none): the one the app kill resumes, if still waiting.
    @usableFromInline
    var rootWait: UInt32 = 0

    @inlinable
    init() {}

    /// The operation's code returned: its late calls reach nothing, and
    /// its task is no longer one a kill cancels or a send compares with.
    @inlinable
    mutating func end() {
      isFinished = true
      task = nil
      root = nil
    }
  }

  /// A request waiting for its answer.
  @usableFromInline
  struct Pending {
    @usableFromInline
    var continuation: UnsafeContinuation<TransportResponse, any Error>
    /// When it times out.
    @usableFromInline
    var deadline: VirtualTime
    /// Which arming of its timeout is live (a race may move it).
    @usableFromInline
    var generation: UInt32 = 0
    /// Whether its timeout event is pending.
    @usableFromInline
    var isArmed = false
    /// Whether it asks whether the write was applied (`GET`, `HEAD`).
    @usableFromInline
    var isQuery: Bool
    /// Whether it is a write (the only kind an app kill interrupts).
    @usableFromInline
    var isWrite: Bool
    /// Whether the app-kill-vs-response race put its kill after its answer.
    @usableFromInline
    var killDeferred = false
    /// When it left the device.
    @usableFromInline
    var sentAt: VirtualTime
    /// How long the device waits for its answer, in true time.
    @usableFromInline
    var timeout: VirtualDuration

    @usableFromInline
    init(
      continuation: UnsafeContinuation<TransportResponse, any Error>, isQuery: Bool, isWrite: Bool, sentAt: VirtualTime,
      timeout: VirtualDuration
    ) throws(SimulationError) {
      self.continuation = continuation
      self.isQuery = isQuery
      self.isWrite = isWrite
      self.sentAt = sentAt
      self.timeout = timeout
      deadline = try sentAt + timeout
    }
  }

  /// What the code asked for, in the order it asked.
  @usableFromInline
  enum Command {
    /// Send a request of an operation (its sequence number given).
    case send(operation: Int, sequence: UInt32, TransportRequest, UnsafeContinuation<TransportResponse, any Error>)
    /// A trace line of the code's own.
    case note(operation: Int, event: String, details: String)
    /// The code of an operation returned.
    case finish(operation: Int, ClientOutcome)
  }

  /// The runtime the code runs on.
  @usableFromInline
  let runtime: TaskRuntime
  /// Per operation, what its code's tasks touch.
  @usableFromInline
  @exclusivity(unchecked) var processes: [Process]
  /// Operations below this have launched since the last reset (operations
  /// launch in order): the ones ``reset()`` must clear.
  @exclusivity(unchecked) private var launched = 0
  /// Requests waiting for an answer, by (operation, sequence).
  @usableFromInline
  @exclusivity(unchecked) var pending: WaitingRequests
  /// Whether each launch's tasks carry their operation
  /// (``RunningOperation/current``): only a world with an app object, whose
  /// app-wide transport needs it, pays for it.
  @usableFromInline
  @exclusivity(unchecked) var tasksCarryOperation = false
  /// Whether the run keeps a timeline: without one, your code's trace
  /// lines are dropped where they are written.
  @usableFromInline
  @exclusivity(unchecked) var isTracing = false
  /// Posted since the world last took them.
  @exclusivity(unchecked) private var commands: [Command] = []
  /// Requests cancelled before the world sent them, by (operation, sequence).
  @exclusivity(unchecked) private var cancelledBeforeSending: Set<UInt64> = []
  /// Tasks whose launch returned, waiting for the next launch.
  @exclusivity(unchecked) private var idleWorkers: [CodeWorker] = []

  /// Clients for `operations` operations of code on `runtime`.
  @usableFromInline
  init(operations: Int, runtime: TaskRuntime) {
    self.runtime = runtime
    processes = Array(repeating: Process(), count: operations)
    pending = WaitingRequests(operations: operations)
  }

  deinit {
    stopIdleWorkers()
  }

  /// Restores every client's initial state, keeping the storage; requests
  /// still waiting are dropped (their tasks never resume).
  ///
  /// - Complexity: O(operations).
  @usableFromInline
  func reset() {
    if launched > 0 {
      for index in processes.indices.prefix(launched) { processes[index] = Process() }
      launched = 0
    }
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

  /// Whether `launch` of `operation`'s code still runs: a killed
  /// process's late calls reach nothing.
  @usableFromInline
  func admits(_ operation: Int, _ launch: UInt32) -> Bool {
    processes[operation].launch == launch && !processes[operation].isFinished
  }

  /// The next message number of `operation`.
  @usableFromInline
  func nextSequence(_ operation: Int) -> UInt32 {
    processes[operation].sequence &+= 1
    return processes[operation].sequence
  }

  /// Posts a request; the world sends it after the current job.
  @usableFromInline
  func post(
    _ operation: Int, _ sequence: UInt32, _ request: TransportRequest,
    _ continuation: UnsafeContinuation<TransportResponse, any Error>
  ) {
    commands.append(.send(operation: operation, sequence: sequence, request, continuation))
  }

  /// Posts a trace line of the code's.
  @usableFromInline
  func note(_ operation: Int, launch: UInt32, _ event: String, _ details: String) {
    guard runtime.isCurrent else {
      runtime.recordForeign("a trace line of op#\(operation) was written from another thread")
      return
    }
    guard isTracing, admits(operation, launch) else { return }
    commands.append(.note(operation: operation, event: event, details: details))
  }

  /// The code of `operation` returned `outcome`.
  @usableFromInline
  func finished(_ operation: Int, launch: UInt32, _ outcome: ClientOutcome) {
    guard runtime.isCurrent else {
      runtime.recordForeign("the code of op#\(operation) finished on another thread")
      return
    }
    guard admits(operation, launch) else { return }
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

  /// The app kill is about to cancel the root task of `operation`'s
  /// launch: the request it waits for, if any, ends with
  /// `CancellationError` first — as its cancellation handler did when the
  /// root installed one, the newest of its records, hence the first the
  /// cancellation ran.
  ///
  /// - Complexity: O(1).
  @usableFromInline
  func cancelRootWait(_ operation: Int) {
    let sequence = processes[operation].rootWait
    processes[operation].rootWait = 0
    processes[operation].root = nil
    guard sequence != 0, let waiting = pending.remove(operation, sequence) else { return }
    waiting.continuation.resume(throwing: CancellationError())
  }

  // MARK: For the world

  /// Starts the current launch of `operation`'s code in a task of its
  /// own — an idle worker's, or a new one's (``CodeWorker``) — with the
  /// operation's transport, clock, randomness and disk: it runs `times`
  /// times in a row, and its last outcome is the operation's.
  @usableFromInline
  func launch(
    _ operation: Int, running code: @escaping @Sendable (SimulatedClient) async -> ClientOutcome, times: Int,
    killable: Bool
  ) {
    let launch = processes[operation].launch
    launched = max(launched, operation + 1)
    let client = SimulatedClient(
      operation: operation, launch: Int(launch),
      transport: SimulatedTransport(clients: self, operation: operation, launch: launch),
      clock: SimulatedClock(runtime, owner: SleepOwner(device: UInt32(truncatingIfNeeded: operation), process: launch)),
      random: SimulatedRandom(runtime.random, operation: operation, launch: Int(launch) - 1))
    let work = CodeWorker.Launch(
      code: code, client: client, times: times, launch: launch, carriesOperation: tasksCarryOperation)
    let worker: CodeWorker
    // `remove(at:)` of the last index, not `popLast` (see `CodeClient.commands`).
    if idleWorkers.count != 0 {
      worker = idleWorkers.remove(at: idleWorkers.count &- 1)
      worker.start(work)
    } else {
      worker = CodeWorker(clients: self)
      worker.start(work)
      worker.task = runtime.spawn { await CodeWorker.work(worker) }
    }
    // Kept only where a kill may cancel it.
    if killable { processes[operation].task = worker.task }
  }

  /// A worker whose launch returned waits for the next launch.
  func idle(_ worker: CodeWorker) {
    idleWorkers.append(worker)
  }

  /// Ends the idle workers' tasks, on this thread: each resumes, finds no
  /// launch and returns. Skipped when jobs of a run are still ready (a run
  /// that escaped left them, and running them would run its code): those
  /// tasks stay suspended, as the escaped run's do.
  ///
  /// - Complexity: O(idle workers).
  func stopIdleWorkers() {
    guard !idleWorkers.isEmpty, runtime.readyCount == 0, (try? runtime.enter()) != nil else { return }
    defer { runtime.leave() }
    for worker in idleWorkers {
      worker.stop()
      while runtime.readyCount > 0 { try? runtime.run(runtime.takeJob(at: 0)) }
    }
    idleWorkers.removeAll()
  }

  /// Runs one launch of an operation's code `times` times in a row and
  /// reports its last outcome.
  @usableFromInline
  @inline(__always)
  static func run(
    _ code: @Sendable (SimulatedClient) async -> ClientOutcome, _ client: SimulatedClient, times: Int,
    operation: Int, launch: UInt32
  ) async {
    let clients = client.transport.clients
    clients.processes[operation].root = CurrentTask.identity
    var outcome = ClientOutcome.pending
    for _ in 0..<max(1, times) { outcome = await code(client) }
    client.transport.clients.finished(operation, launch: launch, outcome)
  }

  /// The disk of `operation`, made when its code first uses it.
  @usableFromInline
  func disk(of operation: Int) -> SimulatedDisk {
    if let disk = processes[operation].disk { return disk }
    let disk = SimulatedDisk(runtime: runtime)
    processes[operation].disk = disk
    return disk
  }

  /// Whether the code posted anything since the world last took it.
  /// (`count`, not `isEmpty`: a debug build calls the generic
  /// `Collection.isEmpty` at each event.)
  @usableFromInline
  var hasCommands: Bool { commands.count != 0 }

  /// Takes what the code posted into `buffer`, which must be empty, the
  /// oldest last (taken from the end); `buffer`'s storage is kept for the next
  /// posts.
  ///
  /// - Complexity: O(commands posted).
  @usableFromInline
  func takeCommands(into buffer: inout [Command]) {
    assert(buffer.count == 0, "commands taken before the previous ones were carried out")
    swap(&buffer, &commands)
    buffer.reverse()
  }

  /// The request world's message for an HTTP request (see
  /// ``SimulatedTransport`` for the mapping).
  @usableFromInline
  func message(for request: TransportRequest, _ operation: Int, _ sequence: UInt32) -> RequestMessage {
    let kind: MessageKind =
      TransportHeaders.sameName(request.method, "GET") || TransportHeaders.sameName(request.method, "HEAD")
      ? .query : .write
    var key = IdempotencyKey.none
    var payload = PayloadDigest.original
    if kind == .write {
      if let sent = request.headers["Idempotency-Key"] {
        if let known = processes[operation].key {
          key = known == sent ? .stable : .fresh
        } else {
          processes[operation].key = sent
          key = .stable
        }
      }
      let digest = BodyDigest.of(request.body)
      if let first = processes[operation].payload {
        payload = first == digest ? .original : .changed
      } else {
        processes[operation].payload = digest
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
