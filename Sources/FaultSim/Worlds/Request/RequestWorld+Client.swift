/// The client side: sending attempts, timeouts, reading responses, and the
/// retry policy (budget, backoff, safety, retry budget).
extension RequestWorld {
  mutating func startOperation(_ operation: Int, _ context: inout SimulationContext<Event>) throws(SimulationError) {
    let next = operation + 1
    if next < arrivals.times.count {
      try context.schedule(
        RequestEvent(.start, operation: UInt32(next)), at: VirtualTime(nanoseconds: arrivals.times[next]))
    }
    clients[operation].start = context.now.nanoseconds
    clients[operation].phase = initialPhase
    retryBudget.recordFirstAttempt()
    context.trace(Self.clientName(operation), "start \(settings.options.workload.kind.rawValue)")
    try sendAttempt(operation, &context)
  }

  /// Sends the next attempt of the current exchange, or waits for
  /// connectivity.
  mutating func sendAttempt(_ operation: Int, _ context: inout SimulationContext<Event>) throws(SimulationError) {
    let now = context.now
    if !settings.options.network.offline.isEmpty,
      let window = settings.options.network.offlineWindow(containing: now.nanoseconds)
    {
      if settings.options.client.offline == .wait {
        context.trace(Self.clientName(operation), "offline: wait for connectivity", "until=\(window.end)")
        try context.schedule(RequestEvent(.send, operation: UInt32(operation)), at: window.end)
        return
      }
      clients[operation].sequence &+= 1
      clients[operation].tries &+= 1
      clients[operation].attempts &+= 1
      context.trace(Self.clientName(operation), "offline: attempt fails at once")
      try handleFailure(operation, .offline, &context)
      return
    }
    clients[operation].sequence &+= 1
    clients[operation].tries &+= 1
    clients[operation].attempts &+= 1
    let sequence = clients[operation].sequence
    let phase = clients[operation].phase
    let message: MessageKind = phase == .write ? .write : (phase == .read ? .read : .query)
    // Only a server that honours keys compares a retry's payload with the
    // first: elsewhere a changed payload is not a fault, so none is drawn.
    if message == .write, clients[operation].tries > 1, !clients[operation].payloadChanged,
      settings.options.workload.kind == .keyedWrite, settings.options.server.keys == .honour,
      context.fault(settings.options.client.payloadChangesOnRetry, Self.key(operation, .payloadChange, sequence))
    {
      clients[operation].payloadChanged = true
    }
    // The client waits for this message from now on; its timeout is armed
    // only once a response before the deadline can no longer be promised.
    let deadline = try Self.later(now, settings.options.client.timeout.nanoseconds)
    clients[operation].awaiting = sequence
    clients[operation].deadline = deadline
    clients[operation].timeoutArmed = false

    // Failures before the request leaves the device.
    let connectFailure: UInt16? =
      context.fault(settings.options.network.dnsFailure, Self.key(operation, .dnsFailure, sequence))
      ? ResponseStatus.dnsFailure
      : context.fault(settings.options.network.cannotConnect, Self.key(operation, .cannotConnect, sequence))
        ? ResponseStatus.cannotConnect : nil
    let latency = settings.options.network.latency.sample(
      context.valueWord(Self.key(operation, .latencyUp, sequence)))
    if let status = connectFailure {
      context.traceMessage(
        from: Self.clientName(operation), to: "server", "\(message) attempt \(clients[operation].tries)", lost: true,
        "never sent: \(ResponseStatus.failure(status, retryAfter: nil))")
      // The failure surfaces after about one round of the handshake.
      let failureTime = try Self.later(now, latency)
      if failureTime >= deadline { try armTimeout(operation, sequence, &context) }
      try context.schedule(
        RequestEvent(.respond, operation: UInt32(operation), sequence: sequence, message: message, status: status),
        at: VirtualTime(nanoseconds: failureTime))
      return
    }
    let lost = requestLost(operation, sequence, now.nanoseconds, &context)
    context.traceMessage(
      from: Self.clientName(operation), to: "server", "\(message) attempt \(clients[operation].tries)", lost: lost,
      "seq=\(sequence)")
    if lost {
      try armTimeout(operation, sequence, &context)
    } else {
      let transmission = settings.options.network.transmissionNanoseconds(bytes: settings.options.workload.requestBytes)
      let arrival = try Self.later(now, latency &+ transmission)
      if arrival >= deadline { try armTimeout(operation, sequence, &context) }
      try context.schedule(
        RequestEvent(
          .arrive, operation: UInt32(operation), sequence: sequence, message: message,
          status: clients[operation].payloadChanged ? 1 : 0, value: clients[operation].knownVersion),
        at: VirtualTime(nanoseconds: arrival))
    }
  }

