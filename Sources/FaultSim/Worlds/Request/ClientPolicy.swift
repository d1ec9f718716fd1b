/// The decisions of a request world's client, apart from its mechanics: the
/// seam where a user's own retry policy will replace the built-in one.
///
/// A client does two kinds of things. Its mechanics are the same for every
/// policy and stay in ``RequestClient``: numbering messages, waiting for the
/// answer to the latest one, owning that attempt's deadline and timeout,
/// telling late answers from awaited ones, counting attempts, recording how
/// the operation ended, and the user's resubmission. Its decisions are this
/// protocol, and nothing else decides them:
///
/// - what to send: the exchange (write, read, status query), the body
///   (``PayloadDigest``), the version for `If-Match`;
/// - whether to retry after an outcome (``Failure`` or a 2xx that leads on,
///   such as a read before a conditional write), after how long, or to stop
///   and with which ``ClientRecord/Outcome``;
/// - what to do while the device is offline;
/// - budgets shared by all clients (a retry budget is the policy's state).
///
/// A policy sees the world only through its arguments: the outcome, its own
/// per-operation memory (``RetryState``), and the run's context for keyed
/// draws (keyed by the operation's identity, ``RequestDraw``) and trace
/// lines under the client's name (``RequestActor/client(_:)``). It never
/// schedules: it answers with a ``ClientDecision`` and the client and the
/// world carry it out. ``BuiltInClientPolicy`` — the client of scenario
/// files, `client.*` options — is the one implementation today;
/// ``RequestClient`` is generic over the policy so that another one runs
/// specialised, without an existential on the hot path.
protocol ClientPolicy {
  /// Starts a new run: shared budgets refill.
  mutating func reset()

  /// An operation's first submission begins (a ratio retry budget grows
  /// with first attempts).
  mutating func operationStarted()

  /// A submission begins, the first or the user's repeat: the exchange it
  /// starts with, and a fresh attempt budget.
  func beginSubmission(_ state: inout RetryState)

  /// What an attempt does while the device is offline.
  var offlineBehaviour: ClientOptions.OfflineBehaviour { get }

  /// An attempt of the current exchange is being made (sent, or failed at
  /// once because the device is offline).
  func countAttempt(_ state: inout RetryState)

  /// What the attempt sends; the client adds the message's identity.
  ///
  /// - Parameter sequence: The message's sequence number (its draws' key).
  mutating func request(
    operation: Int, sequence: UInt32, _ state: inout RetryState, _ context: inout SimulationContext<RequestEvent>
  ) -> AttemptRequest

  /// What follows a 2xx answer to the awaited message.
  ///
  /// - Parameter sequence: The latest message's sequence number.
  mutating func afterSuccess(
    _ response: ResponseMessage, operation: Int, sequence: UInt32, _ state: inout RetryState,
    _ context: inout SimulationContext<RequestEvent>
  ) -> ClientDecision

  /// What follows a failed attempt.
  ///
  /// - Parameter sequence: The latest message's sequence number.
  mutating func afterFailure(
    _ failure: Failure, operation: Int, sequence: UInt32, _ state: inout RetryState,
    _ context: inout SimulationContext<RequestEvent>
  ) -> ClientDecision
}

/// What an attempt sends, as a ``ClientPolicy`` decides it: everything in a
/// ``RequestMessage`` but the message's identity, which the client owns.
struct AttemptRequest: Equatable {
  /// A write, a read or a status query.
  var kind: MessageKind
  /// Whether a write carries the operation's idempotency key.
  var carriesKey = false
  /// The body's digest.
  var payload: PayloadDigest = .original
  /// The version for `If-Match` (conditional writes).
  var ifMatch: UInt32 = 0
}

/// What a client does next, as its ``ClientPolicy`` decides.
enum ClientDecision: Equatable {
  /// Stops the submission with this outcome (the user may submit again).
  case stop(ClientRecord.Outcome)
  /// Sends the next attempt at once.
  case sendNow
  /// Sends the next attempt after a wait (a zero wait still goes through
  /// the pending set, after everything already due now).
  case sendAfter(VirtualDuration)
}
