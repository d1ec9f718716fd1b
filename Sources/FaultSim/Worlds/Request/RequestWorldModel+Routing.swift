/// The router: how the world carries messages between its actors, and what
/// it decides because it sees both ends — when a client's timeout must be
/// put in place, and the race between a response and that timeout.
extension RequestWorldModel {
  /// An operation starts: the next one is scheduled, and the client sends.
  @inlinable
  mutating func startOperation(_ operation: Int, _ context: inout SimulationContext<RequestEvent>)
    throws(SimulationError)
  {
    if let next = try arrivals.next() {
      try context.schedule(.start(operation: UInt32(operation + 1)), at: next)
    }
    makeRoom()
    client.begin(operation, &context)
    server.open(operation)
    try sendAttempt(operation, &context)
  }

  /// Carries out what the client wants next.
  @inlinable
  @inline(__always)
  mutating func perform(
    _ step: ClientStep, _ operation: Int, _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) {
    switch step {
    case .idle: return
    case .sendNow: try sendAttempt(operation, &context)
    case .sendAt(let time): try context.schedule(.send(operation: UInt32(operation)), at: time)
    }
  }

  /// The client's next attempt goes out through the network — unless the
  /// device is offline, when the client decides what to do about it.
  @inlinable
  mutating func sendAttempt(_ operation: Int, _ context: inout SimulationContext<RequestEvent>) throws(SimulationError)
  {
    if let window = network.offlineWindow(at: context.now) {
      try perform(client.attemptWhileOffline(operation, until: window.end, &context), operation, &context)
      return
    }
    let attempt = try client.startAttempt(operation, &context)
    let sequence = attempt.request.sequence
    switch try network.transmit(
      attempt.request, labelled: "\(attempt.request.kind) attempt \(attempt.number)", &context)
    {
    case .neverSent(let failure, let time):
      try armTimeout(operation, sequence, ifReachedBy: time, &context)
      let response = ResponseMessage(
        operation: UInt32(operation), sequence: sequence, status: .transportFailure(failure))
      try context.schedule(.respond(response), at: time)
    case .lost:
      try armTimeout(operation, sequence, &context)
    case .arrives(let time):
      try armTimeout(operation, sequence, ifReachedBy: time, &context)
      client.records[operation].unansweredRequests &+= 1
      try context.schedule(.arrive(attempt.request), at: time)
    }
  }

  /// A request reaches the server.
  @inlinable
  mutating func deliver(_ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>)
    throws(SimulationError)
  {
    let operation = Int(request.operation)
    switch server.receive(request, &context) {
    case .answer(let response):
      client.records[operation].unansweredRequests &-= 1
      try send(response, &context)
    case .hold(let held, let time):
      try armTimeout(operation, request.sequence, ifReachedBy: time, &context)
      try context.schedule(.arrive(held), at: time)
    case .queued:
      // The wait in the queue is unknown: the timeout must be in place.
      try armTimeout(operation, request.sequence, &context)
    case .process:
      try process(request, &context)
    case .refused(let refusal):
      // Connection refused: the client learns at once, as when it cannot connect.
      client.records[operation].unansweredRequests &-= 1
      try armTimeout(operation, request.sequence, ifReachedBy: context.now, &context)
      try context.schedule(.respond(refusal), at: context.now)
    }
  }

  /// A worker takes up a request.
  @inlinable
  @inline(__always)
  mutating func process(_ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>)
    throws(SimulationError)
  {
    switch try server.beginProcessing(request, &context) {
    case .busy(let done):
      try armTimeout(Int(request.operation), request.sequence, ifReachedBy: done, &context)
      try context.schedule(.complete(request), at: done)
    case .immediate:
      try complete(request, &context)
    case .lostToRestart(let restart):
      // The connection is reset at the restart; the server keeps nothing of it.
      let operation = Int(request.operation)
      client.records[operation].unansweredRequests &-= 1
      try armTimeout(operation, request.sequence, ifReachedBy: restart, &context)
      try context.schedule(.respond(Self.connectionReset(request)), at: restart)
    }
  }

  /// What the client of a request cut by a restart sees: the connection
  /// lost (ambiguous to it, though nothing was applied).
  @inlinable
  static func connectionReset(_ request: RequestMessage) -> ResponseMessage {
    ResponseMessage(
      operation: request.operation, sequence: request.sequence, status: .transportFailure(.connectionLost))
  }

  /// A request's processing ends: its response goes out, and the worker
  /// takes up the next queued request, if any.
  @inlinable
  mutating func complete(_ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>)
    throws(SimulationError)
  {
    let response = server.complete(request, &context)
    client.records[Int(request.operation)].unansweredRequests &-= 1
    try send(response, &context)
    if let next = server.nextQueued() { try process(next, &context) }
  }

  /// A response goes back through the network.
  @inlinable
  mutating func send(_ response: ResponseMessage, _ context: inout SimulationContext<RequestEvent>)
    throws(SimulationError)
  {
    switch try network.transmit(response, &context) {
    case .lost:
      try armTimeout(Int(response.operation), response.sequence, &context)
    case .arrives(let delivered, let arrival):
      try schedule(delivered, at: arrival, &context)
    }
  }

  /// Schedules a response's arrival; one close to its attempt's timeout
  /// races with it.
  @inlinable
  @inline(__always)
  mutating func schedule(
    _ response: ResponseMessage, at arrival: VirtualTime, _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) {
    let operation = Int(response.operation)
    let sequence = response.sequence
    if let deadline = client.deadline(operation, awaiting: sequence) {
      if arrival.distance(to: deadline) <= raceWindow {
        // Natural order: the response first only if strictly earlier (the
        // timeout was scheduled first, so it wins a tie).
        let responseFirst = arrival < deadline
        let swapped =
          context.choose(
            race: RequestDraw.responseVsTimeout.key(operation, sequence), label: RequestDraw.responseVsTimeout.name,
            alternatives: responseFirst ? ["response first", "timeout first"] : ["timeout first", "response first"]
          ) == 1
        if swapped {
          // Exchange the two instants; a fresh timeout replaces any armed one.
          let timer = client.moveTimeout(operation, sequence, to: arrival)
          if responseFirst {
            try context.schedule(.timeout(timer), at: arrival)
            try context.schedule(.respond(response), at: deadline)
          } else {
            // Now the response wins; at equal instants it must be queued first.
            try context.schedule(.respond(response), at: deadline)
            try context.schedule(.timeout(timer), at: arrival)
          }
          return
        }
      }
      if arrival >= deadline { try armTimeout(operation, sequence, &context) }
    }
    try context.schedule(.respond(response), at: arrival)
  }

  /// Puts the timeout of message `sequence` in place: nothing can answer it
  /// before its deadline any more.
  @inlinable
  @inline(__always)
  mutating func armTimeout(
    _ operation: Int, _ sequence: UInt32, _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) {
    if let (timer, time) = client.armTimeout(operation, sequence, now: context.now) {
      try context.schedule(.timeout(timer), at: time)
    }
  }

  /// Puts the timeout of message `sequence` in place if something that
  /// happens at `time` cannot answer it before its deadline.
  @inlinable
  @inline(__always)
  mutating func armTimeout(
    _ operation: Int, _ sequence: UInt32, ifReachedBy time: VirtualTime,
    _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) {
    if let (timer, at) = client.armTimeout(operation, sequence, ifReachedBy: time, now: context.now) {
      try context.schedule(.timeout(timer), at: at)
    }
  }
}
