/// The request world's actors and router, generic over the two decisions a
/// user may replace: the client's ``ClientPolicy`` and the server's
/// ``RequestHandler``.
///
/// This is the one code path of the request world. ``RequestWorld`` (the
/// scenario files' world) holds it with `BuiltInClientPolicy` and
/// ``BuiltInRequestHandler``; ``CustomRequestWorld`` (decisions given in
/// Swift) and ``UserCodeRequestWorld`` (your async code) hold no state, and
/// the engine runs this model directly. The compiler specialises the model
/// for each pair of decisions, so nothing on the hot path is an
/// existential.
///
/// The model is three actors and a router. `RequestClient` (its decisions
/// behind `ClientPolicy`), `RequestNetwork` and `RequestServer` (its
/// decisions behind `RequestHandler`) each own their state and know nothing
/// of one another; they talk through the messages in `RequestEvent` — a
/// ``RequestMessage`` carries its key and payload digest, a
/// ``ResponseMessage`` its status and Retry-After — which the router
/// carries: a request from the client through the network to the server, a
/// response back, each at the time the network says. The router also owns
/// what no single actor can know: when operations start, whether an
/// attempt's answer can still beat its deadline (so the client's timeout
/// must be put in place), and the race between a response and its timeout.
/// The path a request takes — client → link → [gateway → link] → server —
/// is a sequence of hops (``RequestHop``, `RequestWorldModel+Path.swift`):
/// the router hands each message to the next hop.
@usableFromInline
struct RequestWorldModel<Client: RequestClientComponent, Handler: RequestHandler> {
  /// The definition behind a reference, shared by copies of the world.
  @usableFromInline
  let settings: RequestWorld.Settings
  /// The clients, one per operation.
  @usableFromInline
  var client: Client
  /// The network between them and the server.
  @usableFromInline
  var network: RequestNetwork
  /// The server, its decisions behind `RequestHandler`.
  @usableFromInline
  var server: RequestServer<Handler>
  /// When each operation starts.
  @usableFromInline
  var arrivals = ArrivalSchedule()
  /// What the folded operations add to the metrics: applications,
  /// duplicates and lost writes, and the clients still waiting at the end.
  @usableFromInline
  var folded = RequestMetrics()
  /// Whether each folded operation's final state is kept for
  /// ``finalState()``: on unless the caller said it will not ask
  /// (``dropFinalStates()``), so that memory grows with the operations in
  /// flight only.
  @usableFromInline
  var keepsFinalStates = true
  /// The kept final states, by operation: applied count and outcome
  /// (``PackedOutcome``).
  @usableFromInline
  var finalStates: [PackedOutcome] = []
  /// The sum of the folded operations' final-state hashes: equal final
  /// states have equal digests whatever order the operations were folded
  /// in.
  @usableFromInline
  var foldedDigest: UInt64 = 0
  /// A response this close to its attempt's timeout races it.
  @usableFromInline
  let raceWindow: VirtualDuration
  /// The gateway between the clients and the server, if the options have
  /// one (intermediaries that retry).
  @usableFromInline
  var gateway: RequestGateway?
  /// Where the client's link takes a request: the gateway if there is
  /// one, else the server (``RequestHop``).
  @usableFromInline
  let firstHop: RequestHop

  /// The world of `options` with the client and the server's decisions,
  /// the handler prepared for the options (`ScenarioConfigured`).
  @inlinable
  init(_ options: RequestWorldOptions, client: consuming Client, handler: Handler) {
    settings = RequestWorld.Settings(options)
    let workload = options.workload
    self.client = client
    network = RequestNetwork(options.network, workload: workload)
    server = RequestServer(
      handler: prepared(handler, for: options), operations: workload.operations, capacity: options.server.capacity,
      processing: options.server.processing, raceWindow: options.races.window, restarts: options.server.restarts,
      dating: RetryAfterDating(options.server))
    raceWindow = options.races.window
    gateway = options.gateway.map { RequestGateway($0, kind: workload.kind) }
    firstHop = RequestHop(gatewayInFront: options.gateway != nil)
  }

  /// The world of `options` with a client that decides by `policy`,
  /// prepared for the options (`ScenarioConfigured`).
  @inlinable
  init<Policy: ClientPolicy>(_ options: RequestWorldOptions, policy: Policy, handler: Handler)
  where Client == RequestClient<Policy> {
    self.init(
      options,
      client: RequestClient(
        workload: options.workload, timeout: options.client.timeout, app: options.client.app,
        policy: prepared(policy, for: options), clocks: ClientClocks(options)),
      handler: handler)
  }

  /// Restores the initial state for another run, keeping the storage.
  ///
  /// - Complexity: O(operations).
  @inlinable
  mutating func reset() {
    client.reset()
    network.reset()
    server.reset()
    gateway?.prepareRun()
  }

