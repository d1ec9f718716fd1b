/// What the server keeps for one operation: its handler's entry (the
/// built-in's ``LedgerEntry``) and, next to it, the mechanics' own
/// bookkeeping — how many of the operation's writes are being processed and
/// when the latest commits.
///
/// One record, not two arrays: a request touches both halves, and keeping
/// them together costs one cache line per request instead of two
/// (measured: a miss more per request with the halves apart). With the
/// built-in entry (14 bytes, 16 with padding) the record is 24 bytes, as
/// the in-flight counts fill the entry's padding.
@usableFromInline
struct ServerRecord<Entry> {
  /// The handler's entry for the operation.
  @usableFromInline
  var entry: Entry
  /// Writes of the operation being processed now.
  @usableFromInline
  var writesInFlight: UInt16 = 0
  /// When the latest in-flight write's processing ends.
  @usableFromInline
  var commitsAt = VirtualTime.zero

  /// A record holding `entry`, with nothing in flight.
  @inlinable
  init(entry: Entry) {
    self.entry = entry
  }
}
