/// What the built-in handler's ledger holds for one operation: how often
/// its write was applied, and the result stored under its idempotency key.
/// Plain data (14 bytes: a `ServerRecord` fills the rest of its 16 with
/// the server's own counts), reset between runs.
public struct LedgerEntry: Sendable {
  /// When the key's result was stored.
  var keyStoredAt = VirtualTime.zero
  /// Times the server applied the write.
  var applied: UInt16 = 0
  /// The status stored under the key, 0 when none (no HTTP status is 0):
  /// a plain `UInt16` rather than an optional, so the entry keeps a byte
  /// for ``keyMissesFailover``.
  var storedStatusCode: UInt16 = 0
  /// The digest of the body the stored result was for.
  var storedPayload: PayloadDigest = .original
  /// Whether the next restart after the key was stored came before the
  /// key reached replica 0 (a `replicated` key store): the failover loses
  /// it. Decided when the key is stored.
  var keyMissesFailover = false

  /// The status stored under the operation's idempotency key, replayed for
  /// a repeat; `nil` when no result is stored.
  var storedStatus: UInt16? {
    get { storedStatusCode == 0 ? nil : storedStatusCode }
    set { storedStatusCode = newValue ?? 0 }
  }
}
