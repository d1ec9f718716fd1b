/// The writes of one operation the server is processing now (its
/// mechanics, whatever the handler): how many, and when the latest commits.
/// Plain data (16 bytes), reset between runs.
struct WritesInFlight {
  /// When the latest in-flight write's processing ends.
  var until = VirtualTime.zero
  /// Writes being processed now.
  var count: UInt16 = 0
}
