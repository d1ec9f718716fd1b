/// The clients of a request world, one per operation: the actor that sends
/// attempts and waits for their answers.
///
/// The client owns its records, its attempts' deadlines and its timeouts;
/// it learns about the rest of the world only from what the world routes to
/// it — a ``ResponseMessage`` (with its status and Retry-After) or one of
/// its own ``AttemptTimer``s — and answers with a ``ClientStep`` that the
/// world carries out. What to send and whether and when to retry is the
/// ``ClientPolicy``'s to decide; the client applies its decisions.
///
/// Timeouts are armed lazily. An attempt's deadline is set when it is
/// sent, but its timeout enters the pending set only when the world learns
/// that an answer cannot arrive strictly before the deadline (the request
/// or the response is lost, processing or queueing runs past the deadline,
/// the response arrives late): ``armTimeout(_:_:now:)`` and
/// ``armTimeout(_:_:ifReachedBy:now:)``. A client whose answer comes in
/// time — most attempts — never puts a timeout in the pending set, which
/// saves an event and a cold record access per attempt. Arming happens no
/// later than the deadline and before any event at the deadline is
/// scheduled for the same message.
@usableFromInline
struct RequestClient<Policy: ClientPolicy>: RequestClientComponent {
  /// The clients of the operations in flight (see ``OperationWindow``).
  @usableFromInline
  var records: OperationWindow<ClientRecord<Policy.Memory>>

  @inlinable
  @inline(__always)
  static func records(of client: inout Self) -> OperationWindow<ClientRecord<Policy.Memory>> {
    client.records
  }
  /// A client that has not started.
  @usableFromInline
  var initialRecord: ClientRecord<Policy.Memory>
  /// How the clients that are done ended, folded as each ends: outcomes,
  /// attempts, completion times, the latest end, and (reads) the lost.
  @usableFromInline
  var endings = RequestMetrics()
  /// The decisions.
  @usableFromInline
  var policy: Policy
  /// How long a client waits for an answer before the attempt fails.
  @usableFromInline
  let timeout: VirtualDuration
  /// How many times the user submits each operation.
  @usableFromInline
  let submissions: Int
  /// What the operations are, for trace lines.
  @usableFromInline
  let kind: RequestKind
  /// The app the clients run in: its kills and its outbox.
  @usableFromInline
  let app: AppOptions
  /// The clocks the clients measure on (clocks that disagree).
  @usableFromInline
  let clocks: ClientClocks

  /// Retries the policy's retry budget refused.
  @inlinable
  var retriesRefused: Int { policy.retriesRefused }

  /// Whether the app may be killed during a write attempt.
  @inlinable
  var mayBeKilled: Bool { mutating get { app.isKilled } }

  /// The clients of `workload`, each waiting `timeout` on its clock for an
  /// answer (``ClientClocks/realWait(_:)`` of it in true time), in an app
  /// that `app` says may be killed.
  @inlinable
  init(
    workload: WorkloadOptions, timeout: VirtualDuration, app: AppOptions = AppOptions(), policy: Policy,
    clocks: ClientClocks = ClientClocks()
  ) {
    records = OperationWindow(capacity: Swift.min(workload.operations, 1024))
    initialRecord = ClientRecord(memory: policy.initialMemory)
    self.policy = policy
    self.clocks = clocks
    self.timeout = clocks.realWait(timeout)
    submissions = workload.submissions
    kind = workload.kind
    self.app = app
  }

  /// Forgets every client, keeping the storage.
  ///
  /// - Complexity: O(operations in flight).
  @inlinable
  mutating func reset() {
    policy.reset()
    prepareRun()
  }

  /// Empties the window and the endings before a run; the window gets its
  /// own storage if a copy of the world shares it.
  ///
  /// - Complexity: O(operations in flight).
  @inlinable
  mutating func prepareRun(_ context: inout SimulationContext<RequestEvent>) {
    prepareRun()
  }

  /// Empties the window and the endings.
  @inlinable
  mutating func prepareRun() {
    records.removeAll()
    initialRecord = ClientRecord(memory: policy.initialMemory)
    endings = RequestMetrics()
  }

  // MARK: Sending

  /// The user submits `operation` for the first time; the world sends its
  /// first attempt next.
  @inlinable
  @inline(__always)
  mutating func begin(_ operation: Int, _ context: inout SimulationContext<RequestEvent>) -> ClientStep {
    OperationWindow.open(operation, initialRecord, in: &records)
    let record = records.address(of: operation)
    record.pointee.start = context.now
    policy.beginSubmission(&record.pointee.retry)
    policy.operationStarted()
    context.trace(RequestActor.client(operation), "start \(kind.rawValue)")
    return .sendNow
  }

