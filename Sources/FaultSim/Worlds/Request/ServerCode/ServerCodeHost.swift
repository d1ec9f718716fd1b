/// Your server code's side of a run: the server's database, the current
/// process and its handler, the requests being handled, and what the
/// handlers posted for the world since it last looked.
///
/// Handlers reach it from the simulation's thread, while a job of theirs
/// runs (through ``SimulatedServer``, ``SimulatedDatabase`` and the
/// handling task's wrapper); ``CodeClient`` carries out what they post
/// between jobs, with the engine's draws and trace. A class, so that the
/// tasks and the world share it; its state is touched only on the
/// runtime's thread.
@usableFromInline
final class ServerCodeHost: @unchecked Sendable {
  /// What a handling posted.
  @usableFromInline
  enum Command {
    /// A crash point: the world draws whether the process crashes here,
    /// and resumes the handling (or ends it with `CancellationError`).
    case crashPoint(ServerHandling, point: UInt32, UnsafeContinuation<Void, any Error>)
    /// The handler answered (or threw: `failure` says what).
    case answer(ServerHandling, ServerResponse, failure: String?)
    /// A trace line of the server's.
    case note(event: String, details: String)
  }

  /// A delivery's identity within its operation.
  struct DeliveryKey: Hashable {
    var sequence: UInt32
    var copy: UInt8
  }

  /// Your server.
  let code: ServerCode
  /// The runtime the handlers run on (the client code's).
  let runtime: TaskRuntime
  /// The server's database; a new one for every run.
  private(set) var database: SimulatedDatabase
  /// The current process's number: 1, then one more after each crash or
  /// restart.
  private(set) var generation: UInt32 = 1
  /// The current process's handler, built at its first request.
  private var handler: (@Sendable (ServerRequest) async throws -> ServerResponse)?
  /// When the current process started (a restart after it ends it).
  private var processStart = VirtualTime.zero
  /// The requests the client code sent, by operation and sequence number.
  private var sent: [Int: [UInt32: TransportRequest]] = [:]
  /// The handlings of the current process, in the order they began.
  private var inFlight: [ServerHandling] = []
  /// The answers your handlers gave, by operation and delivery.
  private var answers: [Int: [DeliveryKey: ServerResponse]] = [:]
  /// Committed inserts into the ledger, by operation.
  private var applied: [Int: Int] = [:]
  /// Posted since the world last took them.
  private var commands: [Command] = []
  /// Whether the run is traced: the handlings' statements are then
  /// traced too.
  var isTracing = false
  /// Requests kept in ``sent``: what its size is estimated by.
  private var sentCount = 0

  /// The host of `code` on `runtime`.
  init(_ code: ServerCode, runtime: TaskRuntime) {
    self.code = code
    self.runtime = runtime
    database = SimulatedDatabase(runtime: runtime)
    database.server = self
  }

  /// Forgets a run: a new, empty database, the first process again.
  ///
  /// - Complexity: O(what the run left).
  func reset() {
    database = SimulatedDatabase(runtime: runtime)
    database.server = self
    generation = 1
    handler = nil
    processStart = .zero
    sent.removeAll()
    sentCount = 0
    if !inFlight.isEmpty { runtime.taint() }
    inFlight.removeAll()
    answers.removeAll()
    applied.removeAll()
    commands.removeAll()
  }

  // MARK: For the world

  /// Keeps what the client code sends as message `sequence` of
  /// `operation`, for the handler that will receive it.
  @usableFromInline
  func record(_ request: TransportRequest, _ operation: Int, _ sequence: UInt32) {
    sent[operation, default: [:]][sequence] = request
    sentCount += 1
  }

  /// The bytes kept for requests not yet folded, estimated — each request,
  /// an answer and a handling at their layouts (their text not counted) —
  /// and the bytes the server's database holds.
  ///
  /// - Complexity: O(the database's tables).
  var liveBytes: Int {
    sentCount &* (MemoryLayout<TransportRequest>.stride &+ MemoryLayout<ServerResponse>.stride)
      &+ inFlight.count &* 64 &+ database.heldBytes
  }

