/// The app on every device of the background fetch world: the fetch it
/// makes when woken (its request takes a keyed time and may fail), what
/// its completion handler reports, and the content it has — always the
/// first items that appeared on the server — with how stale each was when
/// it arrived.
///
/// A component: it never schedules its own wake-ups (the system does) and
/// reads the server only through what the world hands it.
struct FetchingApp {
  /// One device's app.
  struct Record {
    /// Content items the app has: always the first `delivered` arrivals.
    var delivered = 0
    /// Whether the fetch in progress has a failing request.
    var requestFails = false
  }

  /// How an item reached the app.
  enum Delivery {
    /// A background fetch.
    case backgroundFetch
    /// A refresh when the user opened the app.
    case foregroundRefresh
  }

  /// What the app measured, summed over devices.
  struct Counts {
    var deliveredInBackground: UInt64 = 0
    var deliveredOnOpen: UInt64 = 0
    /// From an item's appearance until the app had it.
    var staleness = DurationHistogram()
    /// The staleness sum in microseconds (see ``BackgroundFetchMetrics``).
    var stalenessTotalMicroseconds: UInt64 = 0
    var opens: UInt64 = 0
    /// Opens at which the app lacked content the server had.
    var staleOpens: UInt64 = 0
  }

  let fetch: BackgroundFetchWorldOptions.Fetch
  /// Per device.
  var records: [Record] = []
  var counts = Counts()

  init(_ options: BackgroundFetchWorldOptions) {
    fetch = options.fetch
  }

  /// Forgets every device, keeping the storage.
  mutating func reset() {
    records.removeAll(keepingCapacity: true)
    counts = Counts()
  }

  /// A new device's app, with no content.
  mutating func addDevice() {
    records.append(Record())
  }

  /// The content items the user's app has.
  func delivered(of user: Int) -> Int { records[user].delivered }

  /// Whether the fetch in progress has a failing request.
  func requestFails(_ user: Int) -> Bool { records[user].requestFails }

  /// The woken app starts fetch number `fetch`: how long its request takes
  /// and whether it fails, drawn by (user, fetch).
  mutating func startFetch(
    _ user: Int, fetch number: UInt32, _ context: inout SimulationContext<BackgroundFetchEvent>
  ) -> (duration: VirtualDuration, fails: Bool) {
    let identity = FetchIdentity(UserIdentity(user: user), fetch: number)
    let duration = VirtualDuration(
      nanoseconds: fetch.duration.sample(
        context.valueWord(DrawKey(identity, BackgroundFetchDraw.fetchDuration.purpose))))
    let fails = context.fault(fetch.failure, DrawKey(identity, BackgroundFetchDraw.fetchFailure.purpose))
    records[user].requestFails = fails
    return (duration, fails)
  }

  /// What the completion handler reports for a fetch whose request
  /// succeeded: new data when it brought items.
  func completionResult(itemsReceived: Int) -> FetchOutcome {
    itemsReceived > 0 ? .newData : .noData
  }

  /// The app receives the server's items before index `end`, recording
  /// how stale each is at `now`.
  ///
  /// - Complexity: O(items received).
  mutating func receive(
    _ user: Int, upTo end: Int, at now: VirtualTime, from server: ContentServer, via delivery: Delivery
  ) throws(SimulationError) {
    let first = records[user].delivered
    var index = first
    while index < end {
      let staleness = now.duration(since: server.arrival(of: index, for: user)).nanoseconds
      counts.staleness.record(staleness)
      counts.stalenessTotalMicroseconds = try BackgroundFetchMetrics.sum(
        counts.stalenessTotalMicroseconds, BackgroundFetchMetrics.microseconds(staleness),
        named: "staleness_total_us")
      index += 1
    }
    records[user].delivered = max(first, end)
    let received = UInt64(max(0, end - first))
    switch delivery {
    case .backgroundFetch: counts.deliveredInBackground &+= received
    case .foregroundRefresh: counts.deliveredOnOpen &+= received
    }
  }

  /// The user opens the app: is its content stale, and (if the app does)
  /// a foreground refresh that always succeeds.
  mutating func open(
    _ user: Int, from server: ContentServer, _ context: inout SimulationContext<BackgroundFetchEvent>
  ) throws(SimulationError) {
    let now = context.now
    counts.opens &+= 1
    let end = server.itemsEnd(for: user, atOrBefore: now, from: records[user].delivered)
    let missing = end - records[user].delivered
    if missing > 0 { counts.staleOpens &+= 1 }
    context.trace(BackgroundFetchWorld.appName(user), "opened by the user", "missing=\(missing)")
    if fetch.foregroundRefreshOnOpen && missing > 0 {
      try receive(user, upTo: end, at: now, from: server, via: .foregroundRefresh)
    }
  }
}