  /// An attempt while the device is offline until `end`: the client waits
  /// for connectivity, or fails the attempt at once, as its policy says.
  @inlinable
  mutating func attemptWhileOffline(
    _ operation: Int, until end: VirtualTime, _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) -> ClientStep {
    if policy.offlineBehaviour == .wait {
      context.trace(RequestActor.client(operation), "offline: wait for connectivity", "until=\(end)")
      return .sendAt(end)
    }
    records[operation].sequence &+= 1
    policy.countAttempt(&records[operation].retry)
    records[operation].attempts &+= 1
    context.trace(RequestActor.client(operation), "offline: attempt fails at once")
    return try fail(operation, .offline, &context)
  }

  /// Starts the next attempt: numbers its message, has the policy say what
  /// it sends, and waits for its answer until the deadline.
  @inlinable
  @inline(__always)
  mutating func startAttempt(
    _ operation: Int, _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) -> ClientAttempt {
    // The record's place, found once: each `records[operation]` compares
    // the operation with the window's range and masks it again.
    let record = records.address(of: operation)
    record.pointee.sequence &+= 1
    policy.countAttempt(&record.pointee.retry)
    record.pointee.attempts &+= 1
    let sequence = record.pointee.sequence
    let what = policy.request(
      for: MessageIdentity(operation: operation, sequence: sequence), &record.pointee.retry, &context.decisions)
    var key = what.key
    // After a relaunch the key kept in the first process's memory is gone:
    // an outbox that did not store it makes a new one.
    if record.pointee.relaunched, key == .stable, app.outbox == .resendWithNewKey { key = .fresh }
    record.pointee.awaitsWrite = what.kind == .write
    record.pointee.killDeferred = false
    let request = RequestMessage(
      operation: UInt32(operation), sequence: sequence, kind: what.kind, key: key,
      payload: what.payload, ifMatch: what.ifMatch)
    record.pointee.deadline = try context.now + timeout
    record.pointee.isAwaiting = true
    record.pointee.timeoutArmed = false
    let number = policy.attemptNumber(record.pointee.retry) ?? Int(record.pointee.attempts)
    // Clamped by hand, as `PackedOutcome.init` explains.
    let clamped = UInt16(truncatingIfNeeded: Swift.min(Swift.max(number, 0), Int(UInt16.max)))
    return ClientAttempt(request: request, number: clamped)
  }

  /// `write attempt 2`.
  @inlinable
  func label(of attempt: ClientAttempt) -> String {
    "\(attempt.request.kind) attempt \(attempt.number)"
  }

  // MARK: Timeouts

  /// The deadline of message `sequence` of `operation`, if the client still
  /// waits for it.
  @inlinable
  @inline(__always)
  mutating func deadline(_ operation: Int, awaiting sequence: UInt32) -> VirtualTime? {
    let record = records.address(of: operation)
    return record.pointee.awaits(sequence) ? record.pointee.deadline : nil
  }

  /// Arms the timeout of message `sequence` of `operation`, once: the timer
  /// to schedule and when, or `nil` when the client no longer waits for the
  /// message or its timeout is armed already.
  @inlinable
  @inline(__always)
  mutating func armTimeout(
    _ operation: Int, _ sequence: UInt32, now: VirtualTime
  ) -> (timer: AttemptTimer, at: VirtualTime)? {
    let record = records.address(of: operation)
    guard record.pointee.awaits(sequence), !record.pointee.timeoutArmed else { return nil }
    record.pointee.timeoutArmed = true
    record.pointee.timeoutGeneration &+= 1
    let deadline = record.pointee.deadline
    assert(deadline >= now, "a timeout armed after its deadline")
    let timer = AttemptTimer(
      operation: UInt32(operation), sequence: sequence, generation: record.pointee.timeoutGeneration)
    return (timer, max(deadline, now))
  }

  /// Arms the timeout of message `sequence` of `operation` if something
  /// that happens at `time` — its answer, at the earliest — is not
  /// strictly before the attempt's deadline.
  @inlinable
  @inline(__always)
  mutating func armTimeout(
    _ operation: Int, _ sequence: UInt32, ifReachedBy time: VirtualTime, now: VirtualTime
  ) -> (timer: AttemptTimer, at: VirtualTime)? {
    guard time >= records[operation].deadline else { return nil }
    return armTimeout(operation, sequence, now: now)
  }

  /// Moves the timeout of the awaited message `sequence` to `time` (the
  /// world's response-vs-timeout race swapped the two): a fresh timer
  /// replaces any armed one.
  @inlinable
  mutating func moveTimeout(_ operation: Int, _ sequence: UInt32, to time: VirtualTime) -> AttemptTimer {
    records[operation].deadline = time
    records[operation].timeoutGeneration &+= 1
    records[operation].timeoutArmed = true
    return AttemptTimer(
      operation: UInt32(operation), sequence: sequence, generation: records[operation].timeoutGeneration)
  }

