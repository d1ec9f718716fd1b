import FaultSim

/// What went wrong with one attempt to place an order: no response at all,
/// or a response that is not a success. Both checkout clients classify
/// attempts the same way; what they send differs.
public enum AttemptError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No response: the transport's error (`URLError`'s code of the same
  /// name in the app).
  case transport(TransportError.Code)
  /// A response with a status that is not 2xx, and its `Retry-After`.
  case status(Int, retryAfter: Duration?)

  /// The attempt's error, from what `HTTPTransport.send` threw or
  /// returned.
  init(_ response: TransportResponse) {
    self = .status(response.status, retryAfter: response.retryAfter)
  }

  /// The wait the server asked for, if any.
  public var retryAfter: Duration? {
    if case .status(_, let retryAfter) = self { return retryAfter }
    return nil
  }

  /// Whether sending the same request again can succeed: every transport
  /// error, 408, 409 (the same idempotency key is still being processed),
  /// 429 and 5xx. Other 4xx get the same answer however often they are
  /// sent.
  ///
  /// Retryable is not the same as safe to retry: see
  /// ``mayHaveBeenRecorded``.
  public var isRetryable: Bool {
    switch self {
    case .transport: true
    case .status(let status, _): status == 408 || status == 409 || status == 429 || status >= 500
    }
  }

  /// Whether the server may have recorded the order although this attempt
  /// failed: a timeout or a dropped connection may hide a request that
  /// arrived and a response that was lost, a 5xx may come after the
  /// commit, and a 409 says an earlier request with the same key is being
  /// processed. A request that was never sent, a 429 and a 503 with
  /// `Retry-After` (refused before any work) and other 4xx were not
  /// recorded.
  public var mayHaveBeenRecorded: Bool {
    switch self {
    case .transport(let code):
      !TransportError(code).provesNotSent
    case .status(let status, let retryAfter):
      status == 409 || (status >= 500 && !(status == 503 && retryAfter != nil))
    }
  }

  /// `timedOut`, `503 (Retry-After: 2s)`.
  public var description: String {
    switch self {
    case .transport(let code): code.rawValue
    case .status(let status, nil): "\(status)"
    case .status(let status, let retryAfter?): "\(status) (Retry-After: \(retryAfter.milliseconds)ms)"
    }
  }
}

/// Why an order was not confirmed: what the app tells the user.
public enum CheckoutError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The server declined the order (a 4xx such as 400 or 422): placing it
  /// again gets the same answer. "Something is wrong with your order."
  case rejected(status: Int)
  /// The order was not placed: no attempt reached the server's ledger (the
  /// device was offline, the server refused with 429 or 503 and
  /// `Retry-After` every time). Trying again later is safe.
  case notPlaced(attempts: Int, last: AttemptError)
  /// The client gave up without knowing whether the server recorded the
  /// order: an attempt timed out, lost its connection or got a 5xx. "We're
  /// checking your order" — not "it failed", because it may have gone
  /// through. With an idempotency key, placing the same order again is
  /// safe; without one it may record it twice.
  case outcomeUnknown(attempts: Int, last: AttemptError)
  /// The task placing the order was cancelled (the user left the screen).
  case cancelled

  /// `outcome unknown after 3 attempts (last: timedOut)`.
  public var description: String {
    switch self {
    case .rejected(let status): "rejected (\(status))"
    case .notPlaced(let attempts, let last): "not placed after \(attempts) attempts (last: \(last))"
    case .outcomeUnknown(let attempts, let last): "outcome unknown after \(attempts) attempts (last: \(last))"
    case .cancelled: "cancelled"
    }
  }
}

extension Duration {
  /// Whole milliseconds, rounded down, for log lines.
  var milliseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1000 + attoseconds / 1_000_000_000_000_000
  }
}
