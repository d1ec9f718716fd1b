/// The decisions of a request world's client, apart from its mechanics: the
/// seam where your own retry policy replaces the built-in one.
///
/// A client does two kinds of things. Its mechanics are the same for every
/// policy and stay in the world: numbering messages, waiting for the answer
/// to the latest one, owning that attempt's deadline and timeout, telling
/// late answers from awaited ones, counting attempts, recording how the
/// operation ended, and the user's resubmission. Its decisions are this
/// protocol, and nothing else decides them:
///
/// - what to send: the exchange (write, read, status query), the
///   idempotency key (``IdempotencyKey``), the body (``PayloadDigest``), the
///   version for `If-Match`;
/// - whether to retry after an outcome (an ``AttemptFailure``, or a 2xx that leads
///   on, such as a read before a conditional write), after how long, or to
///   stop and with which ``ClientOutcome``;
/// - what to do while the device is offline;
/// - budgets shared by all clients (a retry budget is the policy's state).
///
/// A policy sees the world only through its arguments: the outcome, its own
/// per-operation ``Memory``, the identity of the latest message
/// (``MessageIdentity``: the operation and its message sequence number),
/// and the run's context, for keyed draws and trace lines. Draw through
/// the context with keys of the message's identity — for a retry's jitter,
/// `context.valueWord(RequestDraw.backoff.key(message))` — so that the run
/// stays a function of its seed and two orders of a race see the same
/// values. A policy never schedules: it answers with a ``ClientDecision``
/// and the world carries it out.
///
/// `BuiltInClientPolicy` — the client of scenario files, `client.*`
/// options — is an implementation like any other. The world is generic
/// over the policy, so yours runs specialised, without an existential on
/// the hot path:
///
/// ```swift
/// /// Retries a keyless POST on every retryable failure, up to three
/// /// attempts, with exponential backoff and full jitter.
/// struct NaiveRetry: ClientPolicy {
///   var attempts = 3
///   var backoff = Backoff(growth: .exponential, jitter: .full, base: .milliseconds(100), cap: .seconds(2))
///
///   var initialMemory: Int { 0 }  // attempts of the current submission
///
///   func beginSubmission(_ tries: inout Int) { tries = 0 }
///   func countAttempt(_ tries: inout Int) { tries += 1 }
///
///   mutating func request(
///     for message: MessageIdentity, _ tries: inout Int, _ context: inout DecisionContext
///   ) -> AttemptRequest {
///     AttemptRequest(kind: .write)
///   }
///
///   mutating func afterSuccess(
///     _ response: ResponseMessage, of message: MessageIdentity, _ tries: inout Int,
///     _ context: inout DecisionContext
///   ) -> ClientDecision {
///     .stop(.succeeded)
///   }
///
///   mutating func afterFailure(
///     _ failure: AttemptFailure, of message: MessageIdentity, _ tries: inout Int,
///     _ context: inout DecisionContext
///   ) -> ClientDecision {
///     guard failure.isRetryable, tries < attempts else {
///       return .stop(failure.provesNotApplied ? .failed : .uncertain)
///     }
///     let word = context.valueWord(RequestDraw.backoff.key(message))
///     return .sendAfter(backoff.delay(retry: tries - 1, previous: backoff.base, word: word))
///   }
/// }
/// ```
///
/// Plug it into a scenario's request world with
/// ``Scenario/requestWorld(client:handler:)``.
public protocol ClientPolicy: Sendable {
  /// What the policy remembers about one operation between its attempts:
  /// plain data, kept in the client's per-operation record.
  associatedtype Memory

  /// The memory of an operation whose client has not started.
  var initialMemory: Memory { get }

  /// Starts a new run: shared budgets refill. The default does nothing.
  mutating func reset()

  /// An operation's first submission begins (a ratio retry budget grows
  /// with first attempts). The default does nothing.
  mutating func operationStarted()

  /// A submission begins, the first or the user's repeat: the exchange it
  /// starts with, and a fresh attempt budget. The default does nothing.
  func beginSubmission(_ memory: inout Memory)

  /// What an attempt does while the device is offline. The default waits
  /// for connectivity.
  var offlineBehaviour: ClientOptions.OfflineBehaviour { get }

  /// An attempt is being made (sent, or failed at once because the device
  /// is offline). The default does nothing.
  func countAttempt(_ memory: inout Memory)

  /// The number of the attempt being made within its exchange, for trace
  /// lines (`write attempt 2`); `nil`, the default, numbers attempts over
  /// the whole operation.
  func attemptNumber(_ memory: Memory) -> Int?

