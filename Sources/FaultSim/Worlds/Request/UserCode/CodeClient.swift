/// The request world's client when it is your async code: each operation
/// runs your closure on the deterministic runtime, and what it sends
/// through its ``SimulatedTransport`` goes out through the one router of
/// the request world — the same network, gateway, server, races and keyed
/// draws as the built-in client's attempts.
///
/// The router drives it between events: it takes what the code posted
/// (``nextPosted(_:)``: a request to send, a trace line, the code's
/// return), sends each request as the client's next attempt, and runs the
/// code's ready jobs (``runNextJob(_:)``) until every task waits on an
/// answer, a timer or a sleep.
///
/// The app the code runs in can be killed mid-request
/// (`client.app.termination`): the process's task is cancelled — its
/// waiting requests and sleeps end with `CancellationError` and nothing it
/// does afterwards reaches the network, the trace or the outcome — and the
/// user opens the app again after `client.app.relaunchAfter`, when the code
/// runs again as the next ``SimulatedClient/launch`` with the operation's
/// ``SimulatedClient/disk``. After `client.app.maxResends` relaunches the
/// user gives up: the operation ends uncertain.
///
/// Its mutating methods read its stored properties (`hasRouteServer`,
/// `clients.pending`) rather than call its non-mutating members
/// (`hasRoutes`, `deadline(_:awaiting:)`): in a debug build such a call
/// copies the whole client, a dozen retains and releases, since the client
/// is a large struct that is not generic.
@usableFromInline
struct CodeClient: RequestClientComponent {
  /// The code's side, shared with its tasks.
  @usableFromInline
  let clients: UserCodeClients
  /// The runtime the code runs on (``UserCodeClients/runtime``).
  @usableFromInline
  let runtime: TaskRuntime
  /// The operations in flight.
  @usableFromInline
  var records: OperationWindow<UserCodeClients.Record>

  @inlinable
  @inline(__always)
  static func records(of client: inout Self) -> OperationWindow<UserCodeClients.Record> {
    client.records
  }
  /// The code each operation runs (for a run with an app object, the code
  /// bound to this run's app).
  @usableFromInline
  var code: @Sendable (SimulatedClient) async -> ClientOutcome
  /// Builds the run's app object and binds the code to it, at the start
  /// of each run; `nil` when the code has no app object.
  @usableFromInline
  let bindApp: (@Sendable (SimulatedApp) -> @Sendable (SimulatedClient) async -> ClientOutcome)?
  /// The database of this run's app, when the code has an app object: it
  /// grows with the work, so the memory budget counts it.
  @usableFromInline
  var appDatabase: SimulatedDatabase?
  /// How long a request that sets no timeout waits (`client.timeout`).
  @usableFromInline
  let timeout: VirtualDuration
  /// The device's clock and the server's.
  @usableFromInline
  let clocks: ClientClocks
  /// The app the code runs in: its kills and relaunches.
  @usableFromInline
  let app: AppOptions
  /// How many times each operation's code runs in a row.
  @usableFromInline
  let submissions: Int
  /// What the operations are.
  @usableFromInline
  let kind: RequestKind
  /// How the operations whose code returned ended.
  @usableFromInline
  var endings = RequestMetrics()
  /// Scratch: what the code posted and is not carried out yet, the oldest
  /// last (taken with `remove(at:)` of the last index, which moves a
  /// command out: nothing is copied, retained or left behind to destroy;
  /// `popLast` did the same, but a debug build calls it through the
  /// generic collection protocols, about 740 instructions a command).
  @usableFromInline
  var commands: [UserCodeClients.Command] = []
  /// Scratch: the sleeps begun after a job.
  @usableFromInline
  var sleeps: [(VirtualTime, SleepTicket)] = []
  /// The request the router sent last, for its trace line.
  @usableFromInline
  var sending: TransportRequest?
  /// The last timeout a request of the code asked for, converted: code
  /// sends with the same `Duration` again and again, and converting one
  /// (a 128-bit division) costs about 190 instructions.
  @usableFromInline
  var lastTimeout: (asked: Duration, wait: VirtualDuration)?
  /// The server's routes, when it has any (`server.routes`).
  @usableFromInline
  var routing: RouteServer?
  /// Whether ``routing`` is set (it is made with the client and never
  /// removed): asking the optional copied the whole route server in a debug
  /// build, at every request and answer.
  @usableFromInline
  var hasRouteServer = false
  /// Your server, when it answers the code's requests.
  @usableFromInline
  let serverCode: ServerCodeHost?
  /// Scratch: what your server's handlings posted.
  @usableFromInline
  var serverCommands: [ServerCodeHost.Command] = []
  /// What the router must carry out for your server: answers to send and
  /// connections a crash reset, in order.
  @usableFromInline
  var serverWork: [ServerWork] = []
  @usableFromInline
  var nextServerWork = 0
  /// The request the router is about to send.
  @usableFromInline
  var staged:
    (sequence: UInt32, request: TransportRequest, continuation: UnsafeContinuation<TransportResponse, any Error>)?

