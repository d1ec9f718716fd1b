/// One pending event of the request world: 16 bytes, no references.
public struct RequestEvent: BitwiseCopyable, Sendable {
  /// What happens.
  public enum Kind: UInt8, BitwiseCopyable, Sendable {
    /// An operation begins.
    case start
    /// A client sends its next attempt (after a backoff or a wait for
    /// connectivity).
    case send
    /// A request reaches the server.
    case arrive
    /// The server finishes processing a request (its commit point).
    case complete
    /// A response (or a transport error) reaches the client.
    case respond
    /// A client's timeout for one attempt fires.
    case timeout
  }

  public var kind: Kind
  /// What the message asks: a write, a read or a status query.
  public var message: MessageKind
  /// Transport or HTTP status of a response; flags for other kinds.
  public var status: UInt16
  /// The operation.
  public var operation: UInt32
  /// The operation's message sequence number (1, 2, …): the attempt identity.
  public var sequence: UInt32
  /// A version (conditional writes), a query answer, or a timeout generation.
  public var value: UInt32

  @inlinable
  init(
    _ kind: Kind, operation: UInt32, sequence: UInt32 = 0, message: MessageKind = .write, status: UInt16 = 0,
    value: UInt32 = 0
  ) {
    self.kind = kind
    self.message = message
    self.status = status
    self.operation = operation
    self.sequence = sequence
    self.value = value
  }
}

/// What a request asks of the server.
public enum MessageKind: UInt8, BitwiseCopyable, Sendable {
  case write
  case read
  /// "Was my write applied?" — the careful client's status check.
  case query
}

/// Status codes of responses: HTTP codes, and codes above 1000 for transport
/// errors that never produce an HTTP response.
enum ResponseStatus {
  static let ok: UInt16 = 200
  static let offline: UInt16 = 1001
  static let cannotConnect: UInt16 = 1002
  static let dnsFailure: UInt16 = 1003
  static let connectionLost: UInt16 = 1004

  /// The failure a client sees for a non-2xx status.
  static func failure(_ status: UInt16, retryAfter: UInt64?) -> Failure {
    switch status {
    case offline: return .offline
    case cannotConnect: return .cannotConnect
    case dnsFailure: return .dnsFailure
    case connectionLost: return .connectionLost
    case 409, 412: return .conflict(Int(status))
    case 429: return .throttled(status: 429, retryAfterNanoseconds: retryAfter)
    case 503 where retryAfter != nil: return .throttled(status: 503, retryAfterNanoseconds: retryAfter)
    case 500...: return .server(Int(status))
    default: return .client(Int(status))
    }
  }
}
