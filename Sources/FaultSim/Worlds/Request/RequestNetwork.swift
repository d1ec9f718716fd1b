/// The network between the request world's clients and its server: it
/// decides, per message, whether the message gets through and when it
/// arrives, and the world delivers it then.
///
/// Every decision is a keyed draw on the message's identity (operation,
/// purpose, sequence number) — connection failures, loss in each direction,
/// latency in each direction, a dropped connection — so two runs of one
/// seed that order a race differently see the same network. Bursty loss
/// adds a draw against the loss timeline's state at the send time.
///
/// The network draws each message in the traces, lost or not.
@usableFromInline
struct RequestNetwork {
  /// The network's options. A `var` that nothing changes: a debug build
  /// copies all of a `let` to read one of its fields.
  @usableFromInline
  private(set) var options: NetworkOptions
  /// The time a request body takes through the link.
  @usableFromInline
  let requestTransmission: VirtualDuration
  /// The time a response body takes through the link.
  @usableFromInline
  let responseTransmission: VirtualDuration
  /// The loss timeline of a bursty network, from the run's seed.
  @usableFromInline
  var burst: BurstLossTimeline?
  /// Whether a held-back message is delayed at all: with no reorder delay
  /// nothing is held back (or drawn), as nothing could overtake it.
  @usableFromInline
  let reorders: Bool

  /// The network of `options`, carrying bodies of the workload's sizes.
  @usableFromInline
  init(_ options: NetworkOptions, workload: WorkloadOptions) {
    self.options = options
    requestTransmission = options.transmissionTime(bytes: workload.requestBytes)
    responseTransmission = options.transmissionTime(bytes: workload.responseBytes)
    reorders = options.reorderDelay != .fixed(.zero)
  }

  /// Starts a run: draws the loss timeline from the run's seed.
  @usableFromInline
  mutating func start(random: KeyedRandom) {
    burst = options.burstLoss.map { BurstLossTimeline($0, random: random, channel: 0) }
  }

  /// Forgets the run's loss timeline.
  @usableFromInline
  mutating func reset() {
    burst = nil
  }

  /// The window without connectivity the device is in at `time`, if any.
  @usableFromInline
  @inline(__always)
  mutating func offlineWindow(at time: VirtualTime) -> OfflineWindow? {
    // `count`, not `isEmpty`: a debug build calls the generic
    // `Collection.isEmpty` (about 140 instructions) at every message.
    options.offline.count == 0 ? nil : options.offlineWindow(containing: time)
  }

  /// What becomes of a request sent now.
  ///
  /// - Parameters:
  ///   - label: What the trace calls the message (`write attempt 2`, `POST
  ///     /orders`); not evaluated when tracing is off.
  ///   - hop: Where it goes: the server, or a gateway in front of it. The
  ///     hop rather than its name, so that no string is held (and
  ///     released) per attempt when tracing is off.
  ///   - closing: When the client gives up on the attempt and closes its
  ///     connection (its deadline), `nil` never: a request held by a
  ///     partition is not retransmitted from then on.
  @usableFromInline
  @inline(__always)
  mutating func transmit(
    _ request: RequestMessage, labelled label: @autoclosure () -> String, to hop: RequestHop = .server,
    closing: VirtualTime? = nil, _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) -> RequestDelivery {
    let now = context.now
    let operation = Int(request.operation)
    let sequence = request.sequence
    // Failures before the request leaves the device.
    let connectFailure: TransportFailure? =
      context.fault(options.dnsFailure, RequestDraw.dnsFailure.key(operation, sequence))
      ? .dnsFailure
      : context.fault(options.cannotConnect, RequestDraw.cannotConnect.key(operation, sequence))
        ? .cannotConnect : nil
    let latency = options.latency.delay(word: context.valueWord(RequestDraw.latencyUp.key(operation, sequence)))
    if let connectFailure {
      context.traceMessage(
        from: RequestActor.client(operation), to: hop.actor, label(),
        lost: true, "never sent: \(connectFailure.failure)")
      // The failure surfaces after about one round of the handshake.
      return .neverSent(connectFailure, at: try now + latency)
    }
    // A request sent into a partition is cut (a fault the shrinker may
    // take away): it leaves at its first retransmission after the heal, or
    // never.
    var departure = now
    if options.partitions.count != 0, options.partitionDropsRequest(at: now),
      context.fault(1, RequestDraw.partitionRequestLoss.key(request.delivery))
    {
      let held = heldByPartition(options.retransmission(ofRequestSentAt:), sentAt: now, closing: closing)
      guard case .through(let retransmission) = held else {
        context.traceMessage(
          from: RequestActor.client(operation), to: RequestActor.server, label(),
          lost: true, "partition (requests)\(held.reason) seq=\(sequence)")
        return .lost
      }
      departure = retransmission
      context.trace(
        RequestActor.client(operation), "held by partition (requests) until retransmission at \(retransmission)",
        "seq=\(sequence)")
    }
    let lost = messageLost(
      options.requestLoss, .requestLoss, inBurst: .burstRequestLoss, request.delivery, now, &context)
    context.traceMessage(
      from: RequestActor.client(operation), to: hop.actor, label(),
      lost: lost, "seq=\(sequence)")
    if lost { return .lost }
    let held = heldBack(
      options.requestReordering, .requestReordering, by: .reorderDelayUp, request.delivery,
      RequestActor.client(operation), &context)
    return .arrives(at: try departure + (try latency + (try requestTransmission + held)))
  }

