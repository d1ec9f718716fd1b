/// How clients send and retry (SPEC §4.1, seed 004).
public struct ClientOptions: Hashable, Sendable {
  /// What a client does after an ambiguous failure of a keyless write (a
  /// timeout or a dropped connection: the write may have been applied).
  public enum Safety: String, CaseIterable, Hashable, Sendable {
    /// Retries everything its budget allows: duplicates keyless writes.
    case naive
    /// Never resends a keyless write after an ambiguous failure: reports the
    /// outcome as uncertain and stops.
    case careful
    /// Asks the server whether the write was applied (a status read that
    /// spends an attempt), and resends only if it was not.
    case query
  }

  /// What an attempt does while the device is offline.
  public enum OfflineBehaviour: String, CaseIterable, Hashable, Sendable {
    /// Waits for connectivity and sends then, spending no attempt.
    case wait
    /// Fails at once with "not connected", spending an attempt.
    case spend
  }

  /// How long a client waits for a response before it gives the attempt up.
  public var timeout = VirtualDuration(nanoseconds: 1_000_000_000)
  /// Attempts per request, the first included.
  public var attempts = 3
  /// The wait before each retry.
  public var backoff: Backoff = .immediate
  /// A limit on retries shared by all clients.
  public var retryBudget: RetryBudget = .unlimited
  /// What to do after an ambiguous failure of a keyless write.
  public var safety: Safety = .naive
  /// What to do while offline.
  public var offline: OfflineBehaviour = .wait
  /// Whether a Retry-After from the server lengthens the wait.
  public var honoursRetryAfter = true
  /// Probability that a retry of a keyed write carries a different payload
  /// under the same key (a client bug the server answers with 422).
  public var payloadChangesOnRetry: Double = 0
  /// How many 412 conflicts a conditional write may meet before it gives up.
  public var conflictLimit = 100

  public init() {}
}
