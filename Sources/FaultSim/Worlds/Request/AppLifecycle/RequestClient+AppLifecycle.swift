/// The client's app being killed mid-request and relaunched
/// (``AppOptions``): the kill ends the process that waited for the write's
/// answer — the request itself is already on its way and the router leaves
/// it be — and the relaunched app's outbox decides what is sent again.
extension RequestClient {
  /// Whether the app may be killed during the write attempt just sent as
  /// `message`, and when: a uniform share of the attempt's timeout after
  /// the send.
  ///
  /// The kill is a keyed fault (``RequestDraw/appTermination``), but it is
  /// drawn *as a fault* only when it comes, in ``terminate(_:_:)``, and only
  /// if the attempt is still in flight: a kill after the answer changes
  /// nothing, so it is neither counted nor offered to the shrinker. Here
  /// the same pure draw is only looked at, to know whether to schedule it.
  ///
  /// - Complexity: O(1).
  @inlinable
  @inline(__always)
  func killTime(
    of message: MessageIdentity, _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) -> VirtualTime? {
    guard app.termination > 0, records[message.operation].awaitsWrite,
      context.random.bernoulli(app.termination, RequestDraw.appTermination.key(message))
    else { return nil }
    let share = RandomConversion.unit(context.valueWord(RequestDraw.terminationTime.key(message)))
    let delay = VirtualDuration(nanoseconds: UInt64(Double(timeout.nanoseconds) * share))
    return try context.now + delay
  }

  /// When the app will be killed during the awaited write attempt
  /// `sequence` of `operation`, if a kill is drawn for it and still to
  /// come: the same pure draws as ``killTime(of:_:)``, from the attempt's
  /// send time (its deadline less the timeout).
  ///
  /// - Complexity: O(1).
  @inlinable
  func pendingKill(
    _ operation: Int, _ sequence: UInt32, _ context: borrowing SimulationContext<RequestEvent>
  ) -> VirtualTime? {
    let message = MessageIdentity(operation: operation, sequence: sequence)
    guard records[operation].awaitsWrite, !records[operation].killDeferred,
      context.random.bernoulli(app.termination, RequestDraw.appTermination.key(message))
    else { return nil }
    let share = RandomConversion.unit(context.valueWord(RequestDraw.terminationTime.key(message)))
    let delay = VirtualDuration(nanoseconds: UInt64(Double(timeout.nanoseconds) * share))
    let sent = records[operation].deadline.nanoseconds &- timeout.nanoseconds
    let time = VirtualTime(nanoseconds: sent &+ delay.nanoseconds)
    return time >= context.now ? time : nil
  }

  /// The race put the awaited attempt's kill after its answer.
  @inlinable
  mutating func deferKill(_ operation: Int, _ sequence: UInt32) {
    records[operation].killDeferred = true
  }

  /// The app is killed. If the write attempt it was drawn for still waits
  /// for its answer, that answer will never be heard and its timeout never
  /// fires; then either the user relaunches the app later (the outbox holds
  /// an unsent row it has resent fewer than ``AppOptions/maxResends``
  /// times) or the write is abandoned, its outcome uncertain.
  ///
  /// - Complexity: O(1).
  @inlinable
  mutating func terminate(
    _ kill: AppTermination, _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) -> AppStep {
    let operation = Int(kill.operation)
    guard records.holds(operation), records[operation].awaits(kill.sequence) else { return .client(.idle) }
    if records[operation].killDeferred {
      // The race put the kill after the answer: nothing is in flight then.
      records[operation].killDeferred = false
      return .client(.idle)
    }
    guard context.fault(app.termination, RequestDraw.appTermination.key(kill.message)) else { return .client(.idle) }
    records[operation].isAwaiting = false
    records[operation].killed = true
    let number = policy.attemptNumber(records[operation].retry) ?? Int(records[operation].attempts)
    context.trace(
      RequestActor.client(operation), "app killed (write attempt \(number) in flight)", "seq=\(kill.sequence)")
    if app.outbox == .none || records[operation].outboxSent {
      context.trace(
        RequestActor.client(operation),
        app.outbox == .none
          ? "no outbox: the write is abandoned" : "outbox row marked sent already: nothing will be resent")
      return .client(finish(operation, .uncertain, &context))
    }
    if Int(records[operation].relaunches) >= app.maxResends {
      context.trace(
        RequestActor.client(operation),
        "outbox gives the row up after \(app.maxResends) resends (client.app.maxResends): the write is abandoned")
      return .client(finish(operation, .uncertain, &context))
    }
    let delay = app.relaunchAfter.delay(word: context.valueWord(RequestDraw.relaunchAfter.key(kill.message)))
    return .relaunchAt(try context.now + delay)
  }

  /// The user opens the app again: its outbox resends the unsent write as a
  /// new attempt (a new message), with the stored key or a new one, and the
  /// client goes on under its retry policy with a fresh attempt budget (a
  /// new process).
  ///
  /// - Complexity: O(1).
  @inlinable
  mutating func relaunch(_ kill: AppTermination, _ context: inout SimulationContext<RequestEvent>) -> ClientStep {
    let operation = Int(kill.operation)
    guard records.holds(operation) else { return .idle }
    records[operation].relaunches &+= 1
    endings.outboxResends &+= 1
    policy.beginSubmission(&records[operation].retry)
    context.trace(RequestActor.client(operation), "relaunch: outbox resends \(resendDescription(operation))")
    return .sendNow
  }

  /// What the relaunched outbox's write carries, for the trace.
  @inlinable
  func resendDescription(_ operation: Int) -> String {
    switch (kind, app.outbox) {
    case (.keyedWrite, .resendWithStoredKey): "with stored key k-\(operation)"
    case (.keyedWrite, _): "with a new key (k-\(operation) died with the process)"
    default: "without a key"
    }
  }
}

/// What the world does after the client's app is killed.
@usableFromInline
enum AppStep: Equatable {
  /// The client's next step (the write was abandoned, or nothing was in
  /// flight).
  case client(ClientStep)
  /// The user opens the app again at this time.
  case relaunchAt(VirtualTime)
}
