/// The knobs of FaultSim's model of the OS background task scheduler; see
/// ``BackgroundTaskScheduler`` for the rule they feed. Defaults are
/// documented on each property and in docs/scheduling-world.md.
public struct BackgroundTaskSchedulerOptions: Hashable, Sendable {
  /// The system's delay before it runs a refresh request that has become
  /// eligible, before multipliers. Default lognormal, median 10 min, σ 1
  /// (mean about 16.5 min).
  @usableFromInline package var refreshDelay = LatencyDistribution.lognormal(median: .minutes(10), sigma: 1)
  /// The same for processing requests. Default lognormal, median 1 h, σ 1.
  @usableFromInline package var processingDelay = LatencyDistribution.lognormal(median: .hours(1), sigma: 1)
  /// How long a refresh task (and a legacy background fetch) may run before
  /// its expiration handler runs. Default 30 s.
  @usableFromInline package var refreshTimeLimit = VirtualDuration.seconds(30)
  /// How long a processing task may run. Default 5 min.
  @usableFromInline package var processingTimeLimit = VirtualDuration.minutes(5)
  /// Below this battery level (0…1), unplugged, delays are multiplied by
  /// ``lowBatteryDelayFactor``. Default 0.2.
  @usableFromInline package var lowBatteryLevel = 0.2
  /// The multiplier of delays below ``lowBatteryLevel``, unplugged.
  /// Default 3.
  @usableFromInline package var lowBatteryDelayFactor = 3.0
  /// An app used within this span gets no idle penalty. Default 24 h.
  @usableFromInline package var recentUse = VirtualDuration.hours(24)
  /// How much the delay multiplier grows per day of disuse beyond
  /// ``recentUse``. Default 1 (two days unused: ×2).
  @usableFromInline package var idleDelayFactorPerDay = 1.0
  /// The largest idle multiplier. Default 8.
  @usableFromInline package var maximumIdleDelayFactor = 8.0
  /// Whether Low Power Mode also holds back processing tasks (it always
  /// holds back refresh tasks). Default `false`.
  @usableFromInline package var lowPowerModeDefersProcessing = false

  /// The model's defaults: what a scenario that writes none of the section's
  /// keys runs.
  @usableFromInline package init() {}

  /// The most times the system re-evaluates one request (a drawn run time
  /// found a condition closed) before giving up on it for the run.
  @usableFromInline package static let maximumDeferrals: UInt64 = (1 << 20) - 1
}
