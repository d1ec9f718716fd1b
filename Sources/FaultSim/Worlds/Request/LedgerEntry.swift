/// What the server holds for one operation: how often its write was
/// applied, whether a request for it is being processed, and the result
/// stored under its idempotency key. Plain data (24 bytes), reset between
/// runs.
struct LedgerEntry {
  /// Times the server applied the write.
  var applied: UInt16 = 0
  /// Writes of this operation being processed now.
  var inFlight: UInt16 = 0
  /// The status stored under the operation's idempotency key, replayed for
  /// a repeat; `nil` when no result is stored.
  var storedStatus: UInt16?
  /// The digest of the body the stored result was for.
  var storedPayload: PayloadDigest = .original
  /// When the latest in-flight write's processing ends.
  var inFlightUntil = VirtualTime.zero
  /// When the key's result was stored.
  var keyStoredAt = VirtualTime.zero
}
