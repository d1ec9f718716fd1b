/// The router's part for a gateway (``GatewayOptions``): a client's request
/// reaches the gateway, which sends it upstream as tries, and the server's
/// answers go back to the gateway, which answers the client.
///
/// The folding count (``ClientRecord/unansweredRequests``) holds one for
/// each client request the gateway has not answered yet, one for each try
/// on its way to the server or at it (the server's side takes it off when
/// it answers), and one for each answer on its way back to the gateway: an
/// operation is folded only when no request of it is still at the gateway,
/// upstream or at the server.
extension RequestWorldModel {
  /// The server answers `request`: through the hop in front of it.
  @inlinable
  @inline(__always)
  mutating func answer(
    _ response: ResponseMessage, to request: RequestMessage, _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) {
    try reply(response, to: request, &context)
  }

  /// A client's request (or the network's copy of it) reaches the gateway:
  /// its first try goes upstream.
  @inlinable
  mutating func gatewayReceives(_ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>)
    throws(SimulationError)
  {
    guard let options = gateway?.options else { return }
    let expiry = try options.deadline.map { duration throws(SimulationError) in try context.now + duration }
    guard let first = gateway?.receive(request, expiry: expiry) else { return }
    try sendUpstream(first, &context)
  }

  /// A try goes from the gateway to the server, and the gateway's timeout
  /// for it starts.
  @inlinable
  mutating func sendUpstream(_ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>)
    throws(SimulationError)
  {
    guard let options = gateway?.options else { return }
    let now = context.now
    let latency = options.latency.delay(word: context.valueWord(RequestDraw.gatewayLatencyUp.key(request.delivery)))
    context.traceMessage(
      from: RequestActor.gateway, to: RequestActor.server, "\(request.kind) try \(Int(request.copy) + 1)",
      "op=\(request.operation) seq=\(request.sequence) copy=\(request.copy)"
        + (request.key == .none ? "" : " key=\(request.key)") + Self.networkCopyMark(request.networkCopy))
    // The timeout first: at the same instant as the answer, it wins. The
    // request's total deadline cuts the try's own timeout short.
    var deadline = try now + options.timeout
    if let expiry = gateway?.expiry(of: request.delivery), expiry < deadline { deadline = max(expiry, now) }
    gateway?.sent(request, deadline: deadline)
    try context.schedule(.gatewayTimeout(request), at: deadline)
    client.requestOut(Int(request.operation))
    try context.schedule(.arrive(request), at: try now + latency)
  }

  /// The server's answer to a try goes back to the gateway — or a reset of
  /// the upstream connection in its place, the try processed all the same.
  @inlinable
  ///
  /// - Parameter sent: When the answer leaves the server: now, or the
  ///   instant of a restart that cuts the try (``RequestServer/Processing/lostToRestart(_:)``).
  mutating func returnToGateway(
    _ response: ResponseMessage, to request: RequestMessage, sentAt sent: VirtualTime? = nil,
    _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) {
    guard let options = gateway?.options else { return }
    var delivered = response
    delivered.copy = request.deliveryCopy
    let delivery = delivered.delivery
    let reset = context.fault(options.connectionReset, RequestDraw.upstreamReset.key(delivery))
    if reset { delivered.status = .transportFailure(.connectionLost) }
    let latency = options.latency.delay(word: context.valueWord(RequestDraw.gatewayLatencyDown.key(delivery)))
    context.traceMessage(
      from: RequestActor.server, to: RequestActor.gateway,
      reset ? "connection reset" : "response \(response.status.traceCode)",
      "op=\(response.operation) seq=\(response.sequence) copy=\(request.copy)"
        + Self.networkCopyMark(request.networkCopy))
    client.requestOut(Int(response.operation))
    let arrival = try (sent ?? context.now) + latency
    if let exchange = gateway?.awaiting(delivery),
      arrival.distance(to: exchange.deadline) <= raceWindow
    {
      // Natural order: the answer first only if strictly earlier (the
      // timeout was scheduled first, so it wins a tie).
      let deadline = exchange.deadline
      let responseFirst = arrival < deadline
      let swapped =
        context.choose(
          race: RequestDraw.gatewayResponseVsTimeout.key(delivery), label: RequestDraw.gatewayResponseVsTimeout.name,
          alternatives: responseFirst ? ["response first", "timeout first"] : ["timeout first", "response first"]
        ) == 1
      if swapped {
        // Exchange the two instants; a moved timer replaces the first one.
        var timer = request
        timer.heldUntilCommit = true
        gateway?.moveTimer(request, to: arrival)
        if responseFirst {
          try context.schedule(.gatewayTimeout(timer), at: arrival)
          try context.schedule(.gatewayReceive(delivered), at: deadline)
        } else {
          // Now the answer wins; at equal instants it must be queued first.
          try context.schedule(.gatewayReceive(delivered), at: deadline)
          try context.schedule(.gatewayTimeout(timer), at: arrival)
        }
        return
      }
    }
    try context.schedule(.gatewayReceive(delivered), at: arrival)
  }

