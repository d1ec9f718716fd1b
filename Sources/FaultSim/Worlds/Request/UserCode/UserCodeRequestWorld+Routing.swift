/// The router of the user-code request world: it starts each operation's
/// code, carries out what the code posts (requests, trace lines, its
/// return), moves messages through the network and the server, and resumes
/// the code's waiting requests with their answers or timeouts.
extension UserCodeRequestWorld {
  /// An operation starts: the next one is scheduled, and its code runs in
  /// a task of its own, bound to the operation.
  @inlinable
  mutating func startOperation(_ operation: Int, _ context: inout SimulationContext<Event>) throws(SimulationError) {
    if let next = try arrivals.next() {
      try context.schedule(.start(operation: UInt32(operation + 1)), at: next)
    }
    server.open(operation)
    clients.records[operation].start = context.now
    context.trace(RequestActor.client(operation), "start: your code runs")
    clients.start(operation, running: options.code, submissions: options.scenario.workload.submissions)
  }

  /// Runs the code's ready jobs one at a time, carrying out what each
  /// posts, until every task waits on a message, a timer or a sleep.
  @inlinable
  mutating func runCode(_ context: inout SimulationContext<Event>) throws(SimulationError) {
    while true {
      try carryOutPosted(&context)
      guard let job = runtime.nextJob(&context) else { return }
      try runtime.run(job)
    }
  }

  /// Carries out what the code posted, in order, and schedules the wake of
  /// every sleep it began.
  @inlinable
  mutating func carryOutPosted(_ context: inout SimulationContext<Event>) throws(SimulationError) {
    if clients.hasCommands {
      try carryOutCommands(&context)
    }
    if runtime.hasSleepRequests {
      runtime.takeSleepRequests(into: &sleeps)
      for (deadline, ticket) in sleeps {
        try context.schedule(.wake(ticket), at: max(deadline, context.now))
      }
    }
  }

  /// Carries out the commands the code posted, in order.
  @inlinable
  mutating func carryOutCommands(_ context: inout SimulationContext<Event>) throws(SimulationError) {
    clients.takeCommands(into: &commands)
    for command in commands {
      switch command {
      case .send(let operation, let sequence, let request, let continuation):
        try send(request, operation, sequence, continuation, &context)
      case .note(let operation, let event, let details):
        context.trace(RequestActor.client(operation), event, details)
      case .finish(let operation, let outcome):
        clients.records[operation].finished = true
        clients.records[operation].outcome = outcome
        clients.records[operation].end = context.now
        context.trace(
          RequestActor.client(operation), "your code returns \(outcome)",
          "attempts=\(clients.records[operation].attempts)")
      }
    }
  }

  // MARK: Requests

  /// The code's request leaves the device: through the network, with its
  /// timeout armed.
  @inlinable
  mutating func send(
    _ request: HTTPRequest, _ operation: Int, _ sequence: UInt32,
    _ continuation: UnsafeContinuation<HTTPResponse, any Error>, _ context: inout SimulationContext<Event>
  ) throws(SimulationError) {
    if clients.wasCancelledBeforeSending(operation, sequence) {
      continuation.resume(throwing: CancellationError())
      return
    }
    clients.records[operation].attempts &+= 1
    if network.offlineWindow(at: context.now) != nil {
      context.trace(RequestActor.client(operation), "\(request) fails at once: offline", "seq=\(sequence)")
      continuation.resume(throwing: TransportError(.notConnectedToInternet))
      return
    }
    let message = clients.message(for: request, operation, sequence)
    let timeout =
      request.timeout.map { VirtualDuration(clamping: $0) } ?? options.scenario.client.timeout
    let deadline = try context.now + max(timeout, .nanoseconds(1))
    clients.pending.insert(
      operation, sequence,
      UserCodeClients.Pending(
        continuation: continuation, deadline: deadline, generation: 0, isQuery: message.kind == .query))
    try context.schedule(
      .timeout(AttemptTimer(operation: UInt32(operation), sequence: sequence, generation: 0)), at: deadline)
    switch try network.transmit(message, labelled: "\(request)", &context) {
    case .neverSent(let failure, let time):
      try context.schedule(
        .respond(
          ResponseMessage(operation: UInt32(operation), sequence: sequence, status: .transportFailure(failure))),
        at: time)
    case .lost:
      break
    case .arrives(let time):
      try context.schedule(.arrive(message), at: time)
      if let (copy, copyTime) = try network.duplicate(message, arrivingAt: time, &context) {
        try context.schedule(.arrive(copy), at: copyTime)
      }
    }
  }

  // MARK: The server

  /// A request reaches the server.
  @inlinable
  mutating func deliver(_ request: RequestMessage, _ context: inout SimulationContext<Event>) throws(SimulationError) {
    switch server.receive(request, &context) {
    case .answer(let response): try respond(response, &context)
    case .hold(let held, let time): try context.schedule(.arrive(held), at: time)
    case .queued: break
    case .process: try process(request, &context)
    case .refused(let refusal): try context.schedule(.respond(refusal), at: context.now)
    }
  }

  /// A worker takes up a request.
  @inlinable
  mutating func process(_ request: RequestMessage, _ context: inout SimulationContext<Event>) throws(SimulationError) {
    switch try server.beginProcessing(request, &context) {
    case .busy(let done): try context.schedule(.complete(request), at: done)
    case .immediate: try complete(request, &context)
    case .lostToRestart(let restart):
      try context.schedule(
        .respond(
          ResponseMessage(
            operation: request.operation, sequence: request.sequence, status: .transportFailure(.connectionLost))),
        at: restart)
    }
  }

