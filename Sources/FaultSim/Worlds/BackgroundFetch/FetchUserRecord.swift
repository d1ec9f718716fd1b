/// One user's app in the background fetch world: its current fetch
/// interval, its fetches, and how much of the server's content it has.
struct FetchUserRecord {
  /// The interval the system currently applies (ns).
  var interval: UInt64
  /// Fetches started: the next fetch's ordinal.
  var fetches: UInt32 = 0
  /// Content items the app has: always the first `delivered` arrivals.
  var delivered = 0
  /// When the app was last woken, for the wake-gap metric.
  var lastWake: VirtualTime?
  /// The fetch in progress: its run and whether its request fails.
  var run: BackgroundTaskRun?
  var requestFails = false

  init(interval: VirtualDuration) {
    self.interval = interval.nanoseconds
  }
}
