/// The server: its ledger's idempotency behaviour, failure injection,
/// processing time and capacity (SPEC §4.1).
@usableFromInline package struct ServerOptions: Hashable, Sendable {
  /// What the server does with an idempotency key.
  @usableFromInline package enum KeyHandling: String, CaseIterable, Hashable, Sendable {
    /// Remembers each key's result and replays it for a repeat.
    case honour
    /// Ignores the key header: a keyed write behaves like a keyless one
    /// (seed AG7).
    case ignore
  }

  /// What the server does with a keyed request whose key is still being
  /// processed.
  @usableFromInline package enum InFlightKey: String, CaseIterable, Hashable, Sendable {
    /// Answers 409 Conflict; the client may retry later.
    case conflict
    /// Processes it too. The key is checked at the commit point, so the
    /// one that commits second finds the first one's stored result and
    /// replays it: the write is applied once either way.
    case process
  }

  /// A limited service rate: `workers` requests are processed at a time, up
  /// to `queueLimit` wait, and the rest are refused with 503 and a
  /// Retry-After.
  @usableFromInline package struct Capacity: Hashable, Sendable {
    /// Requests processed at a time.
    @usableFromInline package var workers: Int
    /// Requests that may wait for a worker (default 0).
    @usableFromInline package var queueLimit: Int
    /// The Retry-After of a 503 (default 1 s).
    @usableFromInline package var retryAfter: VirtualDuration

    /// A capacity of `workers`, by default with no queue and a 1 s
    /// Retry-After.
    @usableFromInline package init(workers: Int, queueLimit: Int = 0, retryAfter: VirtualDuration = .seconds(1)) {
      self.workers = workers
      self.queueLimit = queueLimit
      self.retryAfter = retryAfter
    }
  }

  /// What the server does with an idempotency key: `honour` remembers each
  /// key's result and replays it; `ignore` ignores the key header (seed AG7).
  @usableFromInline package var keys: KeyHandling = .honour
  /// How long a key is remembered after its request completed; `nil` is
  /// forever. A retry after expiry is applied again.
  @usableFromInline package var keyTTL: VirtualDuration?
  /// What a repeated key gets while the first request is still processing:
  /// `conflict` (409, retry later) or `process` (processed too, and the
  /// first one's result replayed at its commit).
  @usableFromInline package var inFlightKey: InFlightKey = .conflict
  /// Whether a stored 5xx is replayed for a repeated key (as Stripe does)
  /// instead of being retried.
  @usableFromInline package var storesErrors = false
  /// Probability that processing fails with `failureStatus` before the write
  /// is committed.
  @usableFromInline package var failureBeforeCommit: Double = 0
  /// Probability that processing fails with `failureStatus` after the write
  /// was committed: applied, but the client sees an error.
  @usableFromInline package var failureAfterCommit: Double = 0
  /// The status of injected failures (500…599).
  @usableFromInline package var failureStatus = 500
  /// Probability that a request is rejected permanently with
  /// `rejectionStatus` (e.g. 413 payload too large, 401 unauthorised).
  @usableFromInline package var rejection: Double = 0
  /// The status of a rejection (e.g. 413, 401); not 409, 412 or 429, which have
  /// their own meaning.
  @usableFromInline package var rejectionStatus = 413
  /// Probability that a request is throttled with 429 and `throttleRetryAfter`.
  @usableFromInline package var throttling: Double = 0
  /// The Retry-After of a 429.
  @usableFromInline package var throttleRetryAfter = VirtualDuration.seconds(1)
  /// Time to process one request.
  @usableFromInline package var processing: LatencyDistribution = .fixed(.zero)
  /// A limited service rate; `nil` is unlimited.
  @usableFromInline package var capacity: Capacity?
  // Stores that forget:
  /// Where the idempotency keys are kept: `durable` (the default) forgets
  /// a key only by its lifetime; see ``KeyStoreOptions``.
  @usableFromInline package var keyStore = KeyStoreOptions()
  /// When the server restarts and how long it is down; `nil` is never.
  @usableFromInline package var restarts: RestartOptions?
  // Clocks that disagree:
  /// The Retry-After an injected 503 (``failureStatus`` 503) carries; `nil`
  /// sends none. The client reads a 503 with Retry-After as throttling.
  @usableFromInline package var failureRetryAfter: VirtualDuration?
  /// How Retry-After is written: delta-seconds (as today) or an HTTP date
  /// on the server's clock.
  @usableFromInline package var retryAfterFormat: RetryAfterFormat = .seconds
  /// The server's clock: key lifetimes are measured on it, and HTTP dates
  /// are read from it.
  @usableFromInline package var clock = ClockOptions()
  /// The routes your code's requests are answered by; empty: every
  /// request is about the operation's order.
  @usableFromInline package var routes: [ServerRoute] = []

  /// The model's defaults: what a scenario that writes none of the section's
  /// keys runs. A server that honours keys forever, fails nothing, takes no
  /// processing time and has unlimited capacity.
  @usableFromInline package init() {}
}
