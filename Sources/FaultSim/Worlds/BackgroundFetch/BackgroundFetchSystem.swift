/// The system's side of legacy background fetch on every device: when to
/// wake each app (no earlier than its current interval after the last
/// fetch, then when the ``BackgroundTaskScheduler`` model says), how long
/// a fetch may run, and how what the app reports changes the interval
/// (``FetchIntervalRule``).
///
/// A component: the world asks it for the next wake, tells it when it
/// woke the app and how the fetch ended; it never looks at the app's
/// content or at the server.
struct BackgroundFetchSystem {
  /// One device's fetch schedule.
  struct Schedule {
    /// The interval the system currently applies.
    var interval: VirtualDuration
    /// Fetches started: the next fetch's number.
    var fetches: UInt32 = 0
    /// When the app was last woken, for the wake-gap metric.
    var lastWake: VirtualTime?
    /// The fetch in progress.
    var run: BackgroundTaskRun?
  }

  /// What the system measured, summed over devices.
  struct Counts {
    var wakeUps: UInt64 = 0
    var newData: UInt64 = 0
    var noData: UInt64 = 0
    /// Kills included.
    var failed: UInt64 = 0
    var killed: UInt64 = 0
    /// Background time given to fetches (ns).
    var backgroundRuntime: UInt64 = 0
    var wakeGaps = DurationHistogram()
    /// The wake gaps' sum in microseconds (see ``BackgroundFetchMetrics``).
    var wakeGapTotalMicroseconds: UInt64 = 0
  }

  /// When the system means to wake an app next.
  struct NextWake {
    /// No earlier than this: the last fetch plus the interval.
    var earliest: VirtualTime
    /// When the scheduler runs it; `nil`: not before the horizon.
    var runTime: VirtualTime?
  }

  let scheduler: BackgroundTaskScheduler
  let rule: FetchIntervalRule
  /// Whether a wake waits for the device to be online.
  let wakesOnlyWhenOnline: Bool
  /// Per device.
  var schedules: [Schedule] = []
  var counts = Counts()

  init(_ options: BackgroundFetchWorldOptions) {
    scheduler = BackgroundTaskScheduler(options.scheduler)
    rule = options.fetch.interval
    wakesOnlyWhenOnline = options.fetch.wakeOnlyWhenOnline
  }

  /// Forgets every device, keeping the storage.
  mutating func reset() {
    schedules.removeAll(keepingCapacity: true)
    counts = Counts()
  }

  /// A new device, at the app's minimum interval.
  mutating func addDevice() {
    schedules.append(Schedule(interval: rule.minimum))
  }

  /// The device's current interval.
  func interval(of user: Int) -> VirtualDuration { schedules[user].interval }

  /// The fetches the system started on the device.
  func fetches(of user: Int) -> UInt32 { schedules[user].fetches }

  /// When the user's fetch number `fetch` runs: no earlier than the
  /// interval after `lastFetch`, then the scheduler's rule (keyed by the
  /// fetch number).
  ///
  /// - Returns: `nil` when the earliest time is beyond the clock.
  func nextWake(
    for user: Int, fetch: UInt32, after lastFetch: VirtualTime, submittedAt now: VirtualTime,
    in conditions: DeviceConditions, random: KeyedRandom
  ) -> NextWake? {
    guard let earliest = try? lastFetch.advanced(by: schedules[user].interval) else { return nil }
    var request = BackgroundTaskRequest.appRefresh(BackgroundFetchWorld.fetchIdentifier, earliestBeginDate: earliest)
    request.requiresNetworkConnectivity = wakesOnlyWhenOnline
    let runTime = scheduler.runTime(
      for: request, submittedAt: now, in: conditions, random: random, user: UserIdentity(user: user),
      submission: UInt64(fetch))
    return NextWake(earliest: earliest, runTime: runTime)
  }

  /// The system wakes the app for fetch number `fetch`.
  mutating func wake(_ user: Int, fetch: UInt32, at now: VirtualTime) throws(SimulationError) {
    schedules[user].fetches = fetch &+ 1
    counts.wakeUps &+= 1
    if let last = schedules[user].lastWake {
      let gap = now.duration(since: last).nanoseconds
      counts.wakeGaps.record(gap)
      counts.wakeGapTotalMicroseconds = try BackgroundFetchMetrics.sum(
        counts.wakeGapTotalMicroseconds, BackgroundFetchMetrics.microseconds(gap), named: "wake_gap_total_us")
    }
    schedules[user].lastWake = now
  }

  /// Runs the woken app's fetch, whose request takes `work`: as a refresh
  /// task that needs the network (losing it ends the request; the time
  /// limit kills the app); woken offline, it fails at once.
  mutating func startRun(
    _ user: Int, work: VirtualDuration, at now: VirtualTime, in conditions: DeviceConditions
  ) -> BackgroundTaskRun {
    let request = BackgroundTaskRequest(
      kind: .appRefresh, identifier: BackgroundFetchWorld.fetchIdentifier, requiresNetworkConnectivity: true)
    let run =
      conditions.network(at: now).isOnline
      ? scheduler.run(request, startingAt: now, work: work, in: conditions)
      : BackgroundTaskRun(start: now, deadline: now, end: now, ending: .expiredByConditions(.offline))
    schedules[user].run = run
    return run
  }

  /// The fetch's run ends.
  ///
  /// - Returns: The run, or `nil` when none was in progress.
  mutating func endRun(_ user: Int) -> BackgroundTaskRun? {
    guard let run = schedules[user].run else { return nil }
    schedules[user].run = nil
    counts.backgroundRuntime &+= run.runtime.nanoseconds
    return run
  }

  /// Counts how the fetch ended and adapts the interval to it.
  ///
  /// - Returns: The new interval.
  mutating func adapt(_ user: Int, to outcome: FetchOutcome) -> VirtualDuration {
    switch outcome {
    case .newData: counts.newData &+= 1
    case .noData: counts.noData &+= 1
    case .failed: counts.failed &+= 1
    case .killed:
      counts.failed &+= 1
      counts.killed &+= 1
    }
    schedules[user].interval = rule.next(after: outcome, current: schedules[user].interval)
    return schedules[user].interval
  }
}
