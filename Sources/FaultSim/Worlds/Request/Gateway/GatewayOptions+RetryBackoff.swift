/// The gateway's wait before a retry (``GatewayOptions/backoffShape``).
///
/// The jittered shape follows Envoy's router: "fully jittered exponential
/// back-off" with base interval B, where retry N waits a uniform draw in
/// `[0, (2^N − 1) · B)`, no more than the maximum interval (ten times B by
/// default). Envoy stops widening the range once it passes the maximum, so
/// later retries keep the first range wider than the maximum and the wait
/// is that draw capped at the maximum.
extension GatewayOptions {
  /// The width of the range a jittered wait before retry `retry` (1 for
  /// the first retry) is drawn from, in nanoseconds: `(2^N − 1) · backoff`,
  /// where N stops growing at the first range wider than ``backoffCap``.
  ///
  /// - Complexity: O(min(`retry`, 64)).
  @inlinable
  package func jitterRange(retry: Int) -> UInt64 {
    let base = backoff.nanoseconds
    let cap = backoffCap.nanoseconds
    var range: UInt64 = 0
    var exponent = 0
    while exponent < min(retry, 63) {
      exponent += 1
      let (scaled, overflow) = base.multipliedReportingOverflow(by: (1 << UInt64(exponent)) - 1)
      range = overflow ? .max : scaled
      if range > cap { break }
    }
    return range
  }

  /// The wait before retry `retry` (1 for the first retry) from one random
  /// word: ``backoff`` for the fixed shape, a capped uniform draw below
  /// ``jitterRange(retry:)`` for the jittered one.
  ///
  /// - Complexity: O(min(`retry`, 64)).
  @inlinable
  package func retryWait(retry: Int, word: UInt64) -> VirtualDuration {
    switch backoffShape {
    case .fixed:
      return backoff
    case .exponentialFullJitter:
      let range = jitterRange(retry: retry)
      guard range > 0 else { return .zero }
      return .nanoseconds(min(RandomConversion.index(word, below: range), backoffCap.nanoseconds))
    }
  }
}
