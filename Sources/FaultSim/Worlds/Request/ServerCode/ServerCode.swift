/// Your server as async Swift: a handler that answers each request that
/// reaches the server, with per-process state and a ``SimulatedDatabase``,
/// under every fault of the scenario and every interleaving of concurrent
/// requests. Run it with ``Scenario/requestWorld(server:running:)`` or
/// ``Scenario/requestWorld(server:app:running:)``.
///
/// Handlers run on the deterministic runtime, as your client code does:
/// concurrent requests interleave at every `await` — each database
/// statement is one — at task-order choice points that random orders,
/// `explore` and shrinking reach. So the races of a real server happen
/// here too: two retries with the same key that both find no stored
/// result before either stores it.
///
/// ```swift
/// /// Check-then-insert: two concurrent retries both insert.
/// let server = ServerCode(ledger: "orders") { request, server in
///   let key = request.headers["Idempotency-Key"] ?? ""
///   if let row = try await server.database.rows(in: "orders", where: "key", is: key).first {
///     return ServerResponse(status: 201, text: #"{"order": \#(row.id)}"#)
///   }
///   let row = try await server.database.insert(["key": key], into: "orders")
///   return ServerResponse(status: 201, text: #"{"order": \#(row.id)}"#)
/// }
/// ```
///
/// **Crashes.** With ``crashes`` above 0 the server's process may crash at
/// any crash point of a handler: before each database statement (so after
/// the statements before it committed) and before the answer leaves (after
/// every commit). Each point of each delivery is a keyed draw
/// (``UserCodeDraw/serverCrash``, with fault coverage and shrinking). A
/// crash ends every request the process was handling — their clients see
/// the connection lost, the server's answer never sent — and nothing the
/// process's tasks do afterwards reaches the database or the network. The
/// next request is handled by a new process (``SimulatedServer/process``)
/// built anew; the database keeps what was committed.
///
/// **The ledger.** ``ledger`` names the table whose rows are the
/// operations' writes (the orders): each committed insert into it by a
/// handler of an operation's request counts as applying that operation's
/// write, so the run's metrics (`duplicated`, `lost`) and properties count
/// duplicates as they do for FaultSim's own server. Which operation a
/// request belongs to is FaultSim's bookkeeping, never your code's: your
/// handler sees only what the client sent.
///
/// The server's mechanics stay the scenario's: `server.capacity` (workers
/// and their queue), `server.processing` (a worker's time before your
/// handler runs) and `server.restarts`. The idempotency options
/// (`server.keys`, `server.keyTTL`, the key store, injected failures) and
/// `server.routes` are your code's to implement; set, they are reported.
public struct ServerCode: Sendable {
  /// The table whose committed inserts are the operations' writes.
  public var ledger: String
  /// The probability that the server's process crashes at each crash
  /// point, from 0 to 1.
  public var crashes: Double
  /// Builds a process's handler.
  let makeProcess: @Sendable (SimulatedServer) -> @Sendable (ServerRequest) async throws -> ServerResponse

  /// A server whose processes each build `process` — the state a real
  /// server process keeps in memory (caches, a map of requests in flight) —
  /// and answer each request with `handle`.
  ///
  /// `process` runs when a process handles its first request, outside any
  /// task: it builds state, and should not start tasks or await.
  ///
  /// - Precondition: `crashes` is in 0...1.
  public init<Process: Sendable>(
    ledger: String, crashes: Double = 0, process: @escaping @Sendable (SimulatedServer) -> Process,
    handle: @escaping @Sendable (Process, ServerRequest) async throws -> ServerResponse
  ) {
    precondition(
      (0...1).contains(crashes), "ServerCode(crashes: \(crashes)): a probability, from 0 to 1")
    self.ledger = ledger
    self.crashes = crashes
    makeProcess = { server in
      let state = process(server)
      return { request in try await handle(state, request) }
    }
  }

  /// A server that keeps nothing in memory: every request is answered by
  /// `handle`, from the request and the server's services.
  ///
  /// - Precondition: `crashes` is in 0...1.
  public init(
    ledger: String, crashes: Double = 0,
    handle: @escaping @Sendable (ServerRequest, SimulatedServer) async throws -> ServerResponse
  ) {
    self.init(
      ledger: ledger, crashes: crashes, process: { $0 },
      handle: { server, request in
        try await handle(request, server)
      })
  }
}
