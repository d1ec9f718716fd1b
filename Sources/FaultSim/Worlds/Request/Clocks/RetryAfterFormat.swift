extension ServerOptions {
  /// How the server writes Retry-After (RFC 9110 §10.2.3 allows both).
  @usableFromInline package enum RetryAfterFormat: String, CaseIterable, Hashable, Sendable {
    /// Delta-seconds: "wait this long". No clock is compared, so skew
    /// cannot change it (drift still stretches the client's wait).
    case seconds
    /// An IMF-fixdate, the server's clock's now plus the delay, truncated
    /// to the second: the client waits until its own clock reads the date
    /// (at least 0), so skew between the two clocks shortens or stretches
    /// the wait.
    case httpDate = "http-date"
  }
}
