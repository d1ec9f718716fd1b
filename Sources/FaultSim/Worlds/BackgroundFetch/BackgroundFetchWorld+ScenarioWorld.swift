/// One user's final state in the background fetch world.
public struct FetchUserOutcome: Hashable, Sendable, CustomStringConvertible {
  public var user: Int
  public var fetches: Int
  public var delivered: Int
  public var interval: VirtualDuration

  /// `user#2: 14 fetches, 9 items, interval 30m`.
  public var description: String {
    "user#\(user): \(fetches) fetches, \(delivered) items delivered, next interval \(interval)"
  }
}

extension BackgroundFetchWorld: ScenarioWorld {
  /// The world's draw purposes: its fault and race kinds.
  public typealias Draws = BackgroundFetchDraw

  public static var worldName: String { "background-fetch" }

  /// The world's one race, content against a fetch's snapshot, needs
  /// content.
  public static func canMeetRace(_ options: BackgroundFetchWorldOptions) -> Bool {
    options.content.itemsPerHour > 0
  }

  public static func options(of world: Scenario.World) -> BackgroundFetchWorldOptions? {
    if case .backgroundFetch(let options) = world { return options }
    return nil
  }

  public static func repeating(_ options: BackgroundFetchWorldOptions) -> BackgroundFetchWorldOptions? { nil }

  public static var repeatedOperation: String { "none (the system decides when fetches happen)" }

  public static func estimatedBytes(_ options: BackgroundFetchWorldOptions) -> UInt64 {
    // Per user: condition timelines, content arrivals and fetch records
    // over the duration (measured, release, 72 h: 2.7 KB a user).
    let duration = options.population.duration
    let days = max(1, duration.nanoseconds / 86_400_000_000_000)
    let hours = Double(duration.nanoseconds) / 3_600_000_000_000
    let items = UInt64(min(1e15, options.content.itemsPerHour * hours * 16))
    let perUser = 2_048 + days * 1_024 + items + options.conditions.estimatedBytes(horizon: duration)
    let (users, overflow) = UInt64(options.population.users).multipliedReportingOverflow(by: perUser)
    return overflow ? .max : users + 24 << 20
  }

  public static var sizeKey: String { "population.users or population.duration" }

  /// Each user's final state, in user order.
  public func finalState() -> EntityStates<FetchUserOutcome> {
    EntityStates(
      system.schedules.indices.map { user in
        FetchUserOutcome(
          user: user, fetches: Int(system.fetches(of: user)), delivered: app.delivered(of: user),
          interval: system.interval(of: user))
      })
  }
}

extension BackgroundFetchMetrics: WorldMetrics {
  public static var counters: [MetricsCounter<BackgroundFetchMetrics>] {
    [
      .init("runs", \.runs),
      .init("users", \.users),
      .init("user_time_us", \.userTimeMicroseconds),
      .init("events", \.events),
      .init("wake_ups", \.wakeUps),
      .init("new_data", \.newData),
      .init("no_data", \.noData),
      .init("failed", \.failed),
      .init("killed", \.killed),
      .init("users_never_woken", \.usersNeverWoken),
      .init("background_runtime_ns", \.backgroundRuntime),
      .init("wake_gap_total_us", \.wakeGapTotalMicroseconds),
      .init("content_items", \.contentItems),
      .init("delivered_in_background", \.deliveredInBackground),
      .init("delivered_on_open", \.deliveredOnOpen),
      .init("undelivered", \.undelivered),
      .init("staleness_total_us", \.stalenessTotalMicroseconds),
      .init("opens", \.opens),
      .init("stale_opens", \.staleOpens),
    ]
  }

  public static var histograms: [MetricsHistogram<BackgroundFetchMetrics>] {
    [.init("wake_gaps", \.wakeGaps), .init("staleness", \.staleness)]
  }

  public var operations: UInt64 { users }

