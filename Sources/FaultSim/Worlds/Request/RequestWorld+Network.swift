/// The network's decisions: which messages are lost and when the survivors
/// arrive.
extension RequestWorld {
  /// Whether the request with this sequence number is lost on the way up.
  @inline(__always)
  mutating func requestLost(
    _ operation: Int, _ sequence: UInt32, _ now: UInt64, _ context: inout SimulationContext<Event>
  ) -> Bool {
    messageLost(
      settings.options.network.requestLoss, .requestLoss, inBurst: .burstRequestLoss, operation, sequence,
      now, &context)
  }

  /// Whether the response to this sequence number is lost on the way down.
  @inline(__always)
  mutating func responseLost(
    _ operation: Int, _ sequence: UInt32, _ now: UInt64, _ context: inout SimulationContext<Event>
  ) -> Bool {
    messageLost(
      settings.options.network.responseLoss, .responseLoss, inBurst: .burstResponseLoss, operation, sequence,
      now, &context)
  }

  /// A message is lost by the independent loss draw, or else, when bursts
  /// are modelled, by a draw against the burst state at `now` (the timeline
  /// advances in place).
  @inline(__always)
  mutating func messageLost(
    _ probability: Double, _ purpose: RequestDraw, inBurst burstPurpose: RequestDraw, _ operation: Int,
    _ sequence: UInt32, _ now: UInt64, _ context: inout SimulationContext<Event>
  ) -> Bool {
    if context.fault(probability, Self.key(operation, purpose, sequence)) { return true }
    guard let burstProbability = burst?.lossProbability(at: now) else { return false }
    return context.fault(burstProbability, Self.key(operation, burstPurpose, sequence))
  }

  /// Sends a server response (or a connection drop) back to the client,
  /// marking the race with the attempt's timeout when they are close.
  mutating func sendResponse(
    _ operation: Int, _ sequence: UInt32, _ message: MessageKind, status: UInt16, value: UInt32,
    _ context: inout SimulationContext<Event>
  ) throws(SimulationError) {
    let now = context.now
    if responseLost(operation, sequence, now.nanoseconds, &context) {
      context.traceMessage(
        from: "server", to: Self.clientName(operation), "response \(status)", lost: true, "seq=\(sequence)")
      try armTimeout(operation, sequence, &context)
      return
    }
    var status = status
    if context.fault(settings.options.network.connectionLost, Self.key(operation, .connectionLost, sequence)) {
      status = ResponseStatus.connectionLost
    }
    let latency = settings.options.network.latency.sample(
      context.valueWord(Self.key(operation, .latencyDown, sequence)))
    let transmission = settings.options.network.transmissionNanoseconds(bytes: settings.options.workload.responseBytes)
    var arrival = try Self.later(now, latency &+ transmission)
    context.traceMessage(
      from: "server", to: Self.clientName(operation),
      status == ResponseStatus.connectionLost ? "connection lost" : "response \(status)", "seq=\(sequence)")
    let response = RequestEvent(
      .respond, operation: UInt32(operation), sequence: sequence, message: message, status: status, value: value)

    // A response close to its attempt's timeout races with it.
    let window = settings.options.races.window.nanoseconds
    let deadline = clients[operation].deadline
    if clients[operation].awaiting == sequence {
      let gap = arrival >= deadline ? arrival - deadline : deadline - arrival
      if gap <= window {
        // Natural order: the response first only if strictly earlier (the
        // timeout was scheduled first, so it wins a tie).
        let responseFirst = arrival < deadline
        let swapped =
          context.choose(
            race: Self.key(operation, .responseVsTimeout, sequence), label: RequestDraw.responseVsTimeout.name,
            alternatives: responseFirst ? ["response first", "timeout first"] : ["timeout first", "response first"]
          ) == 1
        if swapped {
          // Exchange the two instants; a fresh timeout replaces any armed one.
          let timeoutAt = arrival
          arrival = deadline
          clients[operation].deadline = timeoutAt
          clients[operation].timeoutGeneration &+= 1
          clients[operation].timeoutArmed = true
          let timeout = RequestEvent(
            .timeout, operation: UInt32(operation), sequence: sequence, value: clients[operation].timeoutGeneration)
          if responseFirst {
            try context.schedule(timeout, at: VirtualTime(nanoseconds: timeoutAt))
            try context.schedule(response, at: VirtualTime(nanoseconds: arrival))
          } else {
            // Now the response wins; at equal instants it must be queued first.
            try context.schedule(response, at: VirtualTime(nanoseconds: arrival))
            try context.schedule(timeout, at: VirtualTime(nanoseconds: timeoutAt))
          }
          return
        }
      }
      if arrival >= deadline { try armTimeout(operation, sequence, &context) }
    }
    try context.schedule(response, at: VirtualTime(nanoseconds: arrival))
  }
}
