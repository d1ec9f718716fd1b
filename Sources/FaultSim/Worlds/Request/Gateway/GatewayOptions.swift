/// An intermediary between the clients and the server — a reverse proxy, a
/// load balancer, an API gateway, a client-side resilience handler — with
/// its own upstream timeout and retry policy (docs/duplicates/gateway.md).
///
/// Each request a client sends reaches the gateway, which sends it upstream
/// as one or more tries: a try that outlasts ``timeout``, meets a
/// connection reset or gets a status named in ``retryOn`` is sent again
/// (``attempts`` in all) when ``methods`` allows it for the request. The
/// server may have applied a try the gateway gave up on: a gateway timeout
/// shorter than the server's processing time duplicates a POST the client
/// sent once (microsoft/aspire#4631; nginx `proxy_next_upstream`).
@usableFromInline package struct GatewayOptions: Hashable, Sendable {
  /// What makes the gateway try a request again (nginx's
  /// `proxy_next_upstream` conditions).
  @usableFromInline package enum RetryCondition: String, CaseIterable, Hashable, Sendable {
    /// The try outlasted the gateway's `timeout`.
    case timeout
    /// The upstream connection was reset after the server took the request.
    case connectionReset = "connection-reset"
    /// The server answered 502 Bad Gateway.
    case badGateway = "502"
    /// The server answered 503 Service Unavailable.
    case unavailable = "503"
    /// The server answered 504 Gateway Timeout.
    case gatewayTimeout = "504"

    /// The condition an upstream HTTP status meets, if any.
    @inlinable
    static func status(_ code: UInt16) -> RetryCondition? {
      switch code {
      case 502: .badGateway
      case 503: .unavailable
      case 504: .gatewayTimeout
      default: nil
      }
    }
  }

  /// Which requests the gateway may send again.
  @usableFromInline package enum Methods: String, CaseIterable, Hashable, Sendable {
    /// Reads and idempotent writes (GET, PUT) only: nginx's default since
    /// 1.9.13.
    case idempotent
    /// Those, and a POST carrying an Idempotency-Key header (what riptide
    /// and axios-retry users ask for).
    case idempotentOrKeyed = "idempotent-or-keyed"
    /// Every request, POST included: Aspire's default resilience handler.
    case all
  }

  /// How long the gateway waits for the server's answer to one try.
  @usableFromInline package var timeout = VirtualDuration.seconds(60)
  /// Upstream tries per client request, the first included (1: no retry).
  @usableFromInline package var attempts = 2
  /// What makes the gateway try again (in ``RetryCondition`` order, no
  /// repeats).
  @usableFromInline package var retryOn: [RetryCondition] = [.timeout, .connectionReset]
  /// Which requests it may try again.
  @usableFromInline package var methods: Methods = .idempotent
  /// Whether the Idempotency-Key header reaches the server; a gateway that
  /// strips it turns every keyed try into a new write.
  @usableFromInline package var forwardsKey = true
  /// One-way latency between the gateway and the server.
  @usableFromInline package var latency: LatencyDistribution = .fixed(.zero)
  /// Probability that the upstream connection is reset after the server
  /// took a try: the server processes it, the gateway sees a reset.
  @usableFromInline package var connectionReset: Double = 0
  /// The wait before each retry.
  @usableFromInline package var backoff = VirtualDuration.zero

  /// An nginx-like gateway: one retry of idempotent requests after a 60 s
  /// timeout or a reset, no latency, no faults.
  @usableFromInline package init() {}

  /// Whether the gateway retries on `condition`.
  @inlinable
  package func retries(on condition: RetryCondition) -> Bool {
    retryOn.contains(condition)
  }
}
