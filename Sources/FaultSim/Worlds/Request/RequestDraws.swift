/// The request world's draw purposes, in one place; the raw values are part
/// of the determinism contract (renumbering one changes every result that
/// uses it).
public enum RequestDraw: UInt64, DrawPurposeSet {
  // Arrivals (a timeline drawn up front, by operation).
  /// When the operation starts (its gap in the arrival process).
  case arrival = 0x5201
  // The network, by message.
  /// Whether a request is lost on the way to the server (a fault).
  case requestLoss = 0x5202
  /// Whether the server's response is lost on the way back (a fault).
  case responseLoss = 0x5203
  /// The one-way latency of a request.
  case latencyUp = 0x5204
  /// The one-way latency of a response.
  case latencyDown = 0x5205
  /// Whether the client cannot connect, the request provably never sent (a fault).
  case cannotConnect = 0x5208
  /// Whether the host name does not resolve (a fault).
  case dnsFailure = 0x5209
  /// Whether the connection drops after the request arrived (a fault).
  case connectionLost = 0x520A
  /// Whether a request is lost to the burst state of the channel (a fault).
  case burstRequestLoss = 0x5210
  /// Whether a response is lost to the burst state of the channel (a fault).
  case burstResponseLoss = 0x5211
  // The client, by message.
  /// The random word of the wait before a retry.
  case backoff = 0x5206
  /// Whether a retried keyed write carries a different payload (a client bug; a fault).
  case payloadChange = 0x520F
  // The client, by operation and conflict: the wait after its n-th 412.
  /// The random word of the wait before re-reading after a 412 conflict.
  case conflictBackoff = 0x5212
  // The server, by message.
  /// How long the server takes to process a request.
  case processing = 0x5207
  /// Whether the server fails before committing the write (a fault).
  case failureBeforeCommit = 0x520B
  /// Whether the server commits the write, then fails (a fault).
  case failureAfterCommit = 0x520C
  /// Whether the server rejects the request permanently (a fault).
  case rejection = 0x520D
  /// Whether the server throttles the request with 429 (a fault).
  case throttling = 0x520E
  // Races, by message.
  /// The race of a response with its attempt's timeout.
  case responseVsTimeout = 0x5301
  /// The race of a retry with the commit of the attempt it repeats.
  case retryVsCommit = 0x5302
  /// The race of a retry with its idempotency key's expiry.
  case retryVsKeyExpiry = 0x5303
  // Issue 13, clocks that disagree:
  /// A device's clock offset within `client.clock.spread`, by operation.
  case clientClockOffset = 0x5258
  /// Whether the client judged a Retry-After date by its own, skewed clock
  /// where agreeing clocks would have waited differently (a fault with
  /// probability 1, so the shrinker can take the skew away), by the
  /// response's delivery.
  case skewedRetryAfter = 0x5259

  public static var owner: String { "request" }

  /// What the purpose's draws decide.
  public var role: DrawRole {
    switch self {
    case .arrival: .timeline
    case .latencyUp, .latencyDown, .backoff, .conflictBackoff, .processing: .value
    case .responseVsTimeout, .retryVsCommit, .retryVsKeyExpiry: .race
    case .requestLoss, .responseLoss, .cannotConnect, .dnsFailure, .connectionLost, .burstRequestLoss,
      .burstResponseLoss, .payloadChange, .failureBeforeCommit, .failureAfterCommit, .rejection, .throttling:
      .fault
    case .clientClockOffset: .value
    case .skewedRetryAfter: .fault
    }
  }
}

/// An operation of the workload (an order), by its number: the draws made
/// once per operation, such as its start time.
public struct OperationIdentity: DrawIdentity {
  /// The operation's number in the workload, `0 ..< operations`.
  public var operation: Int

  /// The identity of operation `operation`'s draws.
  @inlinable
  public init(operation: Int) {
    self.operation = operation
  }

  @inlinable public var entity: UInt64 { UInt64(operation) }
  @inlinable public var occurrence: UInt64 { 0 }
}