  /// A timer fires: the attempt fails with a timeout, unless its answer
  /// came first or the timer was replaced.
  @inlinable
  mutating func timeout(
    _ timer: AttemptTimer, _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) -> ClientStep {
    let operation = Int(timer.operation)
    guard let record = records.heldAddress(of: operation), record.pointee.awaits(timer.sequence),
      record.pointee.timeoutGeneration == timer.generation
    else { return .idle }
    record.pointee.isAwaiting = false
    context.trace(RequestActor.client(operation), "timeout", "seq=\(timer.sequence)")
    return try fail(operation, .timeout, &context)
  }

  // MARK: Answers

  /// An answer reaches the client: the awaited one goes to the policy, a
  /// late one is dropped.
  @inlinable
  mutating func receive(
    _ response: ResponseMessage, _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) -> ClientStep {
    let operation = Int(response.operation)
    guard let record = records.heldAddress(of: operation), record.pointee.awaits(response.sequence) else {
      if let record = records.heldAddress(of: operation), record.pointee.killed, !record.pointee.relaunched {
        context.trace(
          RequestActor.client(operation), "discard response: the app that sent it was killed",
          "seq=\(response.sequence) status=\(response.status.traceCode)")
        return .idle
      }
      context.trace(
        RequestActor.client(operation), "discard late response",
        "seq=\(response.sequence) status=\(response.status.traceCode)")
      return .idle
    }
    record.pointee.isAwaiting = false
    if record.pointee.awaitsWrite, app.marksSent == .onAnyResponse, case .http = response.status {
      record.pointee.outboxSent = true
    }
    var response = response
    if case .retryAfterDate(let date) = response.content {
      // The client's HTTP stack turns the date into a wait.
      response.content = .retryAfter(clocks.wait(until: date, response, &context))
    }
    if !response.status.isSuccess, let failure = response.failure {
      context.trace(RequestActor.client(operation), "failure \(failure)", "seq=\(response.sequence)")
      return try fail(operation, failure, &context)
    }
    let decision = policy.afterSuccess(
      response, of: MessageIdentity(operation: operation, sequence: record.pointee.sequence),
      &record.pointee.retry, &context.decisions)
    return try carryOut(decision, operation, &context)
  }

  /// The policy's answer to a failed attempt, carried out.
  @inlinable
  @inline(__always)
  mutating func fail(
    _ operation: Int, _ failure: AttemptFailure, _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) -> ClientStep {
    let record = records.address(of: operation)
    let decision = policy.afterFailure(
      failure, of: MessageIdentity(operation: operation, sequence: record.pointee.sequence),
      &record.pointee.retry, &context.decisions)
    return try carryOut(decision, operation, &context)
  }

  /// Turns a decision into the world's next step for the client.
  @inlinable
  @inline(__always)
  mutating func carryOut(
    _ decision: ClientDecision, _ operation: Int, _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) -> ClientStep {
    switch decision {
    case .sendNow: return .sendNow
    case .sendAfter(let wait):
      let real = clocks.realWait(wait)
      if real != wait {
        context.trace(RequestActor.client(operation), "\(wait) on the client clock lasts \(real)")
      }
      return .sendAt(try context.now + real)
    case .stop(let outcome): return finish(operation, outcome, &context)
    }
  }

  /// Ends a submission: the user submits the operation again while the
  /// workload says so, else the client records how it ended.
  @inlinable
  mutating func finish(
    _ operation: Int, _ outcome: ClientOutcome, _ context: inout SimulationContext<RequestEvent>
  ) -> ClientStep {
    let record = records.address(of: operation)
    if Int(record.pointee.submissions) < submissions {
      // The user submits the same operation again (same key, if any).
      record.pointee.submissions &+= 1
      record.pointee.outboxSent = false  // the user's new submission is a new outbox row
      policy.beginSubmission(&record.pointee.retry)
      context.trace(RequestActor.client(operation), "submitted again by the user")
      return .sendNow
    }
    record.pointee.outcome = outcome
    endings.countEnding(
      attempts: record.pointee.attempts, outcome: outcome, start: record.pointee.start, end: context.now,
      kind: kind)
    if outcome == .succeeded {
      context.trace(RequestActor.client(operation), "success", "attempts=\(record.pointee.attempts)")
    }
    return .idle
  }
}

/// What the world does next for a client.
@usableFromInline
enum ClientStep: Equatable {
  /// Nothing: the client waits for an answer or a timer, or is done.
  case idle
  /// Send the client's next attempt now.
  case sendNow
  /// Wake the client to send its next attempt at this time.
  case sendAt(VirtualTime)
}