  /// The client of `scenario` running `code`.
  @usableFromInline
  init(
    _ scenario: RequestWorldOptions, code: @escaping @Sendable (SimulatedClient) async -> ClientOutcome,
    bindApp: (@Sendable (SimulatedApp) -> @Sendable (SimulatedClient) async -> ClientOutcome)? = nil,
    serverCode: ServerCode? = nil
  ) {
    runtime = TaskRuntime()
    clients = UserCodeClients(operations: scenario.workload.operations, runtime: runtime)
    records = OperationWindow(capacity: Swift.min(scenario.workload.operations, 1024))
    self.code = code
    self.bindApp = bindApp
    clients.tasksCarryOperation = bindApp != nil
    timeout = scenario.client.timeout
    clocks = ClientClocks(scenario)
    app = scenario.client.app
    submissions = scenario.workload.submissions
    kind = scenario.workload.kind
    let runtime = self.runtime
    self.serverCode = serverCode.map { ServerCodeHost($0, runtime: runtime) }
    // Your server answers every request when there is one: routes are
    // then reported, not used.
    if serverCode == nil, !scenario.server.routes.isEmpty,
      case .success(let table) = RouteTable.compile(scenario.server.routes)
    {
      routing = RouteServer(table, options: scenario.server)
      hasRouteServer = true
    }
  }

  /// Your code has no retry budget of FaultSim's.
  @inlinable
  var retriesRefused: Int { 0 }

  /// Whether the app may be killed during a write.
  @inlinable
  var mayBeKilled: Bool { mutating get { app.isKilled } }

  @inlinable
  static var runsCode: Bool { true }

  @inlinable
  mutating func reset() {
    clients.reset()
    runtime.reset()
    records.removeAll()
    endings = RequestMetrics()
    resetRoutes()
    resetServerCode()
  }

  @inlinable
  mutating func prepareRun(_ context: inout SimulationContext<RequestEvent>) {
    runtime.reset()
    runtime.random = context.random
    clients.reset()
    clients.isTracing = context.isTracing
    records.removeAll()
    commands.removeAll(keepingCapacity: true)
    staged = nil
    endings = RequestMetrics()
    resetRoutes()
    resetServerCode()
    // A new app object for every run: its state is the run's. Built on
    // the runtime's thread, as the code's tasks use it (a database's
    // schema declared here is not a use from another thread).
    if let bindApp {
      let entered = (try? runtime.enter()) != nil
      let app = SimulatedApp(clients: clients)
      appDatabase = app.database
      code = bindApp(app)
      if entered { runtime.leave() }
    }
  }

  // MARK: The code's runs

  @inlinable
  mutating func begin(_ operation: Int, _ context: inout SimulationContext<RequestEvent>) -> ClientStep {
    var record = UserCodeClients.Record()
    record.start = context.now
    OperationWindow.open(operation, record, in: &records)
    context.trace(RequestActor.client(operation), "start: your code runs")
    clients.launch(operation, running: code, times: submissions, killable: app.isKilled)
    return .idle
  }

  @inlinable
  mutating func enter(_ context: inout SimulationContext<RequestEvent>) throws(SimulationError) {
    try runtime.enter()
    runtime.now = context.now
  }

  @inlinable
  mutating func leave() {
    runtime.leave()
  }

  @inlinable
  mutating func runNextJob(_ context: inout SimulationContext<RequestEvent>) throws(SimulationError) -> Bool {
    guard let job = runtime.nextJob(&context) else { return false }
    try runtime.run(job)
    return true
  }

  @inlinable
  mutating func wake(_ ticket: SleepTicket) {
    runtime.wake(ticket)
  }

