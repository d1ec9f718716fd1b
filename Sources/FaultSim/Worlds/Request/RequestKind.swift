/// What an operation asks of the server, which decides whether repeating it
/// is safe (seed 004, "reads and writes").
public enum RequestKind: String, CaseIterable, Hashable, Sendable {
  /// A read (GET): safe to repeat, never adds to the ledger.
  case read
  /// An idempotent write (PUT to the resource's URI): repeating it sets the
  /// same state again, so it never duplicates.
  case idempotentWrite = "idempotent-write"
  /// A write carrying an idempotency key: safe to repeat when the server
  /// honours the key.
  case keyedWrite = "keyed-write"
  /// A write without a key (POST): every application records a new entry.
  case keylessWrite = "keyless-write"

  /// Whether a second application creates a second record.
  @usableFromInline package var duplicatesWhenRepeated: Bool {
    self == .keyedWrite || self == .keylessWrite
  }

  /// Whether the server records anything.
  @usableFromInline package var isWrite: Bool { self != .read }
}