  /// An answer to a try reaches the gateway: forwarded to the client, or
  /// the request tried again; dropped if the gateway gave up on that try.
  @inlinable
  mutating func gatewayReceivesAnswer(_ response: ResponseMessage, _ context: inout SimulationContext<RequestEvent>)
    throws(SimulationError)
  {
    let operation = Int(response.operation)
    client.requestAnswered(operation)
    guard gateway?.awaiting(response.delivery) != nil else {
      context.trace(
        RequestActor.gateway, "drop late response",
        "op=\(response.operation) seq=\(response.sequence) copy=\(response.delivery.copyIndex) "
          + "status=\(response.status.traceCode)" + Self.networkCopyMark(response.delivery.networkCopy))
      return
    }
    let condition: GatewayOptions.RetryCondition?
    switch response.status {
    case .transportFailure: condition = .connectionReset
    case .http(let code): condition = GatewayOptions.RetryCondition.status(code)
    }
    guard let condition else {
      // A success or a status the gateway never retries (a 409 for a key in
      // flight among them): the client gets it.
      gateway?.close(response.delivery)
      try forward(response, &context)
      return
    }
    switch gateway?.afterFailure(response.delivery, condition, &context) {
    case .retry(let next, let wait): try retry(next, after: wait, &context)
    case .expire(let latest): try expire(latest, &context)
    case .answer, nil:
      var answer = response
      // The client learns of a reset upstream as 502 Bad Gateway.
      if condition == .connectionReset { answer.status = .http(502) }
      try forward(answer, &context)
    }
  }

  /// The gateway's timeout for a try fires: it tries again, or answers the
  /// client 504; the try itself may still be applied.
  @inlinable
  mutating func gatewayTimesOut(_ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>)
    throws(SimulationError)
  {
    guard gateway?.isCurrentTimer(request) == true else { return }
    let expired = gateway?.hasExpired(request.delivery, at: context.now) == true
    context.trace(
      RequestActor.gateway, expired ? "gateway deadline" : "gateway timeout",
      "op=\(request.operation) seq=\(request.sequence) copy=\(request.copy)"
        + Self.networkCopyMark(request.networkCopy))
    switch gateway?.afterFailure(request.delivery, .timeout, &context) {
    case .retry(let next, let wait): try retry(next, after: wait, &context)
    case .expire(let latest): try expire(latest, &context)
    case .answer, nil:
      gateway?.countTimeout()
      try forward(ResponseMessage(answering: request, status: 504), &context)
    }
  }

  /// Sends a retry now, or after the gateway's wait.
  @inlinable
  mutating func retry(
    _ next: RequestMessage, after wait: VirtualDuration, _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) {
    if wait == .zero {
      try sendUpstream(next, &context)
    } else {
      try context.schedule(.gatewaySend(next), at: try context.now + wait)
    }
  }

  /// The wait before a retry would outlast the request's deadline: the
  /// gateway answers 504 when the deadline comes.
  @inlinable
  mutating func expire(_ latest: RequestMessage, _ context: inout SimulationContext<RequestEvent>)
    throws(SimulationError)
  {
    guard let expiry = gateway?.expiry(of: latest.delivery) else { return }
    try context.schedule(.gatewaySend(latest), at: expiry)
  }

  /// The gateway's backoff before a retry ends: the try goes out, or the
  /// request's total deadline has come and the client gets 504.
  @inlinable
  mutating func gatewaySendsAfterBackoff(_ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>)
    throws(SimulationError)
  {
    guard gateway?.sendsAfterBackoff(request) == true else { return }
    if gateway?.hasExpired(request.delivery, at: context.now) == true {
      context.trace(
        RequestActor.gateway, "gateway deadline",
        "op=\(request.operation) seq=\(request.sequence) copy=\(request.copy)"
          + Self.networkCopyMark(request.networkCopy))
      gateway?.close(request.delivery)
      gateway?.countTimeout()
      try forward(ResponseMessage(answering: request, status: 504), &context)
      return
    }
    try sendUpstream(request, &context)
  }

  /// The gateway answers the client: the exchange ends, and the answer
  /// goes through the network.
  @inlinable
  mutating func forward(_ response: ResponseMessage, _ context: inout SimulationContext<RequestEvent>)
    throws(SimulationError)
  {
    client.requestAnswered(Int(response.operation))
    try send(response, from: .gateway, &context)
  }

  /// What a trace line about a gateway's exchange adds for the network's
  /// copy of a client's request: nothing for the request itself.
  @inlinable
  static func networkCopyMark(_ networkCopy: UInt8) -> String {
    networkCopy == 0 ? "" : " network-copy"
  }
}
