/// The request/retry world (SPEC §4.1, seeds 004 and 001): clients with a
/// retry policy send operations through a lossy network to a server that
/// keeps a ledger, and the run counts what the ledger holds against what the
/// clients believe.
///
/// The world is three actors and a router. `RequestClient` (its decisions
/// behind `ClientPolicy`), `RequestNetwork` and `RequestServer` (its
/// decisions behind `RequestHandler`) each own their state and know nothing of one another; they talk through the
/// messages in ``RequestEvent`` — a ``RequestMessage`` carries its key and
/// payload digest, a ``ResponseMessage`` its status and Retry-After — which
/// the world routes: a request from the client through the network to the
/// server, a response back, each at the time the network says. The world
/// also owns what no single actor can know: when operations start, whether
/// an attempt's answer can still beat its deadline (so the client's timeout
/// must be put in place), and the race between a response and its timeout.
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
  /// The world's pending events: the messages and timers its actors
  /// exchange.
  public typealias Event = RequestEvent

  /// The world's definition.
  public var options: RequestWorldOptions { settings.options }
  /// The definition behind a reference, shared by copies of the world.
  let settings: Settings
  /// The clients, one per operation.
  var client: RequestClient<BuiltInClientPolicy>
  /// The network between them and the server.
  var network: RequestNetwork
  /// The server, its decisions behind `RequestHandler`.
  var server: RequestServer<BuiltInRequestHandler>
  /// When each operation starts.
  var arrivals = ArrivalSchedule()
  /// A response this close to its attempt's timeout races it.
  let raceWindow: VirtualDuration

  /// Creates the world in its initial state.
  public init(_ options: RequestWorldOptions) {
    settings = Settings(options)
    let workload = options.workload
    client = RequestClient(
      workload: workload, timeout: options.client.timeout,
      policy: BuiltInClientPolicy(
        options.client, workload: workload,
        payloadChangeMatters: workload.kind == .keyedWrite && options.server.keys == .honour))
    network = RequestNetwork(options.network, workload: workload)
    server = RequestServer(
      options.server, operations: workload.operations, contention: workload.contention,
      raceWindow: options.races.window)
    raceWindow = options.races.window
  }

  /// Restores the initial state for another run, keeping the storage.
  public mutating func reset() {
    client.reset()
    network.reset()
    server.reset()
  }

  /// Computes the start times and schedules the first operation; each start
  /// schedules the next, so the pending set never holds every operation.
  public mutating func start(in context: inout SimulationContext<Event>) throws(SimulationError) {
    network.start(random: context.random)
    try arrivals.fill(settings.options.workload.arrival, count: client.records.count, random: context.random)
    if let first = arrivals.times.first {
      try context.schedule(.start(operation: 0), at: first)
    }
  }

  /// Routes one event to the actor it is for.
  public mutating func handle(_ event: Event, in context: inout SimulationContext<Event>) throws(SimulationError) {
    switch event {
    case .start(let operation): try startOperation(Int(operation), &context)
    case .send(let operation): try sendAttempt(Int(operation), &context)
    case .arrive(let request): try deliver(request, &context)
    case .complete(let request): try complete(request, &context)
    case .respond(let response): try perform(client.receive(response, &context), Int(response.operation), &context)
    case .timeout(let timer): try perform(client.timeout(timer, &context), Int(timer.operation), &context)
    }
  }

  /// Immutable options shared by reference.
  final class Settings: Sendable {
    let options: RequestWorldOptions

    init(_ options: RequestWorldOptions) {
      self.options = options
    }
  }
}