  /// What a partition does to a message sent into it at `send`: under
  /// ``PartitionSemantics/drop`` it is lost; over a connection it leaves at
  /// its first retransmission that no partition cuts, unless the
  /// connection timed out first or the client closed it (at `closing`; the
  /// timeout fires before a retransmission due at the same instant).
  @usableFromInline
  @inline(__always)
  mutating func heldByPartition(
    _ retransmission: (VirtualTime) -> VirtualTime?, sentAt send: VirtualTime, closing: VirtualTime?
  ) -> PartitionHold {
    guard options.partitionSemantics == .connection else { return .dropped }
    guard let time = retransmission(send) else { return .connectionTimedOut }
    if let closing, closing <= time { return .closedByClient }
    return .through(at: time)
  }

  /// The copy of a request that got through, when the network delivers it
  /// twice, arriving ``NetworkOptions/duplicateDelay`` after the original.
  /// At the server it is the same message as copy `copy + 1`; at a gateway
  /// it is the network's copy (``RequestMessage/networkCopy``), which the
  /// gateway takes as a request of its own, with tries of its own. Either
  /// way the draws about the copy are its own.
  ///
  /// - Parameters:
  ///   - arrival: When the original reaches `hop`.
  ///   - hop: Where the client's link delivers.
  @usableFromInline
  @inline(__always)
  mutating func duplicate(
    _ request: RequestMessage, arrivingAt arrival: VirtualTime, at hop: RequestHop,
    _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) -> (copy: RequestMessage, at: VirtualTime)? {
    let delivery = request.delivery
    guard context.fault(options.requestDuplication, RequestDraw.requestDuplication.key(delivery)) else { return nil }
    var copy = request
    switch hop {
    case .server: copy.copy = request.copy &+ 1
    case .gateway: copy.networkCopy = 1
    }
    let delay = options.duplicateDelay.delay(word: context.valueWord(RequestDraw.duplicateDelayUp.key(delivery)))
    let at = try arrival + delay
    context.traceMessage(
      from: RequestActor.client(Int(request.operation)), to: hop.actor, "\(request.kind) duplicated",
      hop == .server
        ? "copy \(copy.copy) at +\(delay) seq=\(request.sequence)"
        : "network copy at +\(delay) seq=\(request.sequence)")
    return (copy, at)
  }

  /// The copy of a response that got through, when the network delivers
  /// it twice: it reaches the client ``NetworkOptions/duplicateDelay``
  /// after the original (a client that already has its answer drops it).
  ///
  /// - Parameter arrival: When the original reaches the client.
  @usableFromInline
  @inline(__always)
  mutating func duplicate(
    _ response: ResponseMessage, arrivingAt arrival: VirtualTime, _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) -> VirtualTime? {
    let delivery = response.delivery
    guard context.fault(options.responseDuplication, RequestDraw.responseDuplication.key(delivery)) else {
      return nil
    }
    let delay = options.duplicateDelay.delay(word: context.valueWord(RequestDraw.duplicateDelayDown.key(delivery)))
    context.traceMessage(
      from: RequestActor.server, to: RequestActor.client(Int(response.operation)),
      "response \(response.status.traceCode) duplicated", "copy at +\(delay) seq=\(response.sequence)")
    return try arrival + delay
  }

  /// The extra delay of a message the network holds back (reorders), so
  /// that a later message can overtake it; zero for most messages.
  @usableFromInline
  @inline(__always)
  mutating func heldBack(
    _ probability: Double, _ purpose: RequestDraw, by delayPurpose: RequestDraw, _ delivery: DeliveryIdentity,
    _ actor: @autoclosure () -> String, _ context: inout SimulationContext<RequestEvent>
  ) -> VirtualDuration {
    guard reorders, context.fault(probability, purpose.key(delivery)) else { return .zero }
    let delay = options.reorderDelay.delay(word: context.valueWord(delayPurpose.key(delivery)))
    // A response's line names its operation: the server's lines are about none.
    context.trace(
      actor(), "held back +\(delay) (reordered)",
      purpose == .responseReordering
        ? "op=\(delivery.operation) seq=\(delivery.sequence)" : "seq=\(delivery.sequence)")
    return delay
  }

