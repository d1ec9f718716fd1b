/// What the server's ledger holds for one operation: how often its write
/// was applied, whether a request for it is being processed, and the result
/// stored under its idempotency key. Plain data, reset between runs.
struct LedgerEntry {
  /// Times the server applied the write.
  var applied: UInt16 = 0
  /// Requests of this operation being processed now.
  var inFlight: UInt16 = 0
  /// The stored result for the operation's idempotency key; 0 when none.
  var keyStatus: UInt16 = 0
  /// Whether the stored result was for the changed payload.
  var keyPayloadChanged = false
  /// When the latest in-flight request's processing ends.
  var inFlightUntil: UInt64 = 0
  /// When the key's result was stored.
  var keyStoredAt: UInt64 = 0
}
