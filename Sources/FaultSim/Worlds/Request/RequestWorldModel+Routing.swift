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
    let step = client.begin(operation, &context)
    server.open(operation)
    try perform(step, operation, &context)
  }

  /// Runs the client's code until every task of it waits again, carrying
  /// out what it posts as it goes: its messages go out through the same
  /// path as the built-in client's attempts, and an operation whose code
  /// returned folds once nothing can change it.
  @inlinable
  mutating func runClientCode(_ context: inout SimulationContext<RequestEvent>) throws(SimulationError) {
    while true {
      while let work = try client.nextPosted(&context) {
        switch work {
        case .send(let operation):
          try sendAttempt(operation, &context)
        case .finished(let operation):
          foldIfDone(operation)
        case .serverWork:
          while let work = client.takeServerWork() { try carryOut(work, &context) }
        }
      }
      guard try client.runNextJob(&context) else { return }
    }
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
    let hop = firstHop
    let closing = client.deadline(operation, awaiting: sequence)
    switch try network.transmit(
      attempt.request, labelled: client.label(of: attempt), to: hop, closing: closing, &context)
    {
    case .neverSent(let failure, let time):
      try armTimeout(operation, sequence, ifReachedBy: time, &context)
      let response = ResponseMessage(
        operation: UInt32(operation), sequence: sequence, status: .transportFailure(failure))
      try context.schedule(.respond(response), at: time)
    case .lost:
      try armTimeout(operation, sequence, &context)
      try scheduleKill(attempt.request, &context)
    case .arrives(let time):
      client.requestOut(operation)
      switch hop {
      case .server: try armTimeout(operation, sequence, ifReachedBy: time, &context)
      // The gateway's tries and backoffs make the answer's time unknown:
      // the timeout must be in place.
      case .gateway: try armTimeout(operation, sequence, &context)
      }
      try context.schedule(hop.arrival(of: attempt.request), at: time)
      if let (copy, copyTime) = try network.duplicate(attempt.request, arrivingAt: time, at: hop, &context) {
        // The copy is a request at the hop like any other: it holds the
        // operation open until answered.
        client.requestOut(operation)
        try context.schedule(hop.arrival(of: copy), at: copyTime)
      }
      try scheduleKill(attempt.request, &context)
    }
  }

  /// Schedules the app's kill during the write attempt `request` that just
  /// left the device, if one is drawn (``AppOptions/termination``). The
  /// request goes on regardless: it is counted in `unansweredRequests`
  /// until the server answers, whatever became of the process.
  @inlinable
  @inline(__always)
  mutating func scheduleKill(_ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>)
    throws(SimulationError)
  {
    guard client.mayBeKilled, let time = try client.killTime(of: request.identity, &context) else { return }
    try context.schedule(.terminate(AppTermination(operation: request.operation, sequence: request.sequence)), at: time)
  }

  /// The client's app is killed: the user relaunches it later, or the
  /// client's step (the write abandoned) is carried out.
  @inlinable
  mutating func terminateApp(_ kill: AppTermination, _ context: inout SimulationContext<RequestEvent>)
    throws(SimulationError)
  {
    switch try client.terminate(kill, &context) {
    case .relaunchAt(let time): try context.schedule(.relaunch(kill), at: time)
    case .client(let step): try perform(step, Int(kill.operation), &context)
    }
  }

  /// A request reaches the server.
  @inlinable
  mutating func deliver(_ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>)
    throws(SimulationError)
  {
    if Client.runsCode, request.marks.isRouted {
      try deliverRouted(request, &context)
      return
    }
    try admit(server.receive(request, &context), request, &context)
  }

  /// What the server's reception of `request` leads to: an answer, a
  /// request held until it arrives, queued behind the workers, processed,
  /// or refused. Shared by every request, routed or not.
  @inlinable
  @inline(__always)
  mutating func admit(
    _ reception: RequestServer<Handler>.Reception, _ request: RequestMessage,
    _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) {
    let operation = Int(request.operation)
    switch reception {
    case .answer(let response):
      client.requestAnswered(operation)
      try answer(response, to: request, &context)
    case .hold(let held, let time):
      try armTimeout(operation, request.sequence, ifReachedBy: time, &context)
      try context.schedule(.arrive(held), at: time)
    case .queued:
      // The wait in the queue is unknown: the timeout must be in place.
      try armTimeout(operation, request.sequence, &context)
      try scheduleRestartIfDue(&context)
    case .process:
      try process(request, &context)
    case .refused(let refusal):
      // Connection refused: the hop in front learns at once, as when it
      // cannot connect.
      client.requestAnswered(operation)
      try reply(refusal, to: request, failingAt: context.now, &context)
    }
  }

  /// A worker takes up a request.
  @inlinable
  @inline(__always)
  mutating func process(_ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>)
    throws(SimulationError)
  {
    let processing = try RequestServer.beginProcessing(request, &context, in: &server)
    if Client.runsCode, request.marks.isRouted {
      // A request a restart cuts never begins on its route.
      if case .lostToRestart = processing {} else { client.routedProcessingBegins(request) }
    }
    switch processing {
    case .busy(let done):
      try armTimeout(Int(request.operation), request.sequence, ifReachedBy: done, &context)
      try context.schedule(.complete(request), at: done)
    case .immediate:
      try complete(request, &context)
    case .lostToRestart(let restart):
      // The connection is reset at the restart; the server keeps nothing of it.
      client.requestAnswered(Int(request.operation))
      try reply(Self.connectionReset(request), to: request, failingAt: restart, &context)
      try scheduleRestartIfDue(&context)
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
    if Client.runsCode, client.hasServerCode {
      // Your handler answers when it returns (``carryOut(_:_:)``); the
      // worker stays busy until then. When is unknown: the client's
      // timeout must be in place.
      try armTimeout(Int(request.operation), request.sequence, &context)
      client.startHandling(request, latestRestart: server.latestRestart(at: context.now, context.random), &context)
      if let restart = server.restartEndingHandlings() { try context.schedule(.serverRestart, at: restart) }
      return
    }
    let response: ResponseMessage
    if Client.runsCode, client.hasRoutes {
      response = completeRouted(request, &context)
    } else {
      response = server.complete(request, &context)
    }
    client.requestAnswered(Int(request.operation))
    try answer(response, to: request, &context)
    if let next = RequestServer.nextQueued(in: &server) { try process(next, &context) }
  }

  /// A response goes back through the network, from the server or the
  /// gateway (`from`, for the trace: the hop, so that no name is held
  /// when tracing is off).
  @inlinable
  mutating func send(
    _ response: ResponseMessage, from sender: RequestHop = .server,
    _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) {
    switch try network.transmit(response, from: sender, &context) {
    case .lost:
      try armTimeout(Int(response.operation), response.sequence, &context)
    case .arrives(let delivered, let arrival):
      try schedule(delivered, at: arrival, &context)
      if let copyTime = try network.duplicate(response, arrivingAt: arrival, &context) {
        // Later than the original, so it races no timeout the original
        // did not; a client that has its answer (or was folded) drops it.
        try context.schedule(.respond(delivered), at: copyTime)
      }
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
    var arrival = arrival
    if client.mayBeKilled, client.deadline(operation, awaiting: sequence) != nil {
      arrival = raceKill(response, arrival: arrival, &context)
    }
    if let deadline = client.deadline(operation, awaiting: sequence) {
      if arrival.distance(to: deadline) <= raceWindow {
        // Natural order: the response first only if strictly earlier (the
        // timeout was scheduled first, so it wins a tie).
        let responseFirst = arrival < deadline
        let swapped =
          context.choose(
            race: RequestDraw.responseVsTimeout.key(response.delivery), label: RequestDraw.responseVsTimeout.name,
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

  /// The race of an awaited write's answer with the app's kill drawn for
  /// the same attempt, when the two are within the race window: returns
  /// when the answer arrives. Natural order: the earlier first (the kill,
  /// scheduled at the send, wins a tie). Swapped with the answer first,
  /// the kill comes after it and finds nothing in flight; swapped with the
  /// kill first, the answer arrives at the kill's instant, just after it.
  @inlinable
  mutating func raceKill(
    _ response: ResponseMessage, arrival: VirtualTime, _ context: inout SimulationContext<RequestEvent>
  ) -> VirtualTime {
    let operation = Int(response.operation)
    let sequence = response.sequence
    guard let kill = client.pendingKill(operation, sequence, context), kill.distance(to: arrival) <= raceWindow
    else { return arrival }
    let killFirst = kill <= arrival
    let swapped =
      context.choose(
        race: RequestDraw.appKillVsResponse.key(operation, sequence), label: RequestDraw.appKillVsResponse.name,
        alternatives: killFirst ? ["kill first", "response first"] : ["response first", "kill first"]) == 1
    guard swapped else { return arrival }
    if killFirst {
      client.deferKill(operation, sequence)
      return arrival
    }
    return kill
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