  /// Prepares the start times and schedules the first operation; each start
  /// schedules the next, so the pending set never holds every operation.
  @inlinable
  @inline(__always)
  mutating func start(in context: inout SimulationContext<RequestEvent>) throws(SimulationError) {
    network.start(random: context.random)
    client.prepareRun(&context)
    server.prepareRun()
    gateway?.prepareRun()
    folded = RequestMetrics()
    foldedDigest = 0
    let operations = settings.options.workload.operations
    if keepsFinalStates {
      // One bulk fill, not an append per element: a debug build (a user's
      // `swift test`) would take seconds over ten million operations.
      if finalStates.count == operations {
        finalStates.withUnsafeMutableBufferPointer { $0.update(repeating: PackedOutcome()) }
      } else {
        finalStates = Array(repeating: PackedOutcome(), count: operations)
      }
    }
    try arrivals.prepare(settings.options.workload.arrival, count: operations, random: context.random)
    if let first = try arrivals.next() {
      try context.schedule(.start(operation: 0), at: first)
    }
  }

  /// The run ran out of events: the operations still held are folded.
  @inlinable
  mutating func finish(in context: inout SimulationContext<RequestEvent>) throws(SimulationError) {
    try client.runEnded(&context)
    let kind = settings.options.workload.kind
    for operation in client.spilledOperations {
      if !client.isFinished(operation) {
        folded.countUnfinished(attempts: client.attempts(of: operation), kind: kind)
      }
      foldSpilled(operation)
    }
    for operation in client.retired..<client.opened
    where !client.isFinished(operation) {
      folded.countUnfinished(attempts: client.attempts(of: operation), kind: kind)
    }
    fold(below: client.opened)
  }

  /// A client that runs code has its runtime's thread mark for the whole
  /// run: each event's ``handle(_:in:)`` then enters and leaves a runtime
  /// already entered, a counter's step.
  @inlinable
  mutating func beginRun(in context: inout SimulationContext<RequestEvent>) throws(SimulationError) {
    if Client.runsCode { try client.enter(&context) }
  }

  /// Clears the mark ``beginRun(in:)`` set.
  @inlinable
  mutating func endRun() {
    if Client.runsCode { client.leave() }
  }

  /// Routes one event to the actor it is for.
  @inlinable
  @inline(__always)
  mutating func handle(_ event: RequestEvent, in context: inout SimulationContext<RequestEvent>) throws(SimulationError)
  {
    if Client.runsCode {
      try client.enter(&context)
      defer { client.leave() }
      try route(event, &context)
      try runClientCode(&context)
    } else {
      try route(event, &context)
    }
  }

  /// Carries one event to the actor it is for.
  @inlinable
  @inline(__always)
  mutating func route(_ event: RequestEvent, _ context: inout SimulationContext<RequestEvent>) throws(SimulationError) {
    switch event {
    case .start(let operation):
      try startOperation(Int(operation), &context)
      foldIfDone(Int(operation))
    case .send(let operation):
      try sendAttempt(Int(operation), &context)
      foldIfDone(Int(operation))
    case .arrive(let request):
      try receive(request, at: .server, &context)
      foldIfDone(Int(request.operation))
    case .complete(let request):
      RequestServer.processingEnded(in: &server)
      try complete(request, &context)
      foldIfDone(Int(request.operation))
    case .respond(let response):
      let operation = Int(response.operation)
      try perform(client.receive(response, &context), operation, &context)
      foldIfDone(operation)
    case .timeout(let timer):
      let operation = Int(timer.operation)
      try perform(client.timeout(timer, &context), operation, &context)
      foldIfDone(operation)
    case .wake(let ticket): client.wake(ticket)
    case .terminate(let kill):
      try terminateApp(kill, &context)
      foldIfDone(Int(kill.operation))
    case .relaunch(let kill):
      let operation = Int(kill.operation)
      try perform(client.relaunch(kill, &context), operation, &context)
      foldIfDone(operation)
    case .reachGateway(let request):
      try receive(request, at: .gateway, &context)
      foldIfDone(Int(request.operation))
    case .gatewaySend(let request):
      try gatewaySendsAfterBackoff(request, &context)
      foldIfDone(Int(request.operation))
    case .gatewayReceive(let response):
      try gatewayReceivesAnswer(response, &context)
      foldIfDone(Int(response.operation))
    case .gatewayTimeout(let request):
      try gatewayTimesOut(request, &context)
      foldIfDone(Int(request.operation))
    case .serverRestart:
      try restartServer(&context)
    }
  }

  // MARK: Folding

