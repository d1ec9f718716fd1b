/// Named servers with their documented idempotency behaviour, as starting
/// points for `server.preset` (docs/duplicates/stores.md cites each
/// number). A preset replaces the whole `server` section first; keys
/// written beside it override it.
///
/// | preset   | keyTTL | storesErrors | inFlightKey |
/// |----------|--------|--------------|-------------|
/// | `stripe` | 24 h   | true         | conflict    |
@usableFromInline package enum ServerPreset: String, CaseIterable, Hashable, Sendable {
  /// Stripe's API (https://docs.stripe.com/api/idempotent_requests): keys
  /// are kept "at least 24 hours" (the shortest documented, so the least
  /// protective), the result of the first request is saved "including
  /// 500 errors" and replayed, and a request repeated while the first is
  /// still in flight gets 409 Conflict.
  case stripe

  /// The server options this preset sets; other keys keep their defaults.
  @usableFromInline package var options: ServerOptions {
    var options = ServerOptions()
    switch self {
    case .stripe:
      options.keys = .honour
      options.keyTTL = .hours(24)
      options.storesErrors = true
      options.inFlightKey = .conflict
    }
    return options
  }
}
