/// Everything that defines a background fetch world:
/// one plain struct per component.
public struct BackgroundFetchWorldOptions: Hashable, Sendable {
  /// Who is simulated, for how long.
  @usableFromInline package struct Population: Hashable, Sendable {
    /// Users, one device and one app each. Default 100.
    @usableFromInline package var users = 100
    /// Virtual time simulated: the conditions' horizon. Default 72 h.
    @usableFromInline package var duration = VirtualDuration.hours(72)

    /// The model's defaults: what a scenario that writes none of the section's
    /// keys runs. 100 users over 72 h.
    @usableFromInline package init() {}
  }

  /// What the app does when woken, and how the system adapts its interval.
  @usableFromInline package struct Fetch: Hashable, Sendable {
    /// The minimum interval and the adaptation to outcomes.
    @usableFromInline package var interval = FetchIntervalRule()
    /// How long the fetch's network request takes. Default lognormal,
    /// median 2 s, σ 1 (about 0.3% run past 30 s and are killed).
    @usableFromInline package var duration = LatencyDistribution.lognormal(median: .seconds(2), sigma: 1)
    /// Probability that the request fails (the app reports `.failed`).
    /// Default 0.05.
    @usableFromInline package var failure = 0.05
    /// Whether the system wakes the app only while the device is online.
    /// When `false`, a fetch woken offline fails at once. Default `true`.
    @usableFromInline package var wakeOnlyWhenOnline = true
    /// Whether opening the app refreshes its content in the foreground
    /// (always succeeding). Default `true`.
    @usableFromInline package var foregroundRefreshOnOpen = true

    /// The model's defaults: what a scenario that writes none of the section's
    /// keys runs.
    @usableFromInline package init() {}
  }

  /// New content on the server: a Poisson process per user.
  @usableFromInline package struct Content: Hashable, Sendable {
    /// Mean items per hour. Default 0.5 (one every 2 h). Zero: never any
    /// new content, so every successful fetch reports `.noData`.
    @usableFromInline package var itemsPerHour = 0.5

    /// The model's defaults: what a scenario that writes none of the section's
    /// keys runs. Half an item per hour.
    @usableFromInline package init() {}
  }

  /// Who is simulated, for how long.
  @usableFromInline package var population = Population()
  /// What the app does when woken; how the system adapts its interval.
  @usableFromInline package var fetch = Fetch()
  /// New content on the server.
  @usableFromInline package var content = Content()
  /// The OS scheduler's model (``BackgroundTaskScheduler``).
  @usableFromInline package var scheduler = BackgroundTaskSchedulerOptions()
  /// How device conditions are drawn (``DeviceConditions``).
  @usableFromInline package var conditions = DeviceConditionsOptions()
  /// Content that arrives on the server within `window` before a fetch's
  /// snapshot races with it: the order strategy picks whether the fetch
  /// sees it. Default zero (only content arriving at the same instant).
  @usableFromInline package var races = RaceOptions()

  /// The model's defaults: what a background-fetch scenario that writes no key
  /// runs.
  @usableFromInline package init() {}
}
