/// The server side: admission (capacity, in-flight keys), processing, and
/// the ledger's idempotency behaviour at the commit point.
extension RequestWorld {
  mutating func serverReceive(_ event: Event, _ context: inout SimulationContext<Event>) throws(SimulationError) {
    let operation = Int(event.operation)
    serverRequests &+= 1
    if event.message == .write { writeCalls &+= 1 }
    // A keyed retry while its key is still being processed.
    if event.message == .write, settings.options.workload.kind == .keyedWrite, settings.options.server.keys == .honour,
      settings.options.server.inFlightKey == .conflict, ledger[operation].inFlight > 0
    {
      let commit = ledger[operation].inFlightUntil
      let now = context.now.nanoseconds
      // `value` high bit marks an arrival already deferred past the commit.
      if event.value & Self.deferredFlag == 0, commit >= now, commit - now <= settings.options.races.window.nanoseconds
      {
        let commitFirst =
          context.choose(
            race: Self.key(operation, .retryVsCommit, event.sequence), label: RequestDraw.retryVsCommit.name,
            alternatives: ["arrival first", "commit first"]) == 1
        if commitFirst {
          if commit >= clients[operation].deadline { try armTimeout(operation, event.sequence, &context) }
          var deferred = event
          deferred.value |= Self.deferredFlag
          serverRequests &-= 1
          writeCalls &-= 1
          try context.schedule(deferred, at: VirtualTime(nanoseconds: commit))
          return
        }
      }
      context.trace("server", "409: key in flight", "op=\(operation) seq=\(event.sequence)")
      try sendResponse(operation, event.sequence, event.message, status: 409, value: 0, &context)
      return
    }
    if let capacity = settings.options.server.capacity {
      if busyWorkers < capacity.workers {
        busyWorkers += 1
      } else if serverQueue.count - serverQueueHead < capacity.queueLimit {
        serverQueue.append(event)
        // The wait in the queue is unknown: the timeout must be in place.
        try armTimeout(operation, event.sequence, &context)
        return
      } else {
        overloadRejections &+= 1
        context.trace("server", "503: overloaded", "op=\(operation)")
        try sendResponse(operation, event.sequence, event.message, status: 503, value: 0, &context)
        return
      }
    }
    try beginProcessing(event, &context)
  }

  /// Marks the high bit of `value` on a deferred arrival.
  static var deferredFlag: UInt32 { 1 << 31 }

  mutating func beginProcessing(_ event: Event, _ context: inout SimulationContext<Event>) throws(SimulationError) {
    let operation = Int(event.operation)
    let processing = settings.options.server.processing
    if event.message == .write { ledger[operation].inFlight &+= 1 }
    if case .fixed(let delay) = processing, delay == .zero {
      try serverComplete(event, &context)
      return
    }
    let duration = processing.sample(context.valueWord(Self.key(operation, .processing, event.sequence)))
    let done = try Self.later(context.now, duration)
    if event.message == .write { ledger[operation].inFlightUntil = max(ledger[operation].inFlightUntil, done) }
    if done >= clients[operation].deadline { try armTimeout(operation, event.sequence, &context) }
    var completion = event
    completion.kind = .complete
    try context.schedule(completion, at: VirtualTime(nanoseconds: done))
  }

  mutating func serverComplete(_ event: Event, _ context: inout SimulationContext<Event>) throws(SimulationError) {
    let operation = Int(event.operation)
    if event.message == .write { ledger[operation].inFlight &-= 1 }
    let (status, value) = serve(event, &context)
    try sendResponse(operation, event.sequence, event.message, status: status, value: value, &context)
    if settings.options.server.capacity != nil {
      if serverQueueHead < serverQueue.count {
        let next = serverQueue[serverQueueHead]
        serverQueueHead += 1
        if serverQueueHead == serverQueue.count {
          serverQueue.removeAll(keepingCapacity: true)
          serverQueueHead = 0
        }
        try beginProcessing(next, &context)
      } else {
        busyWorkers -= 1
      }
    }
  }