  /// The request world's message for a request your server will answer:
  /// it is not the operation's order for FaultSim's server, so it is
  /// routed; `POST` and `PATCH` are writes an intermediary must not
  /// retry (unless keyed), and every method but `GET` and `HEAD` counts
  /// in `write_calls`.
  @usableFromInline
  static func message(for request: TransportRequest, _ operation: Int, _ sequence: UInt32) -> (
    RequestMessage, isWrite: Bool
  ) {
    let method = request.method.uppercased()
    var message = RequestMessage(
      operation: UInt32(operation), sequence: sequence, kind: .read,
      key: request.headers["Idempotency-Key"] == nil ? .none : .stable)
    message.marks.isRouted = true
    message.marks.isRoutedWrite = method == "POST" || method == "PATCH"
    message.marks.isRoutedWriteCall = method != "GET" && method != "HEAD"
    return (message, message.marks.isRoutedWriteCall)
  }

  /// Starts handling `request` (a delivery that reached its commit point)
  /// in a task of its own; its answer is posted when the handler returns.
  /// A restart of the server since the current process began ends it
  /// first.
  ///
  /// - Returns: The process that handles it, and the handlings a restart
  ///   ended (their connections are cut).
  func start(
    _ request: RequestMessage, now: VirtualTime, latestRestart: VirtualTime?
  ) -> (process: UInt32, ended: [ServerHandling]) {
    var ended: [ServerHandling] = []
    if let latestRestart, latestRestart > processStart, handler != nil {
      ended = endProcess(at: latestRestart)
    }
    if handler == nil {
      processStart = now
      handler = code.makeProcess(SimulatedServer(host: self, process: Int(generation)))
    }
    let handling = ServerHandling(request, process: generation)
    inFlight.append(handling)
    let serverRequest = sent[Int(request.operation)]?[request.sequence].map(ServerRequest.init)
    let handler = self.handler!
    let crashes = code.crashes > 0
    handling.task = runtime.spawn { [self] in
      await ServerHandling.$current.withValue(handling) {
        var response: ServerResponse
        var failure: String?
        if let serverRequest {
          do {
            response = try await handler(serverRequest)
          } catch {
            // A task of a crashed process ends with CancellationError:
            // nothing of it is answered.
            guard handling.process == self.generation else { return }
            response = ServerResponse(status: 500)
            failure = "\(error)"
          }
        } else {
          response = ServerResponse(status: 500)
          failure = "the request's text was forgotten"
        }
        if crashes {
          // The last crash point: after every commit, before the answer.
          do { try await self.crashPoint(handling) } catch { return }
        }
        self.post(.answer(handling, response, failure: failure))
      }
    }
    return (generation, ended)
  }

  /// The current process ends (crashed, or restarted at `instant`): its
  /// handlings are returned, their tasks cancelled, and the next request
  /// is handled by a new process.
  @discardableResult
  func endProcess(at instant: VirtualTime) -> [ServerHandling] {
    let ended = inFlight
    inFlight.removeAll()
    generation &+= 1
    handler = nil
    processStart = instant
    for handling in ended { handling.task?.cancel() }
    return ended
  }

  /// The handling ends with its answer: it is no longer in flight, and its
  /// answer is kept for the client's transport. Returns whether its
  /// process still runs (a dead process's answer is never sent).
  func finish(_ handling: ServerHandling, _ response: ServerResponse) -> Bool {
    guard let index = inFlight.firstIndex(where: { $0 === handling }) else { return false }
    inFlight.remove(at: index)
    let message = handling.message
    answers[Int(message.operation), default: [:]][DeliveryKey(sequence: message.sequence, copy: message.deliveryCopy)] =
      response
    return true
  }