  /// Carries out the code's trace lines and returns in order, up to the
  /// next request to send; once all is carried out, schedules the wake of
  /// every sleep begun.
  @inlinable
  mutating func nextPosted(_ context: inout SimulationContext<RequestEvent>) throws(SimulationError) -> PostedWork? {
    if serverCode != nil, takeServerPosted(&context) { return .serverWork }
    while true {
      guard commands.count != 0 else {
        guard clients.hasCommands else { break }
        clients.takeCommands(into: &commands)
        continue
      }
      switch commands.remove(at: commands.count &- 1) {
      case .send(let operation, let sequence, let request, let continuation):
        if clients.wasCancelledBeforeSending(operation, sequence) {
          continuation.resume(throwing: CancellationError())
          continue
        }
        staged = (sequence, request, continuation)
        return .send(operation: operation)
      case .note(let operation, let event, let details):
        context.trace(RequestActor.client(operation), event, details)
      case .finish(let operation, let outcome):
        guard records.holds(operation), !records[operation].isFinished else { continue }
        end(operation, outcome, &context)
        context.trace(
          RequestActor.client(operation), "your code returns \(outcome)", "attempts=\(records[operation].attempts)")
        return .finished(operation: operation)
      }
    }
    if runtime.hasSleepRequests {
      runtime.takeSleepRequests(into: &sleeps)
      for (deadline, ticket) in sleeps {
        try context.schedule(.wake(ticket), at: max(deadline, context.now))
      }
    }
    return nil
  }

  /// `asked`, a request's own timeout, in virtual time.
  @inlinable
  mutating func waitConverting(_ asked: Duration) -> VirtualDuration {
    if let lastTimeout, lastTimeout.asked == asked { return lastTimeout.wait }
    let wait = VirtualDuration(clamping: asked)
    lastTimeout = (asked, wait)
    return wait
  }

  /// The operation ends for the user with `outcome`.
  @inlinable
  mutating func end(_ operation: Int, _ outcome: ClientOutcome, _ context: inout SimulationContext<RequestEvent>) {
    // One look-up of the record, and one access to the process.
    let record = records.address(of: operation)
    record.pointee.isFinished = true
    record.pointee.outcome = outcome
    clients.processes[operation].end()
    endings.countEnding(
      attempts: record.pointee.attempts, outcome: outcome, start: record.pointee.start, end: context.now, kind: kind)
  }

  /// The run is out of events: an operation whose code has not returned
  /// waits on something the simulation does not drive.
  @inlinable
  mutating func runEnded(_ context: inout SimulationContext<RequestEvent>) throws(SimulationError) {
    var waiting = records.spilledOperations.filter { !records[$0].isFinished }
    for operation in records.retired..<records.opened where !records[operation].isFinished {
      waiting.append(operation)
    }
    waiting.sort()
    // Code that waits is reported as waiting, whether or not the thread it
    // waits on got to resume it before the run ended (its job is never
    // run): which came first is a matter of wall-clock time, and the
    // report must be the same in every process.
    guard let first = waiting.first else {
      if let escape = runtime.foreignEscape() { throw .escape(escape) }
      if let serverCode, let handling = serverCode.oldestInFlight {
        // Your handler's sleeps and statements are events; one still
        // running waits on something else.
        runtime.taint()
        throw .escape(
          SimulationEscape(
            .stillWaiting,
            "your server's handler of \(serverCode.label(of: handling.message)) (op#\(handling.message.operation) "
              + "seq=\(handling.message.sequence)) had not answered when the run ran out of events at \(context.now): "
              + "it waits on something the simulation does not drive — a continuation resumed from a Dispatch queue "
              + "or a thread of your own, the main actor, a real sleep or socket"))
      }
      return
    }
    runtime.taint()
    let more = waiting.count > 1 ? " (and \(waiting.count - 1) more)" : ""
    throw .escape(
      SimulationEscape(
        .stillWaiting,
        "the code of op#\(first)\(more) had not returned when the run ran out of events at \(context.now): it waits "
          + "on something the simulation does not drive — a continuation resumed from a Dispatch queue or a thread "
          + "of your own, the main actor (MainActor.run, a @MainActor function), an actor with an executor of its "
          + "own, a real sleep, a real socket or URLSession, or a continuation nobody resumes"))
  }

  // MARK: Sending

  @inlinable
  mutating func attemptWhileOffline(
    _ operation: Int, until end: VirtualTime, _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) -> ClientStep {
    guard let (sequence, request, continuation) = staged.take() else { return .idle }
    records[operation].attempts &+= 1
    context.trace(RequestActor.client(operation), "\(request) fails at once: offline", "seq=\(sequence)")
    continuation.resume(throwing: TransportError(.notConnectedToInternet))
    return .idle
  }

