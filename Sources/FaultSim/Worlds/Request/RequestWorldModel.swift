/// The request world's actors and router, generic over the two decisions a
/// user may replace: the client's ``ClientPolicy`` and the server's
/// ``RequestHandler``.
///
/// This is the one code path of the request world. ``RequestWorld`` (the
/// scenario files' world) runs it with ``BuiltInClientPolicy`` and
/// ``BuiltInRequestHandler``; ``CustomRequestWorld`` runs it with decisions
/// given in Swift. Both are thin wrappers, so the compiler specialises the
/// model for each pair of decisions and nothing on the hot path is an
/// existential.
///
/// The model is three actors and a router. `RequestClient` (its decisions
/// behind `ClientPolicy`), `RequestNetwork` and `RequestServer` (its
/// decisions behind `RequestHandler`) each own their state and know nothing
/// of one another; they talk through the messages in ``RequestEvent`` — a
/// ``RequestMessage`` carries its key and payload digest, a
/// ``ResponseMessage`` its status and Retry-After — which the router
/// carries: a request from the client through the network to the server, a
/// response back, each at the time the network says. The router also owns
/// what no single actor can know: when operations start, whether an
/// attempt's answer can still beat its deadline (so the client's timeout
/// must be put in place), and the race between a response and its timeout.
@usableFromInline
struct RequestWorldModel<Client: ClientPolicy, Handler: RequestHandler> {
  /// The definition behind a reference, shared by copies of the world.
  @usableFromInline
  let settings: Settings
  /// The clients, one per operation.
  @usableFromInline
  var client: RequestClient<Client>
  /// The network between them and the server.
  @usableFromInline
  var network: RequestNetwork
  /// The server, its decisions behind `RequestHandler`.
  @usableFromInline
  var server: RequestServer<Handler>
  /// When each operation starts.
  @usableFromInline
  var arrivals = ArrivalSchedule()
  /// A response this close to its attempt's timeout races it.
  @usableFromInline
  let raceWindow: VirtualDuration

  /// The world of `options` with these decisions, each prepared for the
  /// options (``ClientPolicy/prepared(for:)``).
  @inlinable
  init(_ options: RequestWorldOptions, client policy: Client, handler: Handler) {
    settings = Settings(options)
    let workload = options.workload
    client = RequestClient(workload: workload, timeout: options.client.timeout, policy: policy.prepared(for: options))
    network = RequestNetwork(options.network, workload: workload)
    server = RequestServer(
      handler: handler.prepared(for: options), operations: workload.operations, capacity: options.server.capacity,
      processing: options.server.processing, raceWindow: options.races.window)
    raceWindow = options.races.window
  }

  /// Restores the initial state for another run, keeping the storage.
  ///
  /// - Complexity: O(operations).
  @inlinable
  mutating func reset() {
    client.reset()
    network.reset()
    server.reset()
  }

  /// Computes the start times and schedules the first operation; each start
  /// schedules the next, so the pending set never holds every operation.
  @inlinable
  @inline(__always)
  mutating func start(in context: inout SimulationContext<RequestEvent>) throws(SimulationError) {
    network.start(random: context.random)
    try arrivals.fill(settings.options.workload.arrival, count: client.records.count, random: context.random)
    if let first = arrivals.times.first {
      try context.schedule(.start(operation: 0), at: first)
    }
  }

  /// Routes one event to the actor it is for.
  @inlinable
  @inline(__always)
  mutating func handle(_ event: RequestEvent, in context: inout SimulationContext<RequestEvent>) throws(SimulationError)
  {
    switch event {
    case .start(let operation): try startOperation(Int(operation), &context)
    case .send(let operation): try sendAttempt(Int(operation), &context)
    case .arrive(let request): try deliver(request, &context)
    case .complete(let request): try complete(request, &context)
    case .respond(let response): try perform(client.receive(response, &context), Int(response.operation), &context)
    case .timeout(let timer): try perform(client.timeout(timer, &context), Int(timer.operation), &context)
    case .wake: break  // the built-in client schedules no sleeps
    }
  }

  /// Each operation's final state, in operation order.
  ///
  /// - Complexity: O(operations).
  @inlinable
  func finalState() -> EntityStates<RequestOperationOutcome> {
    EntityStates(
      client.records.enumerated().map { index, record in
        RequestOperationOutcome(operation: index, applied: server.applied(index), outcome: "\(record.outcome)")
      })
  }

  /// Immutable options shared by reference.
  @usableFromInline
  final class Settings: Sendable {
    @usableFromInline
    let options: RequestWorldOptions

    @inlinable
    init(_ options: RequestWorldOptions) {
      self.options = options
    }
  }
}
