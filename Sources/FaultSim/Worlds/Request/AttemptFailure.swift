/// How an attempt failed, as the client observes it (SPEC §4.1).
///
/// The transport classes mirror `URLError` codes (`.timedOut`,
/// `.notConnectedToInternet`, `.networkConnectionLost`, `.cannotConnectToHost`,
/// `.cannotFindHost`); the HTTP classes carry the status code.
public enum AttemptFailure: Hashable, Sendable, CustomStringConvertible {
  /// No response within the timeout. The request may or may not have
  /// arrived: the two worlds look the same from here.
  case timeout
  /// Not connected: the request never left the device.
  case offline
  /// The connection dropped mid-exchange; the request may have arrived.
  case connectionLost
  /// The connection could not be opened: the request was provably never sent.
  case cannotConnect
  /// The host name did not resolve: the request was never sent.
  case dnsFailure
  /// An HTTP 5xx answer (or any status ≥ 500).
  case server(Int)
  /// An HTTP 4xx answer other than 429.
  case client(Int)
  /// HTTP 429, or 503 with a Retry-After: the delay the response asks the
  /// client to wait, when it gives one.
  case throttled(status: Int, retryAfter: VirtualDuration?)
  /// HTTP 409 (the same idempotency key is still being processed: retry
  /// later) or 412 (a conditional write lost to a newer version: re-read).
  case conflict(Int)

  /// Whether retrying can help: timeouts, connectivity failures, 5xx and
  /// throttling are retryable; 4xx are not — the same request gets the same
  /// answer.
  ///
  /// This is a pure function of the failure, as in the seed lesson, which
  /// classifies only the first four classes.
  public var isRetryable: Bool {
    switch self {
    case .timeout, .offline, .connectionLost, .cannotConnect, .dnsFailure, .throttled:
      return true
    case .server(let code):
      return code >= 500
    case .client:
      return false
    case .conflict(let code):
      return code == 409
    }
  }

  /// Whether the failure proves that the server did not apply the request.
  ///
  /// `false` means the outcome is uncertain: a timeout or dropped connection
  /// may hide a request that arrived (seed AG9), and any 5xx — a 503 without
  /// Retry-After included — may come after the commit. A careful client does
  /// not blindly resend a keyless write then. (A 503 with Retry-After is
  /// `throttled`: the server refused before doing anything.)
  public var provesNotApplied: Bool {
    switch self {
    case .offline, .cannotConnect, .dnsFailure, .throttled, .client, .conflict:
      return true
    case .timeout, .connectionLost, .server:
      return false
    }
  }

  /// The failure's kebab-case name, as traces and reports print it: `timeout`,
  /// `connection-lost`, `server-503`.
  public var description: String {
    switch self {
    case .timeout: return "timeout"
    case .offline: return "offline"
    case .connectionLost: return "connection-lost"
    case .cannotConnect: return "cannot-connect"
    case .dnsFailure: return "dns-failure"
    case .server(let code): return "server-\(code)"
    case .client(let code): return "client-\(code)"
    case .conflict(let code): return "conflict-\(code)"
    case .throttled(let status, let delay):
      return delay.map { "throttled-\(status)(retry-after \($0))" }
        ?? "throttled-\(status)"
    }
  }
}
