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
  @usableFromInline package var ifMatch: UInt32
  /// What the request asks: a write, a read or a status query.
  public var kind: MessageKind
  /// The idempotency key the write carries: none, the operation's own (the
  /// same on every retry and resubmission), or one made for this attempt.
  public var key: IdempotencyKey
  /// The body's digest and whether this is the network's copy of the
  /// client's message (``Marks``): one byte, so the message stays 16 bytes.
  @usableFromInline package var marks: Marks
  /// Which delivery of the client's message this is, and whether the
  /// server already held it back (``Transit``): one byte, so the message
  /// stays 16 bytes.
  @usableFromInline package var transit: Transit

  /// A request; see the properties for each argument.
  @inlinable
  package init(
    operation: UInt32, sequence: UInt32, kind: MessageKind, key: IdempotencyKey = .none,
    payload: PayloadDigest = .original, ifMatch: UInt32 = 0, heldUntilCommit: Bool = false
  ) {
    self.operation = operation
    self.sequence = sequence
    self.ifMatch = ifMatch
    self.kind = kind
    self.key = key
    self.marks = Marks(payload: payload)
    self.transit = Transit(copy: 0, heldUntilCommit: heldUntilCommit)
  }

  /// Whether the server already held this arrival back until the commit of
  /// the attempt it repeats (the retry-vs-commit race), so it is not held
  /// twice.
  @inlinable
  package var heldUntilCommit: Bool {
    get { transit.heldUntilCommit }
    set { transit.heldUntilCommit = newValue }
  }

  /// Which delivery of the client's message this is: 0 for the message as
  /// the client sent it; a copy the network delivered again, or a retry an
  /// intermediary sent on its own, counts up. The server's draws about a
  /// copy are its own (``delivery``), so a duplicate is not a replay of the
  /// original's luck.
  @inlinable
  package var copy: UInt8 {
    get { transit.copy }
    set { transit.copy = newValue }
  }

  /// The digest of the request body: a server that honours keys compares it
  /// with the one stored under the key (422 when they differ).
  @inlinable
  package var payload: PayloadDigest {
    get { marks.payload }
    set { marks.payload = newValue }
  }

  /// 1 for the copy of the client's message that the network delivered a
  /// second time to a gateway, which takes it as a request of its own; 0
  /// otherwise. Without a gateway a network copy reaches the server as
  /// ``copy`` 1 instead: there is no try to number, and its draws stay
  /// those of a world without gateways.
  @inlinable
  package var networkCopy: UInt8 {
    get { marks.networkCopy }
    set { marks.networkCopy = newValue }
  }

  /// Whether the write carries its operation's own key (``IdempotencyKey/stable``):
  /// the only key a server can recognise on a retry.
  @inlinable
  package var carriesKey: Bool { key == .stable }

  /// The message's identity: its operation and sequence number.
  @inlinable
  package var identity: MessageIdentity { MessageIdentity(operation: Int(operation), sequence: sequence) }

  /// This delivery's identity: the message's, and which copy of it this is.
  /// What the server's draws about the request are keyed by.
  @inlinable
  package var delivery: DeliveryIdentity {
    DeliveryIdentity(operation: Int(operation), sequence: sequence, copy: copy, networkCopy: networkCopy)
  }

  /// The body's digest and the network-copy mark, packed in one byte.
  @usableFromInline package struct Marks: BitwiseCopyable, Sendable, Equatable {
    /// Bit 0: the body changed; bit 1: the network's copy at a gateway.
    @usableFromInline
    var bits: UInt8

    /// The marks of a message with body `payload`, not a network copy.
    @inlinable
    package init(payload: PayloadDigest) {
      bits = payload == .changed ? 1 : 0
    }

    /// The body's digest.
    @inlinable
    package var payload: PayloadDigest {
      get { bits & 1 == 0 ? .original : .changed }
      set { bits = (bits & ~1) | (newValue == .changed ? 1 : 0) }
    }

    /// 1 for the network's copy of the client's message at a gateway, else 0.
    @inlinable
    package var networkCopy: UInt8 {
      get { (bits >> 1) & 1 }
      set { bits = (bits & ~2) | ((newValue & 1) << 1) }
    }
  }

  /// Which delivery of a message a request is, and whether the server held
  /// it back: packed in one byte.
  @usableFromInline package struct Transit: BitwiseCopyable, Sendable, Equatable {
    /// Bit 7: held until commit; bits 0–6: the copy.
    @usableFromInline
    var bits: UInt8

    /// Copy `copy` (0…127; larger values are kept modulo 128), held or not.
    @inlinable
    package init(copy: UInt8, heldUntilCommit: Bool) {
      bits = (copy & 0x7F) | (heldUntilCommit ? 0x80 : 0)
    }

    /// Which delivery of the message this is (0…127).
    @inlinable
    package var copy: UInt8 {
      get { bits & 0x7F }
      set { bits = (bits & 0x80) | (newValue & 0x7F) }
    }

    /// Whether the server already held it back until a commit.
    @inlinable
    package var heldUntilCommit: Bool {
      get { bits & 0x80 != 0 }
      set { bits = newValue ? bits | 0x80 : bits & 0x7F }
    }
  }
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
/// the same key (`ClientOptions.payloadChangesOnRetry`).
public enum PayloadDigest: UInt8, BitwiseCopyable, Sendable {
  /// The operation's first body.
  case original
  /// A different body under the same key.
  case changed
}