  @inlinable
  mutating func startAttempt(
    _ operation: Int, _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) -> ClientAttempt {
    guard let (sequence, request, continuation) = staged.take() else {
      preconditionFailure("the router sent a request of your code that was not posted")
    }
    records[operation].attempts &+= 1
    var message: RequestMessage
    var isWrite: Bool
    if let serverCode {
      serverCode.record(request, operation, sequence)
      (message, isWrite) = ServerCodeHost.message(for: request, operation, sequence)
    } else if hasRouteServer {
      (message, isWrite) = routedMessage(for: request, operation, sequence)
    } else {
      message = clients.message(for: request, operation, sequence)
      isWrite = message.kind == .write
    }
    let wait = if let asked = request.timeout { waitConverting(asked) } else { timeout }
    let real = max(clocks.realWait(wait), .nanoseconds(1))
    clients.pending.insert(
      operation, sequence,
      try UserCodeClients.Pending(
        continuation: continuation, isQuery: message.kind == .query,
        isWrite: isWrite, sentAt: context.now, timeout: real))
    if context.isTracing { sending = request }
    // Clamped by hand, as `PackedOutcome.init` explains.
    return ClientAttempt(request: message, number: UInt16(truncatingIfNeeded: Swift.min(sequence, 0xFFFF)))
  }

  @inlinable
  func label(of attempt: ClientAttempt) -> String {
    guard let sending else { return "request \(attempt.request.sequence)" }
    if hasRouteServer, serverCode == nil { return sending.description + routeLabel(attempt.request) }
    return sending.description
  }

  // MARK: Timeouts

  @inlinable
  mutating func deadline(_ operation: Int, awaiting sequence: UInt32) -> VirtualTime? {
    clients.pending.peek(operation, sequence)?.deadline
  }

  @inlinable
  mutating func armTimeout(
    _ operation: Int, _ sequence: UInt32, now: VirtualTime
  ) -> (timer: AttemptTimer, at: VirtualTime)? {
    guard let waiting = clients.pending.peek(operation, sequence), !waiting.isArmed else { return nil }
    let generation = waiting.generation &+ 1
    clients.pending.update(operation, sequence) { waiting in
      waiting.isArmed = true
      waiting.generation = generation
    }
    let timer = AttemptTimer(operation: UInt32(operation), sequence: sequence, generation: generation)
    return (timer, max(waiting.deadline, now))
  }

  @inlinable
  mutating func armTimeout(
    _ operation: Int, _ sequence: UInt32, ifReachedBy time: VirtualTime, now: VirtualTime
  ) -> (timer: AttemptTimer, at: VirtualTime)? {
    guard let deadline = clients.pending.peek(operation, sequence)?.deadline, time >= deadline else { return nil }
    return armTimeout(operation, sequence, now: now)
  }

  @inlinable
  mutating func moveTimeout(_ operation: Int, _ sequence: UInt32, to time: VirtualTime) -> AttemptTimer {
    var generation: UInt32 = 0
    clients.pending.update(operation, sequence) { waiting in
      waiting.deadline = time
      waiting.generation &+= 1
      waiting.isArmed = true
      generation = waiting.generation
    }
    return AttemptTimer(operation: UInt32(operation), sequence: sequence, generation: generation)
  }

  @inlinable
  mutating func timeout(
    _ timer: AttemptTimer, _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) -> ClientStep {
    let operation = Int(timer.operation)
    guard let waiting = clients.pending.peek(operation, timer.sequence), waiting.generation == timer.generation
    else { return .idle }
    _ = clients.pending.remove(operation, timer.sequence)
    context.trace(RequestActor.client(operation), "timed out", "seq=\(timer.sequence)")
    waiting.continuation.resume(throwing: TransportError(.timedOut))
    return .idle
  }

  // MARK: Answers

  /// An answer reaches the code's transport: the waiting request resumes
  /// with it; one nobody waits for any more (timed out, cancelled, its
  /// process killed) is dropped.
  @inlinable
  mutating func receive(
    _ response: ResponseMessage, _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) -> ClientStep {
    let operation = Int(response.operation)
    guard let waiting = clients.pending.remove(operation, response.sequence) else {
      context.trace(
        RequestActor.client(operation), "discard late response",
        "seq=\(response.sequence) status=\(response.status.traceCode)")
      return .idle
    }
    switch response.status {
    case .transportFailure(let failure):
      let error = TransportError(failure.code)
      context.trace(RequestActor.client(operation), "transport error \(error)", "seq=\(response.sequence)")
      waiting.continuation.resume(throwing: error)
    case .http(let code):
      var dateWait: VirtualDuration?
      if case .retryAfterDate(let date) = response.content {
        // The device's HTTP stack reads the date by the device's clock
        // (or by the response's Date header).
        dateWait = clocks.wait(until: date, response, &context)
      }
      var answer = TransportResponse(answering: response, status: code, isQuery: waiting.isQuery, dateWait: dateWait)
      if hasRouteServer { routedAnswer(&answer, response, code) }
      if let serverCode, let served = serverCode.answer(for: response, carried: code) {
        answer.status = served.status
        answer.headers = served.headers
        answer.body = served.body
      }
      context.trace(RequestActor.client(operation), "response \(answer)", "seq=\(response.sequence)")
      waiting.continuation.resume(returning: answer)
    }
    return .idle
  }

