/// The ``HTTPTransport`` of a simulation: a request goes through the
/// scenario's lossy network to its server (the built-in handler or yours)
/// and the response — or the timeout, or the transport error — comes back
/// at the virtual time the network says.
///
/// How a request maps onto the request world's messages:
/// - On a server with routes (`server.routes`, ``Scenario/routing(_:)``),
///   the request's first matching ``ServerRoute`` answers it: the
///   operation's order, a write with its own ledger, an idempotent write
///   or a read, with the route's status and body; a request that matches
///   none gets 404. What follows is the order route's mapping, and on a
///   server without routes every request's.
/// - `GET` and `HEAD` ask whether the operation's write was applied (200
///   when it was, 404 when not); every other method is a write.
/// - `Idempotency-Key`: the first key the operation sends is its key; the
///   same key again is recognised by a server that honours keys, another
///   key is a new one (``IdempotencyKey/fresh``).
/// - The body: the first body the operation sends is its payload; another
///   body under the same key is a changed payload (422 from a server that
///   compares them).
/// - `If-Match: "<version>"`: a conditional write.
/// - A 429 or 503 carries `Retry-After` in seconds; a transport failure
///   throws ``TransportError``; no response within the request's timeout
///   (or the scenario's `client.timeout`) throws
///   ``TransportError/Code/timedOut``, and a response that comes later is
///   discarded.
///
/// A transport belongs to one operation (``SimulatedClient/transport``):
/// each request's draws are keyed by that operation and the request's
/// number within it, so the same seed loses the same requests however the
/// tasks interleave. The app-wide transport of ``SimulatedApp`` sends each
/// request as the operation whose code calls it.
public struct SimulatedTransport: HTTPTransport {
  /// The run's clients, where requests are posted.
  @usableFromInline
  let clients: UserCodeClients
  /// The operation whose requests these are: what their draws are keyed
  /// by; negative for the app's transport, whose requests are the calling
  /// task's operation's.
  @usableFromInline
  let operation: Int
  /// The launch of the operation's code that sends them.
  @usableFromInline
  let launch: UInt32

  /// Sends `request` through the simulated network.
  ///
  /// - Throws: ``TransportError``; `CancellationError` when the task is
  ///   cancelled while it waits; ``SimulationError/escape(_:)`` when called
  ///   from a thread that is not running the simulation (a Dispatch queue,
  ///   a real timer's callback, another simulation).
  public func send(_ request: TransportRequest) async throws -> TransportResponse {
    guard clients.runtime.isCurrent else {
      let escape = SimulationEscape(
        .outsideSimulation,
        "\(operation >= 0 ? "op#\(operation): " : "")\(request) was sent from a thread that is not running the simulation"
      )
      clients.runtime.recordForeign(escape.detail)
      throw SimulationError.escape(escape)
    }
    let (operation, launch) = try sender(of: request)
    // A killed process's code reaches nothing: its task was cancelled.
    guard clients.admits(operation, launch) else { throw CancellationError() }
    let sequence = clients.nextSequence(operation)
    try Task.checkCancellation()
    if let task = CurrentTask.identity, task == clients.processes[operation].root {
      // Only the app kill cancels a launch's root task, and it resumes the
      // request the root waits for itself (UserCodeClients.cancelRootWait):
      // no cancellation handler to install and remove.
      return try await withUnsafeThrowingContinuation {
        (continuation: UnsafeContinuation<TransportResponse, any Error>) in
        clients.post(operation, sequence, request, continuation)
        clients.processes[operation].rootWait = sequence
      }
    }
    return try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<TransportResponse, any Error>) in
        clients.post(operation, sequence, request, continuation)
      }
    } onCancel: {
      clients.cancel(operation, sequence)
    }
  }

  /// The operation and launch that send `request`: this transport's, or
  /// for the app's transport, the calling task's.
  ///
  /// - Throws: ``SimulationError/escape(_:)`` when the app's transport is
  ///   called from a task that no operation's code created.
  @usableFromInline
  func sender(of request: TransportRequest) throws(SimulationError) -> (operation: Int, launch: UInt32) {
    guard operation < 0 else { return (operation, launch) }
    guard let running = RunningOperation.current else {
      let escape = SimulationEscape(
        .outsideSimulation,
        "\(request) was sent through the app's transport from a task that no operation's code created "
          + "(a detached task, or the app's initializer): send it from an operation's code or a task it creates")
      clients.runtime.recordForeign(escape.detail)
      throw SimulationError.escape(escape)
    }
    return (running.operation, running.launch)
  }

  /// The transport of `operation` of `clients`.
  @usableFromInline
  init(clients: UserCodeClients, operation: Int, launch: UInt32) {
    self.clients = clients
    self.operation = operation
    self.launch = launch
  }

  /// The app-wide transport of `clients`' run.
  @usableFromInline
  init(appOf clients: UserCodeClients) {
    self.init(clients: clients, operation: -1, launch: 0)
  }
}
