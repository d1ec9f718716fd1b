/// Named gateway products with their documented defaults, as starting
/// points for `gateway.preset` (docs/duplicates/gateway.md names the page
/// and the setting behind each number).
///
/// A preset replaces the whole `gateway` section first; keys written
/// beside it override it. What a product leaves to its operator (how many
/// upstream servers nginx has, whether Envoy or HAProxy retries at all) is
/// set to the configuration the preset names, and said so.
///
/// | preset    | timeout | deadline | tries                 | retries on                        | methods    | back-off            |
/// |-----------|---------|----------|-----------------------|-----------------------------------|------------|---------------------|
/// | `nginx`   | 60 s    | none     | one per server        | timeout, reset                    | idempotent | none                |
/// | `envoy`   | 15 s    | 15 s     | 2                     | timeout, reset, 500, 502–504      | all        | 25 ms full jitter   |
/// | `haproxy` | 50 s    | none     | 4                     | timeout, reset, 500, 502–504      | all        | none                |
/// | `alb`     | 60 s    | none     | 1                     | —                                 | —          | —                   |
@usableFromInline package enum GatewayPreset: String, CaseIterable, Hashable, Sendable {
  /// nginx `proxy_pass` to an upstream group with the proxy module's
  /// defaults: `proxy_read_timeout 60s`, `proxy_next_upstream error
  /// timeout` (no `non_idempotent`), `proxy_next_upstream_tries 0` (every
  /// server once).
  case nginx
  /// Envoy's router with a route retry policy `retry_on: 5xx` and its
  /// defaults: one retry, route timeout 15 s covering every try, no
  /// per-try timeout, back-off base 25 ms with full jitter.
  case envoy
  /// HAProxy with layer-7 retries (`retry-on all-retryable-errors`),
  /// `retries 3`, and `timeout server 50s` (an assumption: HAProxy has no
  /// default).
  case haproxy
  /// An AWS Application Load Balancer: 504 after the 60 s idle timeout, no
  /// retry.
  case alb

  /// The gateway options this preset sets; other keys keep their defaults.
  @usableFromInline package var options: GatewayOptions {
    var options = GatewayOptions()
    switch self {
    case .nginx:
      options.timeout = .seconds(60)
      options.retryOn = [.timeout, .connectionReset]
      options.methods = .idempotent
      options.retryTarget = .nextServer
      options.attempts = GatewayOptions.attemptLimit.upperBound
    case .envoy:
      options.timeout = .seconds(15)
      options.deadline = .seconds(15)
      options.attempts = 2
      options.retryOn = [.timeout, .connectionReset, .internalError, .badGateway, .unavailable, .gatewayTimeout]
      options.methods = .all
      options.backoff = .milliseconds(25)
      options.backoffShape = .exponentialFullJitter
    case .haproxy:
      options.timeout = .seconds(50)
      options.attempts = 4
      options.retryOn = [.timeout, .connectionReset, .internalError, .badGateway, .unavailable, .gatewayTimeout]
      options.methods = .all
    case .alb:
      options.timeout = .seconds(60)
      options.attempts = 1
    }
    return options
  }
}
