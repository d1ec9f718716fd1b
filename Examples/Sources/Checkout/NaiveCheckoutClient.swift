import FaultSim

/// Places orders the way many apps first do — `POST /orders`, retried when
/// it times out — and so records some orders twice.
///
/// **The bug.** Nothing in the request says which order it is, so the
/// server cannot tell a retry from a new order. When a request reaches the
/// server but its response is lost, the client sees a timeout, which looks
/// exactly like a lost request, and posts again: the server records the
/// order a second time. With 10% of responses lost, about one order in ten
/// is recorded twice (FaultSim's `checkout-reference` scenario). Not
/// retrying is no fix either: the user is then told "failed" about orders
/// that went through.
///
/// ``CheckoutClient`` is this code with the fix; the two files differ only
/// where the fix is.
public struct NaiveCheckoutClient<Transport: HTTPTransport, C: Clock<Duration>>: Sendable {
  /// Where requests go: `URLSession` in the app, FaultSim's network in a test.
  public let transport: Transport
  /// What the client waits on between attempts.
  public let clock: C
  /// Attempts, timeout and backoff.
  public var retryPolicy: RetryPolicy
  /// Where the client says what it decided (a logger in the app).
  public var log: @Sendable (String) -> Void

  /// A client; see the properties for each argument.
  public init(
    transport: Transport, clock: C, retryPolicy: RetryPolicy = RetryPolicy(),
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.transport = transport
    self.clock = clock
    self.retryPolicy = retryPolicy
    self.log = log
  }

  /// Places `order`, retrying what is retryable with backoff and jitter
  /// from `random` (and never sooner than a `Retry-After`).
  ///
  /// - Throws: ``CheckoutError``; ``CheckoutError/outcomeUnknown(attempts:last:)``
  ///   when an attempt may have been recorded — and the order may then
  ///   have been recorded twice.
  public func placeOrder(
    _ order: Order, using random: inout some RandomNumberGenerator
  ) async throws(CheckoutError) -> OrderConfirmation {
    var mayHaveBeenRecorded = false
    var attempt = 0
    while true {
      attempt += 1
      let failure: AttemptError
      do {
        // The bug: a keyless POST. Its retry is, to the server, a new order.
        let response = try await transport.send(
          TransportRequest(
            method: "POST", path: "/orders", headers: ["Content-Type": "application/json"],
            body: order.requestBody, timeout: retryPolicy.timeout))
        if response.isSuccess {
          return OrderConfirmation(orderID: order.id, status: response.status, attempts: attempt)
        }
        failure = AttemptError(response)
      } catch is CancellationError {
        throw .cancelled
      } catch {
        // Any other error is one without a response.
        failure = .transport((error as? TransportError)?.code ?? .networkConnectionLost)
      }
      mayHaveBeenRecorded = mayHaveBeenRecorded || failure.mayHaveBeenRecorded
      guard failure.isRetryable, attempt < retryPolicy.attempts else {
        log("give up after \(attempt) attempts: \(failure)")
        if mayHaveBeenRecorded { throw .outcomeUnknown(attempts: attempt, last: failure) }
        if case .status(let status, _) = failure, !failure.isRetryable { throw .rejected(status: status) }
        throw .notPlaced(attempts: attempt, last: failure)
      }
      let wait = retryPolicy.delay(beforeRetry: attempt, retryAfter: failure.retryAfter, using: &random)
      log("\(failure): retry in \(wait.milliseconds)ms (attempt \(attempt + 1) of \(retryPolicy.attempts))")
      do {
        try await clock.sleep(for: wait)
      } catch {
        throw .cancelled
      }
    }
  }
}