  // MARK: The app's process

  @inlinable
  func killTime(
    of message: MessageIdentity, _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) -> VirtualTime? {
    guard app.termination > 0, let waiting = clients.pending.peek(message.operation, message.sequence),
      waiting.isWrite, context.random.bernoulli(app.termination, RequestDraw.appTermination.key(message))
    else { return nil }
    let share = RandomConversion.unit(context.valueWord(RequestDraw.terminationTime.key(message)))
    return try context.now + VirtualDuration(nanoseconds: UInt64(Double(waiting.timeout.nanoseconds) * share))
  }

  @inlinable
  func pendingKill(
    _ operation: Int, _ sequence: UInt32, _ context: borrowing SimulationContext<RequestEvent>
  ) -> VirtualTime? {
    let message = MessageIdentity(operation: operation, sequence: sequence)
    guard let waiting = clients.pending.peek(operation, sequence), waiting.isWrite, !waiting.killDeferred,
      context.random.bernoulli(app.termination, RequestDraw.appTermination.key(message))
    else { return nil }
    let share = RandomConversion.unit(context.valueWord(RequestDraw.terminationTime.key(message)))
    let delay = VirtualDuration(nanoseconds: UInt64(Double(waiting.timeout.nanoseconds) * share))
    let time = VirtualTime(nanoseconds: waiting.sentAt.nanoseconds &+ delay.nanoseconds)
    return time >= context.now ? time : nil
  }

  @inlinable
  mutating func deferKill(_ operation: Int, _ sequence: UInt32) {
    clients.pending.update(operation, sequence) { $0.killDeferred = true }
  }

  /// The app is killed while a write of the code's waits for its answer:
  /// the process's task is cancelled, and the user opens the app again
  /// later — or, after `client.app.maxResends` relaunches, gives up.
  @inlinable
  mutating func terminate(
    _ kill: AppTermination, _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) -> AppStep {
    let operation = Int(kill.operation)
    guard records.holds(operation), !records[operation].isFinished,
      let waiting = clients.pending.peek(operation, kill.sequence)
    else { return .client(.idle) }
    if waiting.killDeferred {
      // The race put the kill after the answer: nothing is in flight then.
      clients.pending.update(operation, kill.sequence) { $0.killDeferred = false }
      return .client(.idle)
    }
    guard context.fault(app.termination, RequestDraw.appTermination.key(kill.message)) else { return .client(.idle) }
    let launch = clients.processes[operation].launch
    context.trace(
      RequestActor.client(operation),
      "app killed (write seq=\(kill.sequence) in flight): launch \(launch) of your code ends",
      "seq=\(kill.sequence)")
    let task = clients.processes[operation].task
    clients.processes[operation].task = nil
    clients.processes[operation].launch &+= 1
    // Its waiting requests and sleeps end with CancellationError; the
    // answers still on their way find nobody waiting. The root task's
    // request first, as its cancellation handler would have run first.
    clients.cancelRootWait(operation)
    task?.cancel()
    if Int(launch) > app.maxResends {
      context.trace(
        RequestActor.client(operation),
        "the user gives the app up after \(app.maxResends) relaunches (client.app.maxResends): the write is abandoned")
      end(operation, .uncertain, &context)
      return .client(.idle)
    }
    let delay = app.relaunchAfter.delay(word: context.valueWord(RequestDraw.relaunchAfter.key(kill.message)))
    return .relaunchAt(try context.now + delay)
  }

  /// The user opens the app again: the code runs again, as the next
  /// launch, with the operation's disk.
  @inlinable
  mutating func relaunch(_ kill: AppTermination, _ context: inout SimulationContext<RequestEvent>) -> ClientStep {
    let operation = Int(kill.operation)
    guard records.holds(operation), !records[operation].isFinished else { return .idle }
    endings.outboxResends &+= 1
    context.trace(
      RequestActor.client(operation), "relaunch: your code runs again (launch \(clients.processes[operation].launch))")
    clients.launch(operation, running: code, times: 1, killable: true)
    return .idle
  }
}