/// One message of one operation: the n-th request the operation's client
/// sent (reads, writes and queries share one sequence), and the server's
/// answer to it. The sequence is the operation's own count, so it depends
/// on that operation's history alone.
public struct MessageIdentity: DrawIdentity {
  /// The operation's number in the workload, `0 ..< operations`.
  public var operation: Int
  /// The message's sequence number within its operation, from 1.
  public var sequence: UInt32

  /// The identity of message `sequence` of operation `operation`.
  @inlinable
  public init(operation: Int, sequence: UInt32) {
    self.operation = operation
    self.sequence = sequence
  }

  @inlinable public var entity: UInt64 { UInt64(operation) }
  @inlinable public var occurrence: UInt64 { UInt64(sequence) }
}

/// One delivery of one message: the message as the client sent it (copy
/// 0) or a copy of it — delivered twice by the network, or sent again by an
/// intermediary on its own. Copy 0 has the ``MessageIdentity``'s keys, so
/// a world without copies draws as before; each copy draws anew.
public struct DeliveryIdentity: DrawIdentity {
  /// The operation's number in the workload, `0 ..< operations`.
  public var operation: Int
  /// The message's sequence number within its operation, from 1.
  public var sequence: UInt32
  /// Which delivery: 0 the original, then 1, 2, …
  public var copy: UInt8

  /// The identity of copy `copy` of message `sequence` of `operation`.
  @inlinable
  public init(operation: Int, sequence: UInt32, copy: UInt8) {
    self.operation = operation
    self.sequence = sequence
    self.copy = copy
  }

  @inlinable public var entity: UInt64 { UInt64(operation) }
  @inlinable public var occurrence: UInt64 { UInt64(sequence) | UInt64(copy) << 32 }
}

/// One 412 conflict of one operation: the n-th time its conditional write
/// found a newer version, counted over the operation's whole life (all its
/// submissions). The count is the operation's own, so it depends on that
/// operation's history alone.
public struct ConflictIdentity: DrawIdentity {
  /// The operation's number in the workload, `0 ..< operations`.
  public var operation: Int
  /// Which conflict of the operation, from 1.
  public var conflict: UInt32

  /// The identity of operation `operation`'s `conflict`-th 412.
  @inlinable
  public init(operation: Int, conflict: UInt32) {
    self.operation = operation
    self.conflict = conflict
  }

  @inlinable public var entity: UInt64 { UInt64(operation) }
  @inlinable public var occurrence: UInt64 { UInt64(conflict) }
}

extension RequestDraw {
  /// The key of this decision about `message`: "op 17, backoff, message
  /// 2". What a ``ClientPolicy`` or a ``RequestHandler`` of your own draws
  /// with, so that its draws are keyed as the built-in ones are.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func key(_ message: MessageIdentity) -> DrawKey {
    DrawKey(message, purpose)
  }

  /// The key of this decision about one delivery of a message
  /// (``DeliveryIdentity``): copy 0 has the message's own key.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func key(_ delivery: DeliveryIdentity) -> DrawKey {
    DrawKey(delivery, purpose)
  }

  /// The key of the wait after `conflict`'s 412 (``ConflictIdentity``).
  ///
  /// - Complexity: O(1).
  @inlinable
  public func key(_ conflict: ConflictIdentity) -> DrawKey {
    DrawKey(conflict, purpose)
  }

  /// The key of this decision about message `sequence` of `operation`:
  /// "op 17, request loss, message 2".
  @inlinable
  func key(_ operation: Int, _ sequence: UInt32) -> DrawKey {
    DrawKey(MessageIdentity(operation: operation, sequence: sequence), purpose)
  }

  /// The key of the wait after an operation's `conflict`-th 412: "op 17,
  /// conflict backoff, conflict 3", whatever else happened in between.
  @inlinable
  static func conflictBackoffKey(_ operation: Int, conflict: UInt32) -> DrawKey {
    DrawKey(ConflictIdentity(operation: operation, conflict: conflict), RequestDraw.conflictBackoff.purpose)
  }
}
