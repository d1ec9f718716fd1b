/// The client of scenario files: an attempt budget,
/// backoff with jitter, an optional retry budget shared by all clients, a
/// safety rule for keyless writes, Retry-After, offline behaviour, and the
/// read–write loop of conditional writes; all of it set by
/// ``ClientOptions``. See ``ClientPolicy`` for what a policy decides.
///
/// `init()` is the policy of whichever scenario it runs in: the world
/// calls `prepared(for:)` with the scenario's options before a run.
@usableFromInline package struct BuiltInClientPolicy: ClientPolicy, ScenarioConfigured {
  /// The options the policy follows.
  let options: ClientOptions
  /// What the operations are (keyless writes need the safety rule).
  let kind: RequestKind
  /// Whether writes are conditional on a version read first.
  let isContended: Bool
  /// Whether a changed payload is a fault that can matter: only a server
  /// that honours keys compares a retry's body with the first one, so
  /// elsewhere the payload-change draw is not made at all (the world
  /// decides, as it knows both ends).
  let payloadChangeMatters: Bool
  /// The retry budget shared by every client of the run.
  var retryBudget: RetryBudgetState

  /// The policy of the scenario it runs in (`client.*`), read from the
  /// scenario's options by `prepared(for:)`.
  @usableFromInline package init() {
    self.init(RequestWorldOptions())
  }

  /// The policy of `options`.
  init(_ options: RequestWorldOptions) {
    self.init(
      options.client, workload: options.workload,
      payloadChangeMatters: options.workload.kind == .keyedWrite && options.server.keys == .honour)
  }

  /// The policy of `options`, for operations of `workload`.
  init(_ options: ClientOptions, workload: WorkloadOptions, payloadChangeMatters: Bool) {
    self.options = options
    kind = workload.kind
    isContended = workload.contention != nil
    self.payloadChangeMatters = payloadChangeMatters
    retryBudget = RetryBudgetState(options.retryBudget)
  }

  /// The policy the scenario's `client.*` options describe.
  @usableFromInline package func prepared(for options: RequestWorldOptions) -> BuiltInClientPolicy {
    BuiltInClientPolicy(options)
  }

  /// A client that has not started.
  @usableFromInline package var initialMemory: RetryState { RetryState() }

  /// The shared retry budget refills.
  @usableFromInline package mutating func reset() {
    retryBudget = RetryBudgetState(options.retryBudget)
  }

  /// A ratio retry budget grows with first attempts.
  @inline(__always)
  @usableFromInline package mutating func operationStarted() {
    retryBudget.recordFirstAttempt()
  }

  /// Retries the shared retry budget refused.
  @usableFromInline package var retriesRefused: Int { retryBudget.refused }

  /// Reads and conditional writes (which need the current version) start
  /// with a read, others with the write.
  @inline(__always)
  @usableFromInline package func beginSubmission(_ state: inout RetryState) {
    state.exchange = isContended || kind == .read ? .read : .write
    state.tries = 0
    state.sawAmbiguousFailure = false
  }

  /// `client.offline`.
  @usableFromInline package var offlineBehaviour: ClientOptions.OfflineBehaviour { options.offline }

  /// The attempt budget counts attempts of the current exchange.
  @inline(__always)
  @usableFromInline package func countAttempt(_ state: inout RetryState) {
    state.tries &+= 1
  }

  /// Attempts of the current exchange.
  @inline(__always)
  @usableFromInline package func attemptNumber(_ state: RetryState) -> Int? { Int(state.tries) }

  /// The current exchange's message; a keyed write carries the operation's
  /// key, and a retry may change its body (`client.payloadChangesOnRetry`).
  @inline(__always)
  @usableFromInline package mutating func request(
    for identity: MessageIdentity, _ state: inout RetryState, _ context: inout DecisionContext
  ) -> AttemptRequest {
    let operation = identity.operation
    let sequence = identity.sequence
    let message = state.exchange.message
    if message == .write, state.tries > 1, state.payload == .original, payloadChangeMatters,
      context.fault(options.payloadChangesOnRetry, RequestDraw.payloadChange.key(operation, sequence))
    {
      state.payload = .changed
    }
    return AttemptRequest(
      kind: message, key: message == .write && kind == .keyedWrite ? .stable : .none, payload: state.payload,
      ifMatch: state.knownVersion)
  }

  /// A write succeeded; a read leads on to the conditional write; a status
  /// query settles an ambiguous failure.
  @inline(__always)
  @usableFromInline package mutating func afterSuccess(
    _ response: ResponseMessage, of identity: MessageIdentity, _ state: inout RetryState,
    _ context: inout DecisionContext
  ) -> ClientDecision {
    let operation = identity.operation
    let sequence = identity.sequence
    retryBudget.recordSuccess()
    switch state.exchange {
    case .write:
      return .stop(.succeeded)
    case .read:
      guard isContended else { return .stop(.succeeded) }
      if case .version(let version) = response.content { state.knownVersion = version }
      state.exchange = .write
      state.tries = 0
      context.trace(RequestActor.client(operation), "read version \(state.knownVersion)")
      return .sendNow
    case .query:
      if case .writeApplied(true) = response.content {
        context.trace(RequestActor.client(operation), "query: the write was applied")
        return .stop(.succeeded)
      }
      context.trace(RequestActor.client(operation), "query: the write was not applied")
      state.exchange = .write
      state.sawAmbiguousFailure = false
      return retry(operation, sequence, &state, after: nil, &context)
    }
  }

  /// Retries what is retryable within the budgets; a keyless write that
  /// may have applied follows `client.safety`; a 412 reads again.
  @usableFromInline package mutating func afterFailure(
    _ failure: AttemptFailure, of identity: MessageIdentity, _ state: inout RetryState,
    _ context: inout DecisionContext
  ) -> ClientDecision {
    let operation = identity.operation
    let sequence = identity.sequence
    let exchange = state.exchange
    if exchange == .write && !failure.provesNotApplied {
      state.sawAmbiguousFailure = true
    }
    // A conditional write that lost to a newer version reads it again.
    if case .conflict(412) = failure, exchange == .write, isContended {
      state.conflicts &+= 1
      guard options.conflictLimit.allows(state.conflicts) else {
        context.trace(RequestActor.client(operation), "give up: conflict limit")
        return .stop(giveUpOutcome(state))
      }
      state.exchange = .read
      state.tries = 0
      switch options.conflictRetry {
      case .immediate: return .sendNow
      case .afterBackoff: return rereadAfterBackoff(operation, &state, &context)
      }
    }
    guard failure.isRetryable else {
      context.trace(RequestActor.client(operation), "give up: \(failure) is not retryable")
      return .stop(giveUpOutcome(state))
    }
    if exchange == .write && kind == .keylessWrite && !failure.provesNotApplied {
      switch options.safety {
      case .naive:
        break
      case .careful:
        context.trace(
          RequestActor.client(operation), "give up: outcome uncertain (a keyless write is never resent blindly)")
        return .stop(.uncertain)
      case .query:
        state.exchange = .query
      }
    }
    var retryAfter: VirtualDuration?
    if case .throttled(_, let delay) = failure { retryAfter = delay }
    return retry(operation, sequence, &state, after: retryAfter, &context)
  }

  /// Retries after the backoff, if the budgets allow.
  ///
  /// The wait before retry *n* of the exchange is the backoff's delay for
  /// *n*, its random word the keyed draw of (operation, backoff, latest
  /// message); a Retry-After lengthens it when the client honours it.
  mutating func retry(
    _ operation: Int, _ sequence: UInt32, _ state: inout RetryState, after retryAfter: VirtualDuration?,
    _ context: inout DecisionContext
  ) -> ClientDecision {
    guard Int(state.tries) < options.attempts else {
      context.trace(RequestActor.client(operation), "give up: attempt budget spent")
      return .stop(giveUpOutcome(state))
    }
    guard retryBudget.allowRetry() else {
      context.trace(RequestActor.client(operation), "give up: shared retry budget refused")
      return .stop(giveUpOutcome(state))
    }
    var delay = options.backoff.delay(
      retry: Int(state.tries) - 1, previous: previousBackoff(state),
      word: context.valueWord(RequestDraw.backoff.key(operation, sequence)))
    state.previousBackoff = delay
    if options.honoursRetryAfter, let retryAfter { delay = max(delay, retryAfter) }
    context.trace(RequestActor.client(operation), "retry after \(delay)")
    return .sendAfter(delay)
  }

  /// Waits per the backoff after the operation's latest 412, then reads the
  /// record again; a zero wait reads at once, as
  /// ``ClientOptions/ConflictRetry/immediate`` does.
  ///
  /// The *n*-th conflict of an operation is retry *n* − 1 of the backoff
  /// (counted from its ``Backoff/firstRetry``; neither the attempt budget
  /// nor the shared retry budget applies: ``ClientOptions/conflictLimit``
  /// does), its random word is the keyed draw of (operation, conflict
  /// backoff, *n*), and decorrelated jitter continues from the client's
  /// previous wait.
  func rereadAfterBackoff(
    _ operation: Int, _ state: inout RetryState, _ context: inout DecisionContext
  ) -> ClientDecision {
    let conflict = state.conflicts
    let delay = options.backoff.delay(
      retry: Int(conflict) - 1, previous: previousBackoff(state),
      word: context.valueWord(RequestDraw.conflictBackoffKey(operation, conflict: conflict)))
    state.previousBackoff = delay
    guard delay > .zero else { return .sendNow }
    context.trace(RequestActor.client(operation), "read again after \(delay)", "conflict=\(conflict)")
    return .sendAfter(delay)
  }

  /// The client's previous backoff wait, for decorrelated jitter: the
  /// backoff's base before the first.
  func previousBackoff(_ state: RetryState) -> VirtualDuration {
    state.previousBackoff == .zero ? options.backoff.base : state.previousBackoff
  }

  /// What a client that stops without success knows.
  func giveUpOutcome(_ state: RetryState) -> ClientOutcome {
    kind.isWrite && state.sawAmbiguousFailure ? .uncertain : .failed
  }
}
