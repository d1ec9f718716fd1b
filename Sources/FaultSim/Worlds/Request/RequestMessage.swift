/// A request on its way from a client to the server: what it asks, and the
/// headers the server's decisions depend on — the idempotency key, the
/// payload's digest and the version a conditional write expects.
///
/// Plain data (16 bytes): it travels inside a `RequestEvent`.
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
  /// Which delivery of the client's message this is (``Transit``): one
  /// byte, so the message stays 16 bytes.
  @usableFromInline package var transit: Transit
  /// The body's digest and whether the server already held this arrival
  /// back (``Marks``): one byte.
  @usableFromInline package var marks: Marks

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
    self.transit = Transit(bits: 0)
    self.marks = Marks(payload: payload, heldUntilCommit: heldUntilCommit)
  }

  /// Whether the server already held this arrival back until the commit of
  /// the attempt it repeats (the retry-vs-commit race), so it is not held
  /// twice.
  @inlinable
  package var heldUntilCommit: Bool {
    get { marks.heldUntilCommit }
    set { marks.heldUntilCommit = newValue }
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
    get { transit.networkCopy }
    set { transit.networkCopy = newValue }
  }

  /// Whether the write carries its operation's own key (``IdempotencyKey/stable``):
  /// the only key a server can recognise on a retry.
  @inlinable
  package var carriesKey: Bool { key == .stable }

  /// The message's identity: its operation and sequence number.
  @inlinable
  package var identity: MessageIdentity { MessageIdentity(operation: Int(operation), sequence: sequence) }

  /// The delivery byte its draws are keyed by (``DeliveryIdentity/copy``):
  /// the copy, and bit 7 for the network's copy at a gateway.
  @inlinable
  package var deliveryCopy: UInt8 { transit.bits }

  /// This delivery's identity: the message's, and which copy of it this is.
  /// What the server's draws about the request are keyed by.
  @inlinable
  package var delivery: DeliveryIdentity {
    DeliveryIdentity(operation: Int(operation), sequence: sequence, copy: transit.bits)
  }

  /// Which delivery of a message a request is, packed in one byte: bits
  /// 0–6 the copy, bit 7 the network's copy at a gateway. The byte is the
  /// ``DeliveryIdentity/copy`` its draws are keyed by, as it is.
  @usableFromInline package struct Transit: BitwiseCopyable, Sendable, Equatable {
    /// Bit 7: the network's copy at a gateway; bits 0–6: the copy.
    @usableFromInline
    var bits: UInt8

    /// The delivery `bits`.
    @inlinable
    package init(bits: UInt8) {
      self.bits = bits
    }

    /// Which delivery of the message this is (0…127; larger values are
    /// kept modulo 128).
    @inlinable
    package var copy: UInt8 {
      get { bits & 0x7F }
      set { bits = (bits & 0x80) | (newValue & 0x7F) }
    }

    /// 1 for the network's copy of the client's message at a gateway, else 0.
    @inlinable
    package var networkCopy: UInt8 {
      get { bits >> 7 }
      set { bits = (bits & 0x7F) | (newValue << 7) }
    }
  }

  /// The body's digest and whether the server held the arrival back,
  /// packed in one byte.
  @usableFromInline package struct Marks: BitwiseCopyable, Sendable, Equatable {
    /// Bit 0: the body changed; bit 1: held until a commit; bits 2–4: a
    /// routed request, whether it writes and is not idempotent, and
    /// whether it writes at all (``isRouted``).
    @usableFromInline
    var bits: UInt8

    /// The marks of a message with body `payload`, held or not.
    @inlinable
    package init(payload: PayloadDigest, heldUntilCommit: Bool) {
      bits = (payload == .changed ? 1 : 0) | (heldUntilCommit ? 2 : 0)
    }

    /// The body's digest.
    @inlinable
    package var payload: PayloadDigest {
      get { bits & 1 == 0 ? .original : .changed }
      set { bits = (bits & ~1) | (newValue == .changed ? 1 : 0) }
    }

    /// Whether the server already held it back until a commit.
    @inlinable
    package var heldUntilCommit: Bool {
      get { bits & 2 != 0 }
      set { bits = newValue ? bits | 2 : bits & ~2 }
    }

    /// Bit 2: a request of your code for a route other than the operation's
    /// order (``RouteServer`` answers it; the server's per-operation
    /// bookkeeping skips it).
    @inlinable
    package var isRouted: Bool {
      get { bits & 4 != 0 }
      set { bits = newValue ? bits | 4 : bits & ~4 }
    }

    /// Bit 3: such a request writes and is not idempotent, so an
    /// intermediary must not retry it as if it were.
    @inlinable
    package var isRoutedWrite: Bool {
      get { bits & 8 != 0 }
      set { bits = newValue ? bits | 8 : bits & ~8 }
    }

    /// Bit 4: such a request writes, idempotently or not (a write route's
    /// or an idempotent write route's; a `POST`, `PUT`, `PATCH` or `DELETE`
    /// to your server): the server counts it in `write_calls`.
    @inlinable
    package var isRoutedWriteCall: Bool {
      get { bits & 16 != 0 }
      set { bits = newValue ? bits | 16 : bits & ~16 }
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