  /// The ledger's answer to one request at its commit point: the status and
  /// a value (a version, or whether a queried write was applied).
  mutating func serve(_ event: Event, _ context: inout SimulationContext<Event>) -> (UInt16, UInt32) {
    let operation = Int(event.operation)
    let sequence = event.sequence
    let resource = settings.options.workload.contention.map { operation % $0.resources }
    switch event.message {
    case .read:
      return (ResponseStatus.ok, resource.map { versions[$0] } ?? 0)
    case .query:
      return (ResponseStatus.ok, ledger[operation].applied > 0 ? 1 : 0)
    case .write:
      break
    }
    if context.fault(settings.options.server.rejection, Self.key(operation, .rejection, sequence)) {
      context.trace("server", "reject \(settings.options.server.rejectionStatus)", "op=\(operation)")
      return (UInt16(settings.options.server.rejectionStatus), 0)
    }
    if context.fault(settings.options.server.throttling, Self.key(operation, .throttling, sequence)) {
      context.trace("server", "429: throttled", "op=\(operation)")
      return (429, 0)
    }
    let keyed = settings.options.workload.kind == .keyedWrite && settings.options.server.keys == .honour
    let payloadChanged = event.status == 1
    if keyed, ledger[operation].keyStatus != 0 {
      if keyStillValid(operation, sequence, &context) {
        if payloadChanged != ledger[operation].keyPayloadChanged {
          context.trace("server", "422: same key, different payload", "op=\(operation)")
          return (422, 0)
        }
        let stored = ledger[operation].keyStatus
        context.trace("server", "replay stored \(stored) for the key", "op=\(operation)")
        return (stored, 0)
      }
      context.trace("server", "key expired: apply again", "op=\(operation)")
      ledger[operation].keyStatus = 0
    }
    if let resource, event.value & ~Self.deferredFlag != versions[resource] {
      context.trace("server", "412: stale version", "op=\(operation) resource=\(resource)")
      return (412, 0)
    }
    let failureStatus = UInt16(settings.options.server.failureStatus)
    if context.fault(
      settings.options.server.failureBeforeCommit, Self.key(operation, .failureBeforeCommit, sequence))
    {
      context.trace("server", "\(failureStatus) before commit", "op=\(operation)")
      if keyed && settings.options.server.storesErrors {
        storeKey(operation, failureStatus, payloadChanged, context.now)
      }
      return (failureStatus, 0)
    }
    ledger[operation].applied &+= 1
    if let resource { versions[resource] &+= 1 }
    context.trace("server", "apply", "op=\(operation) applied=\(ledger[operation].applied)")
    if context.fault(
      settings.options.server.failureAfterCommit, Self.key(operation, .failureAfterCommit, sequence))
    {
      context.trace("server", "\(failureStatus) after commit", "op=\(operation)")
      if keyed {
        storeKey(
          operation, settings.options.server.storesErrors ? failureStatus : ResponseStatus.ok, payloadChanged,
          context.now)
      }
      return (failureStatus, 0)
    }
    if keyed { storeKey(operation, ResponseStatus.ok, payloadChanged, context.now) }
    return (ResponseStatus.ok, 0)
  }

  mutating func storeKey(_ operation: Int, _ status: UInt16, _ payloadChanged: Bool, _ now: VirtualTime) {
    ledger[operation].keyStatus = status
    ledger[operation].keyPayloadChanged = payloadChanged
    ledger[operation].keyStoredAt = now.nanoseconds
  }

  /// Whether the operation's stored key is still remembered now; a request
  /// close to the expiry instant races with it.
  mutating func keyStillValid(
    _ operation: Int, _ sequence: UInt32, _ context: inout SimulationContext<Event>
  ) -> Bool {
    guard let ttl = settings.options.server.keyTTL else { return true }
    let (expiry, overflow) = ledger[operation].keyStoredAt.addingReportingOverflow(ttl.nanoseconds)
    if overflow { return true }
    let now = context.now.nanoseconds
    let valid = now < expiry
    let gap = now >= expiry ? now - expiry : expiry - now
    guard gap <= settings.options.races.window.nanoseconds else { return valid }
    let flipped =
      context.choose(
        race: Self.key(operation, .retryVsKeyExpiry, sequence), label: RequestDraw.retryVsKeyExpiry.name,
        alternatives: valid
          ? ["retry first (key valid)", "expiry first"] : ["expiry first", "retry first (key valid)"]
      ) == 1
    return flipped ? !valid : valid
  }
}
