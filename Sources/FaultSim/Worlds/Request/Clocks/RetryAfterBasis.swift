extension ClockOptions {
  /// What the client subtracts from a Retry-After HTTP date to get its
  /// wait (`client.clock.retryAfterBasis`).
  @usableFromInline package enum RetryAfterBasis: String, CaseIterable, Hashable, Sendable {
    /// Its own clock's now: `date − client now`, so a skewed clock stretches
    /// or shortens the wait. What common clients do (urllib3's
    /// `parse_retry_after` subtracts `time.time()`), so the default.
    case ownClock = "own-clock"
    /// The response's `Date` header (RFC 9110 §6.6.1, the server's clock
    /// when it made the response): `date − Date`, both written by the
    /// server's clock, so any skew cancels. What a robust client does.
    case dateHeader = "date-header"
  }
}