  public static var columns: [String] {
    [
      "seeds", "users", "wake_ups", "wake_ups_per_user_day", "new_data", "no_data", "failed", "killed",
      "new_data_rate", "new_data_rate_lo", "new_data_rate_hi", "failure_rate", "failure_rate_lo", "failure_rate_hi",
      "wake_gap_p50_s", "wake_gap_p99_s", "staleness_p50_s", "staleness_p99_s", "staleness_mean_s",
      "stale_open_rate", "stale_open_rate_lo", "stale_open_rate_hi", "runtime_per_wake_s", "users_never_woken",
      "content_items", "undelivered",
    ]
  }

  public func fields(seeds: UInt64) -> [String] {
    func seconds(_ nanoseconds: Double?) -> String { nanoseconds.map { DecimalText.fixed($0 / 1e9, 3) } ?? "" }
    let newData = newDataRate
    let failure = failureRate
    let stale = staleOpenRate
    return [
      "\(seeds)", "\(users)", "\(wakeUps)", DecimalText.fixed(wakeUpsPerUserDay, 4), "\(self.newData)", "\(noData)",
      "\(failed)", "\(killed)", DecimalText.rate(newData.rate), DecimalText.rate(newData.interval.lower),
      DecimalText.rate(newData.interval.upper),
      DecimalText.rate(failure.rate), DecimalText.rate(failure.interval.lower),
      DecimalText.rate(failure.interval.upper),
      seconds(wakeGaps.percentile(50)), seconds(wakeGaps.percentile(99)), seconds(staleness.percentile(50)),
      seconds(staleness.percentile(99)), seconds(meanStaleness), DecimalText.rate(stale.rate),
      DecimalText.rate(stale.interval.lower),
      DecimalText.rate(stale.interval.upper), seconds(meanRuntime), "\(usersNeverWoken)", "\(contentItems)",
      "\(undelivered)",
    ]
  }

  public var reportLines: [(String, String)] {
    func seconds(_ nanoseconds: Double?) -> String { nanoseconds.map { DecimalText.fixed($0 / 1e9, 3) + " s" } ?? "-" }
    return [
      ("users", "\(users)"),
      ("wake-ups", "\(wakeUps) (\(DecimalText.fixed(wakeUpsPerUserDay, 3)) per user-day)"),
      ("new data", "\(newData) (\(DecimalText.percent(newDataRate.rate, 2)))"),
      ("no data", "\(noData)"),
      ("failed", "\(failed) (\(killed) killed at the time limit)"),
      ("wake gap p50", seconds(wakeGaps.percentile(50))),
      ("wake gap p99", seconds(wakeGaps.percentile(99))),
      ("staleness p50", seconds(staleness.percentile(50))),
      ("staleness p99", seconds(staleness.percentile(99))),
      ("stale opens", "\(staleOpens) of \(opens) (\(DecimalText.percent(staleOpenRate.rate, 2)))"),
      ("background runtime", seconds(Double(backgroundRuntime))),
      ("users never woken", "\(usersNeverWoken)"),
    ]
  }
}

extension BackgroundFetchWorld {
  public static func describe(fault: DrawKey, options: BackgroundFetchWorldOptions) -> String {
    fault.purpose == BackgroundFetchDraw.fetchFailure.purpose
      ? "user#\(fault.entity): fetch \(fault.ordinal) fails" : "user#\(fault.entity): fault \(fault.purpose)"
  }

  public static func traceTags(for faults: [DrawKey], options: BackgroundFetchWorldOptions) -> [String] {
    var tags: [String] = []
    for fault in faults where !tags.contains(appName(Int(fault.entity))) {
      tags += [appName(Int(fault.entity)), "user#\(fault.entity)"]
    }
    return tags
  }

  public static func size(of options: BackgroundFetchWorldOptions) -> Int { options.population.users }

  public static func minimumSize(keeping faults: [DrawKey], options: BackgroundFetchWorldOptions) -> Int {
    Int(faults.map(\.entity).max() ?? 0) + 1
  }

  public static func resized(_ options: BackgroundFetchWorldOptions, to size: Int) -> BackgroundFetchWorldOptions {
    var resized = options
    resized.population.users = size
    return resized
  }

  public static func sizeOverride(_ size: Int) -> String { "population.users=\(size)" }

}
