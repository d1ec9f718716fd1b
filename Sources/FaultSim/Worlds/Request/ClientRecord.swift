/// What one operation's client is doing: 64 bytes of plain data, one cache
/// line, reset between runs. The server's side is a ``LedgerEntry``.
struct ClientRecord {
  /// Which exchange the client is in.
  enum Phase: UInt8 {
    case write
    case read
    case query
  }

  /// How the client finished.
  enum Outcome: UInt8, CustomStringConvertible {
    case pending
    case succeeded
    /// Gave up knowing the write was not applied (or a read failed).
    case failed
    /// Gave up not knowing whether the write was applied.
    case uncertain

    /// The case name, without the reflection that plain interpolation of an
    /// enum costs (final states print one per operation).
    var description: String {
      switch self {
      case .pending: "pending"
      case .succeeded: "succeeded"
      case .failed: "failed"
      case .uncertain: "uncertain"
      }
    }
  }

  // Client side.
  var start: UInt64 = 0
  var end: UInt64 = 0
  /// When the awaited attempt times out.
  var deadline: UInt64 = 0
  /// The latest backoff wait, before a retry or a re-read after a 412
  /// (decorrelated jitter continues from it).
  var previousBackoff: UInt64 = 0
  /// Messages sent, all kinds: the next message's sequence number − 1.
  var sequence: UInt32 = 0
  /// The message the client waits for; 0 when none.
  var awaiting: UInt32 = 0
  /// Bumped when a timeout is rescheduled, so the stale one is ignored.
  var timeoutGeneration: UInt32 = 0
  /// The version the client read (conditional writes).
  var knownVersion: UInt32 = 0
  /// Attempts in total, all exchanges (32 bits: with unlimited conflicts a
  /// client on a busy record may send more than 65,535).
  var attempts: UInt32 = 0
  /// 412 conflicts met, all submissions: the ordinal of the wait after the
  /// latest one.
  var conflicts: UInt32 = 0
  /// Attempts in the current exchange (the attempt budget counts these).
  var tries: UInt16 = 0
  var phase: Phase = .write
  var outcome: Outcome = .pending
  /// Whether some write attempt failed ambiguously (it may have applied).
  var sawAmbiguousFailure = false
  /// Whether retries carry a different payload under the same key.
  var payloadChanged = false
  /// Whether a timeout event for the awaited message is pending.
  var timeoutArmed = false
  /// Times the user submitted the operation (the repeat probe submits twice).
  var submissions: UInt8 = 1
}