  /// What becomes of a response sent now: lost, or delivered — as sent, or
  /// as a dropped connection in its place. `sender` is the hop it comes
  /// from, the server or a gateway in front of it: the trace's lines name
  /// it, and only they (the hop rather than its name, so that no string
  /// is held per response when tracing is off).
  @usableFromInline
  @inline(__always)
  mutating func transmit(
    _ response: ResponseMessage, from sender: RequestHop = .server,
    _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) -> ResponseDelivery {
    let now = context.now
    let operation = Int(response.operation)
    let sequence = response.sequence
    let delivery = response.delivery
    // A response sent into a partition is cut: it leaves at its first
    // retransmission after the heal, or never; a client that gave up on
    // it by then drops it as it drops any late answer.
    var departure = now
    if options.partitions.count != 0, options.partitionDropsResponse(at: now),
      context.fault(1, RequestDraw.partitionResponseLoss.key(delivery))
    {
      let held = heldByPartition(options.retransmission(ofResponseSentAt:), sentAt: now, closing: nil)
      guard case .through(let retransmission) = held else {
        context.traceMessage(
          from: sender.actor, to: RequestActor.client(operation), "response \(response.status.traceCode)",
          lost: true, "partition (responses)\(held.reason) seq=\(sequence)")
        return .lost
      }
      departure = retransmission
      context.trace(
        sender.actor, "held by partition (responses) until retransmission at \(retransmission)",
        "op=\(operation) seq=\(sequence)")
    }
    if messageLost(options.responseLoss, .responseLoss, inBurst: .burstResponseLoss, delivery, now, &context) {
      context.traceMessage(
        from: sender.actor, to: RequestActor.client(operation), "response \(response.status.traceCode)",
        lost: true, "seq=\(sequence)")
      return .lost
    }
    var delivered = response
    let dropped = context.fault(options.connectionLost, RequestDraw.connectionLost.key(delivery))
    if dropped { delivered.status = .transportFailure(.connectionLost) }
    let latency = options.latency.delay(word: context.valueWord(RequestDraw.latencyDown.key(delivery)))
    context.traceMessage(
      from: sender.actor, to: RequestActor.client(operation),
      dropped ? "connection lost" : "response \(response.status.traceCode)", "seq=\(sequence)")
    let held = heldBack(
      options.responseReordering, .responseReordering, by: .reorderDelayDown, delivery, RequestActor.server,
      &context)
    let arrival = try departure + (try latency + (try responseTransmission + held))
    return .arrives(delivered, at: arrival)
  }

  /// A message is lost by the independent loss draw, or else, when bursts
  /// are modelled, by a draw against the burst state at `now` (the timeline
  /// advances in place).
  @usableFromInline
  @inline(__always)
  mutating func messageLost(
    _ probability: Double, _ purpose: RequestDraw, inBurst burstPurpose: RequestDraw, _ delivery: DeliveryIdentity,
    _ now: VirtualTime, _ context: inout SimulationContext<RequestEvent>
  ) -> Bool {
    if context.fault(probability, purpose.key(delivery)) { return true }
    guard let burstProbability = burst?.lossProbability(at: now) else { return false }
    return context.fault(burstProbability, burstPurpose.key(delivery))
  }
}

/// What the network does with a request.
@usableFromInline
enum RequestDelivery: Equatable {
  /// The connection failed before the request left the device; the client
  /// learns it at the given time.
  case neverSent(TransportFailure, at: VirtualTime)
  /// The request is lost on the way: the server never sees it.
  case lost
  /// The request reaches the server at the given time.
  case arrives(at: VirtualTime)
}

/// What the network does with a response.
@usableFromInline
enum ResponseDelivery {
  /// The response is lost on the way: the client never sees it.
  case lost
  /// This response (the one sent, or a dropped connection in its place)
  /// reaches the client at the given time.
  case arrives(ResponseMessage, at: VirtualTime)
}

/// What a partition does to a message sent into it.
@usableFromInline
enum PartitionHold: Equatable {
  /// Lost: the partition's semantics is ``PartitionSemantics/drop``.
  case dropped
  /// Lost: TCP gave up before the heal.
  case connectionTimedOut
  /// Lost: the client's timeout closed the connection before the first
  /// retransmission after the heal.
  case closedByClient
  /// It leaves at this retransmission, after the heal.
  case through(at: VirtualTime)

  /// Why it was lost, for the trace: nothing for a dropped message, so a
  /// `drop` trace reads as it always has.
  @usableFromInline
  var reason: String {
    switch self {
    case .dropped, .through: ""
    case .connectionTimedOut: ": connection timed out"
    case .closedByClient: ": client closed the connection"
    }
  }
}