  /// Schedules the awaited message's timeout at its deadline, once.
  ///
  /// Timeouts are armed lazily: wherever the simulation learns that a
  /// response cannot arrive strictly before the deadline (the request or the
  /// response is lost, processing or queueing runs past the deadline, the
  /// response arrives late). A client whose response comes in time never
  /// puts a timeout in the pending set — most attempts — which saves an
  /// event and a cold record access per attempt. Arming happens no later
  /// than the deadline and before any event at the deadline is scheduled for
  /// the same message, so the order of events equals that of arming every
  /// timeout at send time.
  mutating func armTimeout(
    _ operation: Int, _ sequence: UInt32, _ context: inout SimulationContext<Event>
  ) throws(SimulationError) {
    guard clients[operation].awaiting == sequence, !clients[operation].timeoutArmed else { return }
    clients[operation].timeoutArmed = true
    clients[operation].timeoutGeneration &+= 1
    let deadline = clients[operation].deadline
    assert(deadline >= context.now.nanoseconds, "a timeout armed after its deadline")
    try context.schedule(
      RequestEvent(
        .timeout, operation: UInt32(operation), sequence: sequence, value: clients[operation].timeoutGeneration),
      at: VirtualTime(nanoseconds: max(deadline, context.now.nanoseconds)))
  }

  mutating func clientTimeout(_ event: Event, _ context: inout SimulationContext<Event>) throws(SimulationError) {
    let operation = Int(event.operation)
    guard clients[operation].awaiting == event.sequence,
      clients[operation].timeoutGeneration == event.value
    else { return }
    clients[operation].awaiting = 0
    context.trace(Self.clientName(operation), "timeout", "seq=\(event.sequence)")
    try handleFailure(operation, .timeout, &context)
  }

  mutating func clientReceive(_ event: Event, _ context: inout SimulationContext<Event>) throws(SimulationError) {
    let operation = Int(event.operation)
    guard clients[operation].awaiting == event.sequence else {
      context.trace(Self.clientName(operation), "discard late response", "seq=\(event.sequence) status=\(event.status)")
      return
    }
    clients[operation].awaiting = 0
    guard (200..<300).contains(event.status) else {
      let retryAfter = retryAfter(for: event.status)
      let failure = ResponseStatus.failure(event.status, retryAfter: retryAfter)
      context.trace(Self.clientName(operation), "failure \(failure)", "seq=\(event.sequence)")
      try handleFailure(operation, failure, &context)
      return
    }
    retryBudget.recordSuccess()
    switch clients[operation].phase {
    case .write:
      try finish(operation, .succeeded, &context)
    case .read:
      if settings.options.workload.contention != nil {
        clients[operation].knownVersion = event.value
        clients[operation].phase = .write
        clients[operation].tries = 0
        context.trace(Self.clientName(operation), "read version \(event.value)")
        try sendAttempt(operation, &context)
      } else {
        try finish(operation, .succeeded, &context)
      }
    case .query:
      if event.value == 1 {
        context.trace(Self.clientName(operation), "query: the write was applied")
        try finish(operation, .succeeded, &context)
      } else {
        context.trace(Self.clientName(operation), "query: the write was not applied")
        clients[operation].phase = .write
        clients[operation].sawAmbiguousFailure = false
        try retry(operation, after: nil, &context)
      }
    }
  }

  /// The Retry-After the server attaches to a status, if any.
  func retryAfter(for status: UInt16) -> UInt64? {
    switch status {
    case 429: return settings.options.server.throttleRetryAfter.nanoseconds
    case 503: return settings.options.server.capacity?.retryAfter.nanoseconds
    default: return nil
    }
  }

  /// Applies the retry policy to a failed attempt.
  mutating func handleFailure(
    _ operation: Int, _ failure: Failure, _ context: inout SimulationContext<Event>
  ) throws(SimulationError) {
    let phase = clients[operation].phase
    let kind = settings.options.workload.kind
    if phase == .write && !failure.provesNotApplied {
      clients[operation].sawAmbiguousFailure = true
    }
    // A conditional write that lost to a newer version reads it again.
    if case .conflict(412) = failure, phase == .write, settings.options.workload.contention != nil {
      clients[operation].conflicts &+= 1
      guard settings.options.client.conflictLimit.allows(clients[operation].conflicts) else {
        context.trace(Self.clientName(operation), "give up: conflict limit")
        try finish(operation, giveUpOutcome(operation), &context)
        return
      }
      clients[operation].phase = .read
      clients[operation].tries = 0
      switch settings.options.client.conflictRetry {
      case .immediate: try sendAttempt(operation, &context)
      case .afterBackoff: try rereadAfterBackoff(operation, &context)
      }
      return
    }
    guard failure.isRetryable else {
      context.trace(Self.clientName(operation), "give up: \(failure) is not retryable")
      try finish(operation, giveUpOutcome(operation), &context)
      return
    }
    if phase == .write && kind == .keylessWrite && !failure.provesNotApplied {
      switch settings.options.client.safety {
      case .naive:
        break
      case .careful:
        context.trace(
          Self.clientName(operation), "give up: outcome uncertain (a keyless write is never resent blindly)")
        try finish(operation, .uncertain, &context)
        return
      case .query:
        clients[operation].phase = .query
      }
    }
    var retryAfter: UInt64?
    if case .throttled(_, let delay) = failure { retryAfter = delay }
    try retry(operation, after: retryAfter, &context)
  }