  /// Folds the oldest operations into the metrics if `operation` is done:
  /// its client ended and the server has answered all its requests, so no
  /// event can change it. Operations fold oldest first (the window is a
  /// ring), so one done behind an older unfinished one waits for it.
  ///
  /// - Complexity: O(1), plus O(1) per operation folded.
  @inlinable
  @inline(__always)
  mutating func foldIfDone(_ operation: Int) {
    guard client.holds(operation) else { return }
    guard isDone(operation) else { return }
    if operation < client.retired {
      foldSpilled(operation)
      return
    }
    foldDoneOldest()
  }

  /// Folds the oldest operations in the ring while they are done.
  ///
  /// - Complexity: O(1) per operation folded, plus one check.
  @inlinable
  @inline(__always)
  mutating func foldDoneOldest() {
    fold(below: endOfDoneOldest())
  }

  /// The first operation of the ring that is not done: the end of the run
  /// of done operations at its tail.
  ///
  /// A function of its own, and no `&&` in its loop: written as `while
  /// oldest < opened && isDone(oldest)` in ``foldDoneOldest()``, a debug
  /// build copied the whole model for every `isDone` call (the `&&`'s
  /// closure captures it; callgrind: one outlined copy per call).
  ///
  /// - Complexity: O(1) per done operation, plus one check.
  @inlinable
  @inline(__always)
  mutating func endOfDoneOldest() -> Int {
    var oldest = client.retired
    let opened = client.opened
    while oldest < opened {
      guard isDone(oldest) else { break }
      oldest &+= 1
    }
    return oldest
  }

  /// Makes room in the ring for the operation about to start: when it is
  /// full and had better not grow, the done operations at its tail are
  /// folded and the oldest one still open is spilled (its client and
  /// server records both), until a slot is free.
  ///
  /// - Complexity: O(1) amortised.
  @inlinable
  @inline(__always)
  mutating func makeRoom() {
    while client.mustSpill {
      foldDoneOldest()
      guard client.isFull else { return }
      client.spillOldest()
      server.spillOldest()
    }
  }

  /// Folds one spilled operation that is done and forgets its records.
  ///
  /// - Complexity: O(1) amortised.
  @inlinable
  mutating func foldSpilled(_ operation: Int) {
    foldOne(operation)
    if Client.runsCode { client.forgetRoutes(operation..<operation + 1) }
    client.forgetSpilled(operation)
    server.forgetSpilled(operation)
  }

  /// Whether nothing can change `operation` any more.
  @inlinable
  @inline(__always)
  mutating func isDone(_ operation: Int) -> Bool {
    // Not `&&`: its closure would capture the model (see
    // ``endOfDoneOldest()``).
    guard client.isFinished(operation) else { return false }
    return client.isAnswered(operation)
  }

  /// Folds the held operations below `end` into the metrics (and the final
  /// states, when kept) and forgets their records.
  ///
  /// - Complexity: O(operations folded).
  @inlinable
  mutating func fold(below end: Int) {
    for operation in client.retired..<end {
      foldOne(operation)
    }
    if Client.runsCode { client.forgetRoutes(client.retired..<end) }
    client.retire(below: end)
    RequestServer.retire(below: end, in: &server)
  }

  /// Adds one held operation to the metrics, the digest and (when kept)
  /// the final states.
  @inlinable
  @inline(__always)
  mutating func foldOne(_ operation: Int) {
    let applied = server.applied(operation) &+ (Client.runsCode ? client.serverCodeApplied(operation) : 0)
    folded.countApplications(applied, kind: settings.options.workload.kind)
    let packed = PackedOutcome(applied: applied, outcome: client.outcome(of: operation))
    foldedDigest &+= packed.hash(operation: operation)
    if keepsFinalStates { finalStates[operation] = packed }
  }

  /// Each operation's final state, in operation order.
  ///
  /// - Precondition: the final states were kept (no ``dropFinalStates()``).
  /// - Complexity: O(operations).
  @inlinable
  func finalState() -> EntityStates<RequestOperationOutcome> {
    precondition(keepsFinalStates, "the final state of a request world whose final states were dropped")
    return EntityStates(
      finalStates.enumerated().map { operation, packed in
        RequestOperationOutcome(
          operation: operation, applied: packed.applied, outcome: packed.outcome.description)
      })
  }

  /// Stops keeping the final states of the next runs: each operation is
  /// folded into the metrics and forgotten once nothing can change it.
  @inlinable
  mutating func dropFinalStates() {
    keepsFinalStates = false
    finalStates = []
  }

  /// A digest of the final state: a sum of one hash per operation, so that
  /// it can be computed as operations fold, in any order.
  ///
  /// - Complexity: O(1).
  @inlinable
  func finalStateDigest() -> UInt64 { foldedDigest }
}

extension RequestWorldModel: WorldModel {}
