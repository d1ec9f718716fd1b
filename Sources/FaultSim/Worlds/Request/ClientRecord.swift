/// What one operation's client is doing: plain data, made when the
/// operation starts and forgotten once it is folded into the metrics —
/// 64 bytes, one cache line, with the built-in policy's memory.
///
/// The record has two parts, as the client has: the mechanics the
/// ``RequestClient`` keeps for every policy (which message it waits for,
/// its deadline and timeout, how the operation ended), and ``retry``, the
/// memory of the ``ClientPolicy`` that decides what to send next. The
/// server's side is a ``LedgerEntry``.
@usableFromInline
struct ClientRecord<Memory>: RoutedClientRecord {
  /// When the operation started.
  @usableFromInline
  var start = VirtualTime.zero
  /// The operation's requests that are on their way to the server or at
  /// it, not yet answered: while any is, the server may still apply a
  /// write, so the operation cannot be folded into the metrics. The router
  /// keeps the count (it sees both ends); it lives here because the record
  /// has room for it.
  @usableFromInline
  var unansweredRequests: UInt32 = 0
  // Apps killed mid-request: three flags and a counter in the four bytes of
  // padding before `deadline`, so the record stays one cache line.
  /// Whether the awaited message is a write (the only kind an app kill
  /// interrupts and an outbox row stands for).
  @usableFromInline
  var awaitsWrite = false
  /// How many times the app was relaunched during the operation, each
  /// relaunch an outbox resend (``AppOptions/maxResends`` bounds it).
  @usableFromInline
  var relaunches: UInt8 = 0
  /// Whether the outbox marked the operation's row sent
  /// (``AppOptions/MarksSent``): a kill then resends nothing.
  @usableFromInline
  var outboxSent = false
  /// Whether the app was killed during the operation (traces say why an
  /// answer is discarded).
  @usableFromInline
  var killed = false
  /// When the awaited attempt times out.
  @usableFromInline
  var deadline = VirtualTime.zero
  /// Messages sent, all kinds: the latest message's sequence number.
  @usableFromInline
  var sequence: UInt32 = 0
  /// Bumped when a timeout is armed, so a stale one is ignored.
  @usableFromInline
  var timeoutGeneration: UInt32 = 0
  /// Attempts in total, all exchanges (32 bits: with unlimited conflicts a
  /// client on a busy record may send more than 65,535).
  @usableFromInline
  var attempts: UInt32 = 0
  @usableFromInline
  var outcome: ClientOutcome = .pending
  /// Times the user submitted the operation (the repeat probe submits twice).
  @usableFromInline
  var submissions: UInt8 = 1
  /// Whether the client waits for the answer to its latest message
  /// (``sequence``); answers to earlier messages are late.
  @usableFromInline
  var isAwaiting = false
  /// Whether a timeout event for the awaited message is pending.
  @usableFromInline
  var timeoutArmed = false
  /// The policy's memory of the operation.
  @usableFromInline
  var retry: Memory
  /// Whether the app-kill-vs-response race put the pending kill of the
  /// awaited attempt after its answer: the kill then finds nothing in
  /// flight. (Issue 13; in the record's tail padding.)
  @usableFromInline
  var killDeferred = false

  /// A client that has not started, with the policy's initial memory.
  @inlinable
  @inline(__always)
  init(memory: Memory) {
    retry = memory
  }

  /// Whether the app was killed and relaunched during the operation: its
  /// outbox, not the first process, sends from then on.
  @inlinable
  @inline(__always)
  var relaunched: Bool { relaunches > 0 }

  /// Whether the client is done: it ended the operation with an outcome.
  @inlinable
  @inline(__always)
  var isFinished: Bool { outcome != .pending }

  /// Whether the client waits for the answer to message `sequence`.
  @inlinable
  @inline(__always)
  func awaits(_ sequence: UInt32) -> Bool {
    isAwaiting && self.sequence == sequence
  }
}

/// What the built-in ``ClientPolicy`` remembers about one operation: the
/// exchange it is in, the attempts that exchange has spent, the conflicts
/// met, its latest backoff wait and what it knows about its write.
@usableFromInline package struct RetryState: Sendable {
  /// Which exchange the client is in.
  enum Exchange: UInt8 {
    /// Sending the write.
    case write
    /// Reading (a read workload, or a conditional write reading the version).
    case read
    /// Asking whether an ambiguously failed write was applied.
    case query

    /// The kind of message the exchange sends.
    var message: MessageKind {
      switch self {
      case .write: .write
      case .read: .read
      case .query: .query
      }
    }
  }

  /// The latest backoff wait, before a retry or a re-read after a 412
  /// (decorrelated jitter continues from it); zero before the first, and
  /// after a zero wait, when jitter continues from the backoff's base.
  var previousBackoff = VirtualDuration.zero
  /// The version the client read (conditional writes).
  var knownVersion: UInt32 = 0
  /// 412 conflicts met, all submissions: the ordinal of the wait after the
  /// latest one.
  var conflicts: UInt32 = 0
  /// Attempts in the current exchange (the attempt budget counts these).
  var tries: UInt16 = 0
  var exchange: Exchange = .write
  /// Whether some write attempt failed ambiguously (it may have applied).
  var sawAmbiguousFailure = false
  /// The body retries carry: a changed one stays changed.
  var payload: PayloadDigest = .original
}
