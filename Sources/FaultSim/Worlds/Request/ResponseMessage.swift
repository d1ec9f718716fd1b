/// A response on its way from the server (or from the client's own
/// transport) to a client: which attempt it answers, its status, and what it
/// says beyond the status — a read's version, a status query's answer, or
/// the Retry-After of a 429 or 503.
///
/// Plain data (24 bytes): it travels inside a `RequestEvent`. The fields
/// are in this order so that the response fills 24 bytes exactly, with the
/// event's case in the spare bits of its tags: the event queue then moves
/// events as whole words (`RequestEventLayout`).
public struct ResponseMessage: BitwiseCopyable, Sendable {
  /// What the response says beyond its status.
  public enum Content: BitwiseCopyable, Hashable, Sendable {
    /// Nothing: a write's acknowledgement, an error without Retry-After, a
    /// transport failure.
    case none
    /// The record's current version (a read under contention).
    case version(UInt32)
    /// Whether the queried write was applied (a status query).
    case writeApplied(Bool)
    /// How long the server asks the client to wait (the Retry-After header
    /// of a 429, or of a 503 from an overloaded server).
    case retryAfter(VirtualDuration)
    // Clocks that disagree:
    /// Retry-After as an HTTP date (`ServerOptions.RetryAfterFormat.httpDate`):
    /// the server's clock's now plus the delay, in whole seconds after the
    /// `HTTPDate` epoch, with the response's `Date` header. The client
    /// turns it into a wait by its own clock or by the `Date` header
    /// (`client.clock.retryAfterBasis`).
    case retryAfterDate(RetryAfterDate)
  }

  /// What the response says beyond its status.
  @usableFromInline package var content: Content
  /// The HTTP status, or the transport failure that stood in for one.
  public var status: ResponseStatus
  /// Which delivery of the request it answers (``RequestMessage/copy``): 0
  /// for the original. Its network draws are keyed by it
  /// (``delivery``), so the answer to a copy has its own fate.
  /// Bit 7 is set when it answers the network's copy of the client's
  /// message at a gateway (``RequestMessage/deliveryCopy``).
  @usableFromInline package var copy: UInt8 = 0
  /// The operation of the request answered.
  public var operation: UInt32
  /// The sequence number of the request answered.
  public var sequence: UInt32

  /// A response; see the properties for each argument.
  @inlinable
  package init(operation: UInt32, sequence: UInt32, status: ResponseStatus, content: Content = .none) {
    self.content = content
    self.status = status
    self.operation = operation
    self.sequence = sequence
  }

  /// The HTTP response with `status` to `request`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(answering request: RequestMessage, status: UInt16, content: Content = .none) {
    self.init(operation: request.operation, sequence: request.sequence, status: .http(status), content: content)
    copy = request.deliveryCopy
  }

  /// The identity of the delivery answered: the message's, and which copy
  /// of it the server saw.
  @inlinable
  package var delivery: DeliveryIdentity {
    DeliveryIdentity(operation: Int(operation), sequence: sequence, copy: copy)
  }

  /// The identity of the message answered: its operation and sequence
  /// number.
  @inlinable
  package var identity: MessageIdentity { MessageIdentity(operation: Int(operation), sequence: sequence) }

  /// The Retry-After the response carries, if any.
  @inlinable
  public var retryAfter: VirtualDuration? {
    if case .retryAfter(let delay) = content { return delay }
    return nil
  }

  /// The failure the client sees, or `nil` for a 2xx. A Retry-After date
  /// is read as no delay here: the client converts it by its own clock
  /// first, when the response reaches it.
  public var failure: AttemptFailure? {
    switch status {
    case .transportFailure(let failure):
      return failure.failure
    case .http(let code):
      switch code {
      case 200..<300: return nil
      case 409, 412: return .conflict(Int(code))
      case 429: return .throttled(status: 429, retryAfter: retryAfter)
      case 503 where content.carriesRetryAfter: return .throttled(status: 503, retryAfter: retryAfter)
      case 500...: return .server(Int(code))
      default: return .client(Int(code))
      }
    }
  }
}

extension ResponseMessage.Content {
  /// Whether the response carries a Retry-After, as a delay or as a date.
  @inlinable
  package var carriesRetryAfter: Bool {
    switch self {
    case .retryAfter, .retryAfterDate: return true
    case .none, .version, .writeApplied: return false
    }
  }
}