  /// What your handler answered to the delivery `response` answers, if
  /// the response is the server's (not a gateway's 504) and carries it.
  @usableFromInline
  func answer(for response: ResponseMessage, carried code: UInt16) -> ServerResponse? {
    guard
      let answer = answers[Int(response.operation)]?[DeliveryKey(sequence: response.sequence, copy: response.copy)],
      UInt16(clamping: answer.status) == code
    else { return nil }
    return answer
  }

  /// Times the ledger recorded `operation`'s write, forgotten as it is read.
  func takeApplied(_ operation: Int) -> Int {
    applied.removeValue(forKey: operation) ?? 0
  }

  /// Forgets what is kept for `folded` operations.
  ///
  /// - Complexity: O(operations folded).
  func forget(_ folded: Range<Int>) {
    guard !sent.isEmpty || !answers.isEmpty else { return }
    for operation in folded {
      sentCount -= sent.removeValue(forKey: operation)?.count ?? 0
      answers.removeValue(forKey: operation)
    }
  }

  /// Whether the handlings posted anything since the world last took it.
  var hasCommands: Bool { !commands.isEmpty }

  /// Takes what the handlings posted, in order.
  func takeCommands(into buffer: inout [Command]) {
    buffer.removeAll(keepingCapacity: true)
    swap(&buffer, &commands)
  }

  /// The oldest handling of the current process that has not answered.
  @usableFromInline
  var oldestInFlight: ServerHandling? { inFlight.first }

  /// Whether a process runs (it was built, and has not ended since).
  var isRunning: Bool { handler != nil }

  /// `POST /orders` for the delivery `message`.
  @usableFromInline
  func label(of message: RequestMessage) -> String {
    sent[Int(message.operation)]?[message.sequence]?.description ?? "request \(message.sequence)"
  }

  // MARK: From the handlers (on the runtime's thread)

  /// Posts `command` for the world.
  private func post(_ command: Command) {
    guard runtime.isCurrent else {
      runtime.recordForeign("your server code posted an answer or a trace line from another thread")
      return
    }
    commands.append(command)
  }

  /// A trace line of the server's, from a handling of the current process
  /// (a dead process writes nothing).
  func note(_ event: String, _ details: String) {
    if let handling = ServerHandling.current, handling.process != generation { return }
    post(.note(event: event, details: details))
  }

  /// A crash point of `handling`: the world draws whether its process
  /// crashes here.
  ///
  /// - Throws: `CancellationError` when its process is dead, or dies here.
  func crashPoint(_ handling: ServerHandling) async throws {
    guard handling.process == generation else { throw CancellationError() }
    let point = handling.points
    handling.points += 1
    try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
      post(.crashPoint(handling, point: point, continuation))
    }
    // Another handling's crash may have come between the draw and now.
    guard handling.process == generation else { throw CancellationError() }
  }

  /// Before a statement of the server's database: a crash point for a
  /// handling (when crashes are drawn), or a plain wait.
  ///
  /// - Throws: `CancellationError` when the statement's process is dead.
  func beforeStatement() async throws -> ServerHandling? {
    guard let handling = ServerHandling.current else {
      await Task.yield()
      return nil
    }
    if code.crashes > 0 {
      try await crashPoint(handling)
    } else {
      guard handling.process == generation else { throw CancellationError() }
      await Task.yield()
      guard handling.process == generation else { throw CancellationError() }
    }
    return handling
  }

  /// A transaction of `handling` committed: its inserts into the ledger
  /// apply its operation's write.
  func committed(_ transaction: borrowing DatabaseTransaction, by handling: ServerHandling?) {
    guard let handling else { return }
    if let log = transaction.log, !log.isEmpty {
      note("db: " + log.joined(separator: "; "), "op=\(handling.message.operation) seq=\(handling.message.sequence)")
    }
    let inserts = transaction.undo.count { $0.before == nil && $0.table == code.ledger }
    if inserts > 0 { applied[Int(handling.message.operation), default: 0] += inserts }
  }
}
