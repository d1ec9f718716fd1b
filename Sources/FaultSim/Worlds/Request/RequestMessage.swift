/// A request on its way from a client to the server: what it asks, and the
/// headers the server's decisions depend on — the idempotency key, the
/// payload's digest and the version a conditional write expects.
///
/// Plain data (16 bytes): it travels inside a ``RequestEvent``.
public struct RequestMessage: BitwiseCopyable, Sendable {
  /// The operation (the order) the request belongs to.
  public var operation: UInt32
  /// The operation's message sequence number (1, 2, …): the attempt's
  /// identity, which every draw about this message is keyed by.
  public var sequence: UInt32
  /// The record version the client read, sent as `If-Match` by a
  /// conditional write (contention); 0 before any read.
  public var ifMatch: UInt32
  /// What the request asks: a write, a read or a status query.
  public var kind: MessageKind
  /// The idempotency key the write carries: none, the operation's own (the
  /// same on every retry and resubmission), or one made for this attempt.
  public var key: IdempotencyKey
  /// The digest of the request body: a server that honours keys compares it
  /// with the one stored under the key (422 when they differ).
  public var payload: PayloadDigest
  /// Whether the server already held this arrival back until the commit of
  /// the attempt it repeats (the retry-vs-commit race), so it is not held
  /// twice.
  public var heldUntilCommit: Bool

  /// A request; see the properties for each argument.
  @inlinable
  public init(
    operation: UInt32, sequence: UInt32, kind: MessageKind, key: IdempotencyKey = .none,
    payload: PayloadDigest = .original, ifMatch: UInt32 = 0, heldUntilCommit: Bool = false
  ) {
    self.operation = operation
    self.sequence = sequence
    self.ifMatch = ifMatch
    self.kind = kind
    self.key = key
    self.payload = payload
    self.heldUntilCommit = heldUntilCommit
  }

  /// Whether the write carries its operation's own key (``IdempotencyKey/stable``):
  /// the only key a server can recognise on a retry.
  @inlinable
  public var carriesKey: Bool { key == .stable }

  /// The message's identity: its operation and sequence number.
  @inlinable
  public var identity: MessageIdentity { MessageIdentity(operation: Int(operation), sequence: sequence) }
}

/// What a request asks of the server.
public enum MessageKind: UInt8, BitwiseCopyable, Sendable {
  /// A write (POST or PUT): the ledger may apply it.
  case write
  /// A read (GET); under contention it returns the record's version.
  case read
  /// "Was my write applied?" — the careful client's status check.
  case query
}

/// Which body a write carries, as a server that compares bodies sees it: a
/// retry normally repeats the first body; a client bug may change it under
/// the same key (``ClientOptions/payloadChangesOnRetry``).
public enum PayloadDigest: UInt8, BitwiseCopyable, Sendable {
  /// The operation's first body.
  case original
  /// A different body under the same key.
  case changed
}
