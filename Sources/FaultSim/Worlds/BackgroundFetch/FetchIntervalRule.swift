/// How the system adapts an app's background fetch interval to what its
/// fetches report (seed 003): `.newData` tells it the wake-ups pay off,
/// `.noData` and `.failed` that they waste energy.
///
/// FaultSim's rule (a model, not Apple's): the interval starts at the
/// app's minimum and, after each fetch, is multiplied by the outcome's
/// factor and kept within `minimum…maximum`. With the defaults: new data
/// halves it (towards the minimum), no data lengthens it by half, a failure
/// doubles it and a kill quadruples it. The system wakes the app no
/// earlier than one interval after the last fetch ended, then the
/// ``BackgroundTaskScheduler`` adds its own delay.
@usableFromInline package struct FetchIntervalRule: Hashable, Sendable {
  /// The app's `setMinimumBackgroundFetchInterval`; also the first
  /// interval. Default 15 min (`backgroundFetchIntervalMinimum`).
  @usableFromInline package var minimum = VirtualDuration.minutes(15)
  /// The longest interval the system lets it grow to. Default 12 h.
  @usableFromInline package var maximum = VirtualDuration.hours(12)
  /// Multiplier after `.newData` (0…1). Default 0.5.
  @usableFromInline package var newDataFactor = 0.5
  /// Multiplier after `.noData` (≥ 1). Default 1.5.
  @usableFromInline package var noDataFactor = 1.5
  /// Multiplier after `.failed` (≥ 1). Default 2.
  @usableFromInline package var failedFactor = 2.0
  /// Multiplier after a kill at the time limit (≥ 1). Default 4.
  @usableFromInline package var killedFactor = 4.0

  /// The defaults: a 15 min minimum, a 12 h maximum, factors 0.5, 1.5, 2 and 4.
  @usableFromInline package init() {}

  /// The factor for an outcome.
  @usableFromInline package func factor(for outcome: FetchOutcome) -> Double {
    switch outcome {
    case .newData: return newDataFactor
    case .noData: return noDataFactor
    case .failed: return failedFactor
    case .killed: return killedFactor
    }
  }

  /// The interval after a fetch with `outcome`, from the current one.
  ///
  /// - Complexity: O(1).
  @usableFromInline package func next(after outcome: FetchOutcome, current: VirtualDuration) -> VirtualDuration {
    let scaled = LatencyDistribution.nanoseconds(Double(current.nanoseconds) * factor(for: outcome))
    return VirtualDuration(nanoseconds: min(maximum.nanoseconds, max(minimum.nanoseconds, scaled)))
  }
}
