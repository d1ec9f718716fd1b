/// How clients send and retry (SPEC §4.1, seed 004).
public struct ClientOptions: Hashable, Sendable {
  /// What a client does after an ambiguous failure of a keyless write (a
  /// timeout or a dropped connection: the write may have been applied).
  @usableFromInline package enum Safety: String, CaseIterable, Hashable, Sendable {
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

  /// What a conditional write does after a 412 (its version was stale)
  /// before it reads the record again.
  @usableFromInline package enum ConflictRetry: String, CaseIterable, Hashable, Sendable {
    /// Waits per ``ClientOptions/backoff`` first: the wait after the *n*-th
    /// conflict of an operation is the backoff's delay for retry *n* − 1
    /// (the first conflict waits up to `base · 2^firstRetry`), and
    /// decorrelated jitter continues from the client's previous wait,
    /// whichever retry it came before. A zero wait re-reads at once.
    case afterBackoff = "after-backoff"
    /// Re-reads at once, whatever the backoff says: what every conditional
    /// write did before FaultSim backed off after conflicts.
    case immediate
  }

  /// How many 412 conflicts a conditional write may meet; the next one makes
  /// it give up.
  @usableFromInline package enum ConflictLimit: Hashable, Sendable, CustomStringConvertible {
    /// Gives up at conflict `n + 1`.
    case atMost(Int)
    /// Retries until it wins, as in the AWS optimistic-concurrency
    /// experiment. It still ends: every conflict means that some write to
    /// the record landed between this client's read and its write, so a
    /// client never meets more conflicts than writes were applied to the
    /// record.
    case unlimited

    /// The scenario spelling of ``unlimited``.
    @usableFromInline package static let unlimitedText = "unlimited"

    /// Whether an operation that met `conflicts` conflicts may go on.
    @inlinable
    package func allows(_ conflicts: UInt32) -> Bool {
      switch self {
      case .atMost(let limit): return Int(conflicts) <= limit
      case .unlimited: return true
      }
    }

    /// The limit as a scenario writes it: a number, or `unlimited`.
    @usableFromInline package var description: String {
      switch self {
      case .atMost(let limit): return "\(limit)"
      case .unlimited: return Self.unlimitedText
      }
    }
  }

  /// How long a client waits for a response before it gives the attempt up.
  @usableFromInline package var timeout = VirtualDuration.seconds(1)
  /// Attempts per request, the first included.
  @usableFromInline package var attempts = 3
  /// The wait before each retry.
  @usableFromInline package var backoff: Backoff = .immediate
  /// A limit on retries shared by all clients.
  @usableFromInline package var retryBudget: RetryBudget = .unlimited
  /// What to do after an ambiguous failure of a keyless write.
  @usableFromInline package var safety: Safety = .naive
  /// What to do while offline.
  @usableFromInline package var offline: OfflineBehaviour = .wait
  /// Whether a Retry-After from the server lengthens the wait.
  @usableFromInline package var honoursRetryAfter = true
  /// Probability that a retry of a keyed write carries a different payload
  /// under the same key (a client bug the server answers with 422).
  @usableFromInline package var payloadChangesOnRetry: Double = 0
  /// What a conditional write does after a 412 before it reads again.
  @usableFromInline package var conflictRetry: ConflictRetry = .afterBackoff
  /// How many 412 conflicts a conditional write may meet before it gives up.
  @usableFromInline package var conflictLimit: ConflictLimit = .atMost(100)
  /// The app the client runs in: whether it is killed mid-request, and what
  /// its outbox resends at the relaunch.
  @usableFromInline package var app = AppOptions()
  // Clocks that disagree:
  /// The client's clock: timeouts and waits are measured on it, and a
  /// Retry-After date is compared with its now.
  @usableFromInline package var clock = ClockOptions()

  /// The model's defaults: what a scenario that writes none of the section's
  /// keys runs. Three attempts with a 1 s timeout, immediate retries, no retry
  /// budget, the `naive` safety policy.
  @usableFromInline package init() {}
}
