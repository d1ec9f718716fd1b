/// The request world with its client written as your async code: each
/// operation of the workload (an order) starts at its arrival time and runs
/// your code, which sends requests through a ``SimulatedTransport`` —
/// across the scenario's lossy network to its server — and sleeps on a
/// ``SimulatedClock``. The server (the built-in ledger, or your
/// ``RequestHandler``), the network, the draws, the metrics and the
/// traces are the request world's; the client's decisions are your code's.
///
/// Your code runs on a deterministic runtime: every task
/// it creates runs on the simulation's thread, in an order the run's
/// strategy chooses (FIFO by default; concurrent tasks ready at one instant
/// are a choice point, ``RuntimeDraw/taskOrder``), and the same seed gives
/// the same interleaving, the same faults and the same trace in every
/// process. Work that leaves the simulation — a real sleep, a real socket,
/// another executor — stops the run with ``SimulationError/escape(_:)``.
///
/// Make one with ``Scenario/requestWorld(running:)``.
public struct UserCodeRequestWorld<Handler: RequestHandler>: SimulationModel {
  /// The world's pending events: the messages and timers of the request
  /// world, and the code's wake-ups.
  public typealias Event = RequestEvent

  /// A scenario's request world with your client code and a server.
  public struct Options: Sendable {
    /// The scenario's options: workload, network, the default request
    /// timeout (`client.timeout`), the server, races.
    public var scenario: RequestWorldOptions
    /// The server's decisions.
    public var handler: Handler
    /// The client: runs once per operation (twice when the workload
    /// submits each operation twice) and says how the operation ended.
    public var code: @Sendable (SimulatedClient) async -> ClientOutcome

    /// The options of a world that runs `code` against `handler` in
    /// `scenario`.
    public init(
      scenario: RequestWorldOptions, handler: Handler,
      code: @escaping @Sendable (SimulatedClient) async -> ClientOutcome
    ) {
      self.scenario = scenario
      self.handler = handler
      self.code = code
    }

    /// The same code and server over other scenario options.
    @inlinable
    func with(_ scenario: RequestWorldOptions) -> Options {
      Options(scenario: scenario, handler: handler, code: code)
    }
  }

  /// The definition.
  @usableFromInline
  let options: Options
  /// The code's side.
  @usableFromInline
  let clients: UserCodeClients
  /// The runtime the code runs on.
  @usableFromInline
  let runtime: TaskRuntime
  /// The network between the code and the server.
  @usableFromInline
  var network: RequestNetwork
  /// The server, its decisions behind `Handler`.
  @usableFromInline
  var server: RequestServer<Handler>
  /// When each operation starts.
  @usableFromInline
  var arrivals = ArrivalSchedule()
  /// Scratch: what the code posted after a job.
  @usableFromInline
  var commands: [UserCodeClients.Command] = []
  /// Scratch: the sleeps begun after a job.
  @usableFromInline
  var sleeps: [(VirtualTime, SleepTicket)] = []

  /// Creates the world in its initial state.
  @inlinable
  public init(_ options: Options) {
    self.options = options
    let scenario = options.scenario
    runtime = TaskRuntime()
    clients = UserCodeClients(operations: scenario.workload.operations, runtime: runtime)
    network = RequestNetwork(scenario.network, workload: scenario.workload)
    server = RequestServer(
      handler: options.handler.prepared(for: scenario), operations: scenario.workload.operations,
      capacity: scenario.server.capacity, processing: scenario.server.processing, raceWindow: scenario.races.window,
      restarts: scenario.server.restarts, dating: RetryAfterDating(scenario.server))
  }

  /// Restores the initial state for another run, keeping the storage.
  @inlinable
  public mutating func reset() {
    clients.reset()
    runtime.reset()
    network.reset()
    server.reset()
  }

  /// Computes the start times and schedules the first operation.
  @inlinable
  public mutating func start(in context: inout SimulationContext<Event>) throws(SimulationError) {
    runtime.reset()
    runtime.random = context.random
    network.start(random: context.random)
    server.prepareRun()
    try arrivals.prepare(
      options.scenario.workload.arrival, count: clients.records.count, random: context.random)
    if let first = try arrivals.next() {
      try context.schedule(.start(operation: 0), at: first)
    }
  }

  /// Routes one event, then runs the code it made ready until every task
  /// waits again.
  @inlinable
  public mutating func handle(_ event: Event, in context: inout SimulationContext<Event>) throws(SimulationError) {
    try runtime.enter()
    defer { runtime.leave() }
    runtime.now = context.now
    switch event {
    case .start(let operation): try startOperation(Int(operation), &context)
    case .send: break  // the code sends when it likes, through the transport
    case .arrive(let request): try deliver(request, &context)
    case .complete(let request):
      server.processingEnded()
      try complete(request, &context)
    case .respond(let response): receive(response, &context)
    case .timeout(let timer): timeOut(timer, &context)
    case .wake(let ticket): runtime.wake(ticket)
    case .terminate, .relaunch: break  // your code is the app: its kills and outbox are its own
    // No gateway in the user-code world (``Scenario/requestWorld(running:)``
    // warns that the scenario's is not used): these are never scheduled.
    case .reachGateway, .gatewaySend, .gatewayReceive, .gatewayTimeout: break
    }
    try runCode(&context)
  }

  /// The bytes the world's own state holds now: the server's records and
  /// key store, the cached arrival times and the clients' pending
  /// commands. (The user code's tasks are not counted.)
  public var liveBytes: Int {
    server.allocatedBytes &+ arrivals.allocatedBytes &+ commands.capacity
      &* MemoryLayout<UserCodeClients.Command>.stride
  }

  /// What holds them, in words.
  public var liveDescription: String {
    server.processingNow > 0
      ? "\(OptionText.integer(Int64(server.processingNow))) requests still processing at the server" : ""
  }

  /// The run is out of events: any operation whose code has not returned
  /// waits on something the simulation does not drive.
  @inlinable
  public mutating func finish(in context: inout SimulationContext<Event>) throws(SimulationError) {
    if let escape = runtime.foreignEscape() { throw .escape(escape) }
    var waiting: [Int] = []
    for (operation, record) in clients.records.enumerated() where !record.finished {
      waiting.append(operation)
    }
    guard let first = waiting.first else { return }
    runtime.taint()
    let more = waiting.count > 1 ? " (and \(waiting.count - 1) more)" : ""
    throw .escape(
      SimulationEscape(
        .stillWaiting,
        "the code of op#\(first)\(more) had not returned when the run ran out of events at \(context.now): it waits "
          + "on something the simulation does not drive — a real Task.sleep or ContinuousClock, a real socket or "
          + "URLSession, a continuation nobody resumes, the main actor, or an actor with an executor of its own"))
  }
}