  /// What the attempt sends; the client adds the message's identity.
  ///
  /// - Parameters:
  ///   - message: The message being sent: its operation and sequence
  ///     number, which its draws are keyed by.
  ///   - memory: The policy's memory of the operation.
  ///   - context: The run's context, for keyed draws and trace lines.
  mutating func request(
    for message: MessageIdentity, _ memory: inout Memory, _ context: inout DecisionContext
  ) -> AttemptRequest

  /// What follows a 2xx answer to the awaited message.
  ///
  /// - Parameters:
  ///   - response: The answer.
  ///   - message: The message answered (the latest one).
  ///   - memory: The policy's memory of the operation.
  ///   - context: The run's context, for keyed draws and trace lines.
  mutating func afterSuccess(
    _ response: ResponseMessage, of message: MessageIdentity, _ memory: inout Memory,
    _ context: inout DecisionContext
  ) -> ClientDecision

  /// What follows a failed attempt: a transport failure, a timeout, or an
  /// HTTP error (``AttemptFailure``).
  ///
  /// - Parameters:
  ///   - failure: How the attempt failed.
  ///   - message: The message that failed (the latest one).
  ///   - memory: The policy's memory of the operation.
  ///   - context: The run's context, for keyed draws and trace lines.
  mutating func afterFailure(
    _ failure: AttemptFailure, of message: MessageIdentity, _ memory: inout Memory,
    _ context: inout DecisionContext
  ) -> ClientDecision

  /// Retries that the policy's shared budget refused in the run so far (the
  /// `retries_refused` column). The default is 0.
  var retriesRefused: Int { get }
}

extension ClientPolicy {
  /// Nothing to refill.
  public mutating func reset() {}

  /// Nothing to count.
  public mutating func operationStarted() {}

  /// Nothing to begin.
  public func beginSubmission(_ memory: inout Memory) {}

  /// Waits for connectivity.
  public var offlineBehaviour: ClientOptions.OfflineBehaviour { .wait }

  /// Nothing to count.
  public func countAttempt(_ memory: inout Memory) {}

  /// Attempts numbered over the whole operation.
  public func attemptNumber(_ memory: Memory) -> Int? { nil }

  /// No shared budget, so no refusals.
  public var retriesRefused: Int { 0 }
}

/// Which idempotency key a write carries, as a ``ClientPolicy`` decides it.
public enum IdempotencyKey: UInt8, BitwiseCopyable, Sendable, CustomStringConvertible {
  /// No key (a plain POST).
  case none
  /// The operation's own key, the same on every retry and resubmission:
  /// what a key stored with the order is.
  case stable
  /// A key made for this attempt alone, never sent again: what a key
  /// generated at send time is. A server cannot tell such a retry from a
  /// new operation.
  case fresh

  /// `none`, `stable` or `fresh`.
  public var description: String {
    switch self {
    case .none: "none"
    case .stable: "stable"
    case .fresh: "fresh"
    }
  }
}

/// What an attempt sends, as a ``ClientPolicy`` decides it: everything in a
/// ``RequestMessage`` but the message's identity, which the client owns.
public struct AttemptRequest: Equatable, Sendable {
  /// A write, a read or a status query.
  public var kind: MessageKind
  /// The idempotency key a write carries.
  public var key: IdempotencyKey
  /// The body's digest.
  @usableFromInline package var payload: PayloadDigest
  /// The version for `If-Match` (conditional writes); 0 for none.
  @usableFromInline package var ifMatch: UInt32

  /// An attempt; see the properties for each argument.
  @inlinable
  public init(kind: MessageKind, key: IdempotencyKey = .none, payload: PayloadDigest = .original, ifMatch: UInt32 = 0) {
    self.kind = kind
    self.key = key
    self.payload = payload
    self.ifMatch = ifMatch
  }
}

/// How a client ended an operation.
public enum ClientOutcome: UInt8, Sendable, CustomStringConvertible {
  /// Not ended yet (the run stopped first).
  case pending
  /// The client got a success.
  case succeeded
  /// Gave up knowing the write was not applied (or a read failed).
  case failed
  /// Gave up not knowing whether the write was applied.
  case uncertain

  /// The case name, without the reflection that plain interpolation of an
  /// enum costs (final states print one per operation).
  public var description: String {
    switch self {
    case .pending: "pending"
    case .succeeded: "succeeded"
    case .failed: "failed"
    case .uncertain: "uncertain"
    }
  }
}

/// What a client does next, as its ``ClientPolicy`` decides.
public enum ClientDecision: Equatable, Sendable {
  /// Stops the submission with this outcome (the user may submit again).
  case stop(ClientOutcome)
  /// Sends the next attempt at once.
  case sendNow
  /// Sends the next attempt after a wait (a zero wait still goes through
  /// the pending set, after everything already due now).
  case sendAfter(VirtualDuration)
}
