/// Named servers with their documented idempotency behaviour, as starting
/// points for `server.preset` (docs/duplicates/stores.md cites each
/// number). A preset replaces the whole `server` section first; keys
/// written beside it override it.
///
/// | preset   | keyTTL | storesErrors | inFlightKey |
/// |----------|--------|--------------|-------------|
/// | `stripe` | 24 h   | true         | conflict    |
@usableFromInline package enum ServerPreset: String, CaseIterable, Hashable, Sendable {
  /// Stripe's API v1 (https://docs.stripe.com/api/idempotent_requests):
  /// keys may be removed once "at least 24 hours old" (the shortest
  /// documented age, so the least protective); the first request's status
  /// and body are saved and replayed, "including `500` errors"; a request
  /// conflicting with one in flight under the same key gets 409
  /// (https://docs.stripe.com/api/errors).
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