  /// A request's processing ends: its response goes out, and the worker
  /// takes up the next queued request, if any.
  @inlinable
  mutating func complete(_ request: RequestMessage, _ context: inout SimulationContext<Event>) throws(SimulationError) {
    try respond(server.complete(request, &context), &context)
    if let next = server.nextQueued() { try process(next, &context) }
  }

  /// A response goes back through the network; one that arrives within
  /// the race window of its request's timeout races it.
  @inlinable
  mutating func respond(_ response: ResponseMessage, _ context: inout SimulationContext<Event>) throws(SimulationError)
  {
    guard case .arrives(let delivered, let arrival) = try network.transmit(response, &context) else { return }
    let operation = Int(response.operation)
    // A duplicated response's copy is scheduled after the original and any
    // timeout the race moves, so it wins no tie: the transport drops it,
    // its request no longer waiting.
    let copyTime = try network.duplicate(response, arrivingAt: arrival, &context)
    if let waiting = clients.pending.peek(operation, response.sequence),
      arrival.distance(to: waiting.deadline) <= options.scenario.races.window
    {
      let responseFirst = arrival < waiting.deadline
      let swapped =
        context.choose(
          race: RequestDraw.responseVsTimeout.key(response.delivery),
          label: RequestDraw.responseVsTimeout.name,
          alternatives: responseFirst ? ["response first", "timeout first"] : ["timeout first", "response first"])
        == 1
      if swapped {
        // Exchange the two instants; the timeout armed at sending is stale.
        let generation = waiting.generation &+ 1
        clients.pending.update(operation, response.sequence) { waiting in
          waiting.generation = generation
          waiting.deadline = arrival
        }
        let timer = AttemptTimer(operation: UInt32(operation), sequence: response.sequence, generation: generation)
        if responseFirst {
          try context.schedule(.timeout(timer), at: arrival)
          try context.schedule(.respond(delivered), at: waiting.deadline)
        } else {
          try context.schedule(.respond(delivered), at: waiting.deadline)
          try context.schedule(.timeout(timer), at: arrival)
        }
        if let copyTime { try context.schedule(.respond(delivered), at: copyTime) }
        return
      }
    }
    try context.schedule(.respond(delivered), at: arrival)
    if let copyTime { try context.schedule(.respond(delivered), at: copyTime) }
  }

  // MARK: Answers

  /// An answer reaches the code's transport: the waiting request resumes
  /// with it; one nobody waits for any more (timed out, cancelled) is
  /// dropped.
  @inlinable
  mutating func receive(_ response: ResponseMessage, _ context: inout SimulationContext<Event>) {
    let operation = Int(response.operation)
    guard let waiting = clients.pending.remove(operation, response.sequence) else {
      context.trace(
        RequestActor.client(operation), "discard late response",
        "seq=\(response.sequence) status=\(response.status.traceCode)")
      return
    }
    switch response.status {
    case .transportFailure(let failure):
      let error = TransportError(failure.code)
      context.trace(RequestActor.client(operation), "transport error \(error)", "seq=\(response.sequence)")
      waiting.continuation.resume(throwing: error)
    case .http(let code):
      let answer = HTTPResponse(answering: response, status: code, isQuery: waiting.isQuery)
      context.trace(RequestActor.client(operation), "response \(answer)", "seq=\(response.sequence)")
      waiting.continuation.resume(returning: answer)
    }
  }

  /// A request's timeout fires: the waiting request throws
  /// ``TransportError/Code/timedOut``, unless its answer came first.
  @inlinable
  mutating func timeOut(_ timer: AttemptTimer, _ context: inout SimulationContext<Event>) {
    let operation = Int(timer.operation)
    guard let waiting = clients.pending.peek(operation, timer.sequence), waiting.generation == timer.generation
    else { return }
    _ = clients.pending.remove(operation, timer.sequence)
    context.trace(RequestActor.client(Int(timer.operation)), "timed out", "seq=\(timer.sequence)")
    waiting.continuation.resume(throwing: TransportError(.timedOut))
  }
}

extension TransportFailure {
  /// The `URLError` code of the failure.
  @inlinable
  var code: TransportError.Code {
    switch self {
    case .cannotConnect: .cannotConnectToHost
    case .dnsFailure: .cannotFindHost
    case .connectionLost: .networkConnectionLost
    }
  }
}

extension HTTPResponse {
  /// The HTTP form of the server's answer: a status query's answer as 200
  /// or 404, `Retry-After` in whole seconds (rounded up) or as the server's
  /// HTTP date (`server.retryAfterFormat` `http-date`), a record's version
  /// as its `ETag`.
  @inlinable
  init(answering response: ResponseMessage, status code: UInt16, isQuery: Bool) {
    var status = Int(code)
    var headers: HTTPHeaders = [:]
    switch response.content {
    case .none: break
    case .writeApplied(let applied): if isQuery, status == 200, !applied { status = 404 }
    case .version(let version): headers["ETag"] = "\"\(version)\""
    case .retryAfter(let delay):
      headers["Retry-After"] = String((delay.nanoseconds + 999_999_999) / 1_000_000_000)
    case .retryAfterDate(let seconds):
      // Issue 13, clocks that disagree: the date as the server wrote it.
      headers["Retry-After"] = HTTPDate.format(seconds: seconds)
    }
    self.init(status: status, headers: headers)
  }
}

/// A 64-bit digest of a request body (FNV-1a): what tells a retry's body
/// from the first one. Never 0, so 0 can mean "no body yet".
@usableFromInline
enum BodyDigest {
  @inlinable
  static func of(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash | 1
  }
}

extension VirtualDuration {
  /// `duration` in virtual time: 0 for a negative one, the longest for one
  /// beyond the clock.
  @inlinable
  init(clamping duration: Duration) {
    self.init(nanoseconds: VirtualTime(clamping: duration).nanoseconds)
  }
}
