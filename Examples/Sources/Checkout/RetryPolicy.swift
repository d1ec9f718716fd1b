/// How a checkout client retries: a few attempts, each with a timeout,
/// separated by exponential backoff with full jitter ("Exponential Backoff
/// and Jitter", AWS Architecture Blog), and never sooner than a
/// `Retry-After` the server asked for.
///
/// The defaults are those of FaultSim's `checkout-reference` scenario's
/// client, so the two can be compared.
public struct RetryPolicy: Hashable, Sendable {
  /// Attempts in all, the first one included.
  public var attempts: Int
  /// How long one attempt waits for its response.
  public var timeout: Duration
  /// The longest wait before the first retry; it doubles with each retry.
  public var baseDelay: Duration
  /// The longest wait before any retry.
  public var maxDelay: Duration

  /// A policy; see the properties for each argument.
  public init(
    attempts: Int = 3, timeout: Duration = .seconds(1), baseDelay: Duration = .milliseconds(100),
    maxDelay: Duration = .seconds(2)
  ) {
    precondition(attempts >= 1, "a policy makes at least one attempt")
    self.attempts = attempts
    self.timeout = timeout
    self.baseDelay = baseDelay
    self.maxDelay = maxDelay
  }

  /// The wait before retry `retry` (1 before the second attempt): uniform
  /// in `[0, min(maxDelay, baseDelay · 2^(retry − 1)))`, and at least
  /// `retryAfter` when the server sent one.
  ///
  /// The uniform wait comes from the generator's own 64-bit words rather
  /// than `Double.random(in:using:)`, whose algorithm the standard library
  /// does not promise to keep: a seeded generator then gives the same
  /// waits with every toolchain.
  public func delay(
    beforeRetry retry: Int, retryAfter: Duration? = nil, using random: inout some RandomNumberGenerator
  ) -> Duration {
    let doublings = min(max(retry - 1, 0), 30)
    let ceiling = min(maxDelay, baseDelay * (1 << doublings))
    // Uniform in [0, 1): the top 53 bits of one word.
    let fraction = Double(random.next() >> 11) * 0x1p-53
    let jittered = ceiling * fraction
    guard let retryAfter else { return jittered }
    return max(jittered, retryAfter)
  }
}