  /// Schedules the next attempt after the backoff, if the budgets allow.
  mutating func retry(
    _ operation: Int, after retryAfter: UInt64?, _ context: inout SimulationContext<Event>
  ) throws(SimulationError) {
    guard Int(clients[operation].tries) < settings.options.client.attempts else {
      context.trace(Self.clientName(operation), "give up: attempt budget spent")
      try finish(operation, giveUpOutcome(operation), &context)
      return
    }
    guard retryBudget.allowRetry() else {
      context.trace(Self.clientName(operation), "give up: shared retry budget refused")
      try finish(operation, giveUpOutcome(operation), &context)
      return
    }
    let sequence = clients[operation].sequence
    var delay = settings.options.client.backoff.delay(
      retry: Int(clients[operation].tries) - 1, previous: previousBackoff(operation),
      word: context.valueWord(Self.key(operation, .backoff, sequence)))
    clients[operation].previousBackoff = delay
    if settings.options.client.honoursRetryAfter, let retryAfter { delay = max(delay, retryAfter) }
    context.trace(Self.clientName(operation), "retry after \(VirtualDuration(nanoseconds: delay))")
    try context.schedule(
      RequestEvent(.send, operation: UInt32(operation)),
      at: VirtualTime(nanoseconds: try Self.later(context.now, delay)))
  }

  /// Waits per the backoff after the operation's latest 412, then reads the
  /// record again; a zero wait reads at once, as ``ClientOptions/ConflictRetry/immediate`` does.
  ///
  /// The *n*-th conflict of an operation is retry *n* − 1 of the backoff
  /// (counted from its ``Backoff/firstRetry``; neither the attempt budget
  /// nor the shared retry budget applies: ``ClientOptions/conflictLimit``
  /// does), its random word is the keyed draw of (operation, conflict
  /// backoff, *n*), and decorrelated jitter continues from the client's
  /// previous wait.
  mutating func rereadAfterBackoff(_ operation: Int, _ context: inout SimulationContext<Event>) throws(SimulationError)
  {
    let conflict = clients[operation].conflicts
    let delay = settings.options.client.backoff.delay(
      retry: Int(conflict) - 1, previous: previousBackoff(operation),
      word: context.valueWord(Self.conflictBackoffKey(operation, conflict: conflict)))
    clients[operation].previousBackoff = delay
    guard delay > 0 else {
      try sendAttempt(operation, &context)
      return
    }
    context.trace(
      Self.clientName(operation), "read again after \(VirtualDuration(nanoseconds: delay))", "conflict=\(conflict)")
    try context.schedule(
      RequestEvent(.send, operation: UInt32(operation)),
      at: VirtualTime(nanoseconds: try Self.later(context.now, delay)))
  }

  /// The client's previous backoff wait, for decorrelated jitter: the
  /// backoff's base before the first.
  func previousBackoff(_ operation: Int) -> UInt64 {
    clients[operation].previousBackoff == 0
      ? settings.options.client.backoff.base.nanoseconds : clients[operation].previousBackoff
  }

  /// Where every submission of an operation starts: reads and conditional
  /// writes (which need the current version) with a read, others with the
  /// write.
  var initialPhase: ClientRecord.Phase {
    settings.options.workload.contention != nil || settings.options.workload.kind == .read ? .read : .write
  }

  /// What a client that stops without success knows.
  func giveUpOutcome(_ operation: Int) -> ClientRecord.Outcome {
    settings.options.workload.kind.isWrite && clients[operation].sawAmbiguousFailure ? .uncertain : .failed
  }

  mutating func finish(
    _ operation: Int, _ outcome: ClientRecord.Outcome, _ context: inout SimulationContext<Event>
  ) throws(SimulationError) {
    if Int(clients[operation].submissions) < settings.options.workload.submissions {
      // The user submits the same operation again (same key, if any).
      clients[operation].submissions &+= 1
      clients[operation].tries = 0
      clients[operation].sawAmbiguousFailure = false
      clients[operation].phase = initialPhase
      context.trace(Self.clientName(operation), "submitted again by the user")
      try sendAttempt(operation, &context)
      return
    }
    clients[operation].outcome = outcome
    clients[operation].end = context.now.nanoseconds
    if outcome == .succeeded {
      context.trace(Self.clientName(operation), "success", "attempts=\(clients[operation].attempts)")
    }
  }
}
