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
    /// The server answered 500 Internal Server Error (Envoy's `5xx`,
    /// nginx's `http_500`, HAProxy's `500`).
    case internalError = "500"
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
      case 500: .internalError
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

  /// How the wait before a retry is chosen.
  @usableFromInline package enum BackoffShape: String, CaseIterable, Hashable, Sendable {
    /// ``backoff`` before every retry.
    case fixed
    /// Envoy's fully jittered exponential back-off: retry N waits a uniform
    /// draw below `(2^N − 1) · backoff`, at most ``backoffCap``.
    case exponentialFullJitter = "exponential-full-jitter"
  }

  /// Which upstream server a retry may go to.
  @usableFromInline package enum RetryTarget: String, CaseIterable, Hashable, Sendable {
    /// Any server, the one that failed included: tries are bounded by
    /// ``attempts`` alone.
    case any
    /// Only a server not tried yet for this request (nginx's "next
    /// upstream"): at most ``servers`` tries.
    case nextServer = "next-server"
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
  /// The wait before each retry (with a jittered shape, its base).
  @usableFromInline package var backoff = VirtualDuration.zero
  /// How the wait before a retry is chosen.
  @usableFromInline package var backoffShape: BackoffShape = .fixed
  /// The longest jittered wait; `nil`: ten times ``backoff`` (Envoy's
  /// default `max_interval`).
  @usableFromInline package var backoffMax: VirtualDuration?
  /// How long the gateway spends on one client request, all tries and
  /// waits included, before it answers 504 (Envoy's route timeout); `nil`:
  /// no such limit.
  @usableFromInline package var deadline: VirtualDuration?
  /// Which upstream server a retry may go to.
  @usableFromInline package var retryTarget: RetryTarget = .any
  /// The upstream servers behind the gateway: with ``RetryTarget/nextServer``
  /// they bound the tries. All share the one application and its ledger.
  @usableFromInline package var servers = 1

  /// An nginx-like gateway: one retry of idempotent requests after a 60 s
  /// timeout or a reset, no latency, no faults.
  @usableFromInline package init() {}

  /// The most tries a client request gets: ``attempts``, and with
  /// ``RetryTarget/nextServer`` no more than ``servers``.
  @inlinable
  package var tryLimit: Int {
    retryTarget == .nextServer ? min(attempts, servers) : attempts
  }

  /// The longest wait of ``BackoffShape/exponentialFullJitter``.
  @inlinable
  package var backoffCap: VirtualDuration {
    if let backoffMax { return backoffMax }
    let (tenfold, overflow) = backoff.nanoseconds.multipliedReportingOverflow(by: 10)
    return .nanoseconds(overflow ? .max : tenfold)
  }

  /// Whether the gateway retries on `condition`.
  @inlinable
  package func retries(on condition: RetryCondition) -> Bool {
    retryOn.contains(condition)
  }
}
