import FaultSim

/// Places orders with `POST /orders` and an `Idempotency-Key`, retried
/// when it times out — and records every order once.
///
/// **The fix.** The order carries a key made once, when the order was
/// created (``Order/idempotencyKey``), and every attempt to place it sends
/// that same key. A server that honours keys records the first request
/// that reaches it and answers a repeat of the key with the stored result
/// (or 409 while the first is still being processed, which is retried).
/// So a timeout can be retried blindly: if the request had arrived, the
/// retry only fetches its answer. A key made per attempt would fix
/// nothing.
///
/// ``NaiveCheckoutClient`` is this code before the fix; the two files
/// differ only where the fix is.
public struct CheckoutClient<Transport: HTTPTransport, C: Clock<Duration>>: Sendable {
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
  ///   when an attempt may have been recorded: placing the same order
  ///   again later (the same key) is then safe.
  public func placeOrder(
    _ order: Order, using random: inout some RandomNumberGenerator
  ) async throws(CheckoutError) -> OrderConfirmation {
    var mayHaveBeenRecorded = false
    var attempt = 0
    while true {
      attempt += 1
      let failure: AttemptError
      do {
        // The fix: the order's own key, the same on every attempt.
        let response = try await transport.send(
          TransportRequest(
            method: "POST", path: "/orders",
            headers: ["Content-Type": "application/json", "Idempotency-Key": order.idempotencyKey],
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
