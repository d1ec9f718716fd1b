/// FaultSim's model of when the OS runs a background task request
/// (`BGAppRefreshTask`, `BGProcessingTask`, legacy background fetch).
///
/// **This is a model, not Apple's algorithm.** Apple documents only that
/// the system picks the time, no earlier than the earliest begin date,
/// from battery, usage and conditions; the rule below is FaultSim's
/// reading of that, simple enough to reason about and to test.
///
/// A request is *eligible* at an instant when every gate is open
/// (`blockingCondition(for:at:in:)`):
/// - the instant is before the conditions' horizon;
/// - the device is on (battery above `DeviceConditions.shutdownLevel` or
///   plugged in);
/// - the app is not in the foreground (background tasks run in the
///   background);
/// - the app has not been force-quit since the user last opened it;
/// - refresh only: the Background App Refresh switch is on and Low Power
///   Mode is off (processing too when
///   `BackgroundTaskSchedulerOptions.lowPowerModeDefersProcessing`);
/// - `requiresExternalPower`: the device is plugged in;
/// - `requiresNetworkConnectivity`: the device is online (Wi-Fi or cellular).
///
/// The run time of a request submitted at `s` (`runTime(for:submittedAt:in:random:user:submission:)`):
/// 1. `t` ← max(`s`, earliest begin date);
/// 2. `e` ← the first eligible instant at or after `t` (none: no run);
/// 3. `d` ← a keyed draw of the kind's delay distribution times the delay
///    factor at `e` (`delayFactor(at:in:)`): ×`BackgroundTaskSchedulerOptions.lowBatteryDelayFactor`
///    when the battery is below `BackgroundTaskSchedulerOptions.lowBatteryLevel`
///    and unplugged, times an idle factor
///    `min(max, 1 + perDay × days unused beyond recentUse)`;
/// 4. if the request is eligible at `e + d`, it runs then; otherwise the
///    system re-evaluates: `t` ← `e + d`, back to step 2 with a fresh draw.
///
/// A run lasts until the work is done, until the kind's time limit (the
/// expiration handler runs), or until a requirement the request declared
/// lapses (unplugged, offline) or the battery empties — the system expires
/// the task then too (``run(_:startingAt:work:in:)``).
///
/// Draws are keyed by (`entity`, 0x5420, `submission` << 20 | deferral): a
/// run time is a pure function of the seed, the entity, the submission
/// ordinal, the request and the conditions — never of event order.
public struct BackgroundTaskScheduler: Hashable, Sendable {
  /// The delays, time limits and battery and idle factors the rule uses.
  @usableFromInline package var options: BackgroundTaskSchedulerOptions

  /// The scheduler of `options` (by default the model's defaults).
  public init(_ options: BackgroundTaskSchedulerOptions = BackgroundTaskSchedulerOptions()) {
    self.options = options
  }

  /// Why a request cannot start at some instant.
  @usableFromInline package enum BlockingCondition: String, CaseIterable, Hashable, Sendable {
    /// The conditions end: nothing runs from the horizon on.
    case horizon
    /// The battery is empty and the device unplugged: it is off.
    case batteryEmpty = "battery-empty"
    /// The user has the app open: background tasks wait until it leaves.
    case appInForeground = "app-in-foreground"
    /// The user force-quit the app and has not opened it since.
    case forceQuit = "force-quit"
    /// Refresh only: the Background App Refresh switch is off.
    case backgroundAppRefreshOff = "background-app-refresh-off"
    /// Low Power Mode holds back refresh (and processing when
    /// ``BackgroundTaskSchedulerOptions/lowPowerModeDefersProcessing``).
    case lowPowerMode = "low-power-mode"
    /// The request requires external power and the device is unplugged.
    case notCharging = "not-charging"
    /// The request requires network connectivity and the device is offline.
    case offline
  }

  /// How long a task of `kind` may run before it expires.
  @usableFromInline package func timeLimit(for kind: BackgroundTaskRequest.Kind) -> VirtualDuration {
    kind == .appRefresh ? options.refreshTimeLimit : options.processingTimeLimit
  }

  /// The first closed gate at `time` and when it opens (`nil`: never before
  /// the horizon), or `nil` when the request is eligible at `time`.
  ///
  /// The earliest begin date is not a gate here: `runTime(for:submittedAt:in:random:user:submission:)`
  /// starts looking from it.
  /// - Complexity: O(log n) in the conditions' periods.
  @usableFromInline package func blockingCondition(
    for request: BackgroundTaskRequest, at time: VirtualTime, in conditions: DeviceConditions
  ) -> (condition: BlockingCondition, opensAt: VirtualTime?)? {
    guard time < conditions.horizon else { return (.horizon, nil) }
    func until(_ period: ConditionPeriod) -> VirtualTime? {
      period.end < conditions.horizon ? period.end : nil
    }
    if let period = conditions.batteryEmpty.period(containing: time) { return (.batteryEmpty, until(period)) }
    if let period = conditions.foreground.period(containing: time) { return (.appInForeground, until(period)) }
    if let period = conditions.forceQuit.period(containing: time) { return (.forceQuit, until(period)) }
    if request.kind == .appRefresh, let period = conditions.backgroundAppRefreshOff.period(containing: time) {
      return (.backgroundAppRefreshOff, until(period))
    }
    if request.kind == .appRefresh || options.lowPowerModeDefersProcessing,
      let period = conditions.lowPowerMode.period(containing: time)
    {
      return (.lowPowerMode, until(period))
    }
    if request.requiresExternalPower, !conditions.charging.contains(time) {
      let next = conditions.charging.nextStart(atOrAfter: time)
      return (.notCharging, next.flatMap { $0 < conditions.horizon ? $0 : nil })
    }
    if request.requiresNetworkConnectivity, let period = conditions.network.offline.period(containing: time) {
      return (.offline, until(period))
    }
    return nil
  }

  /// Whether the request could start at `time`.
  ///
  /// - Complexity: O(log n).
  @usableFromInline package func isEligible(
    _ request: BackgroundTaskRequest, at time: VirtualTime, in conditions: DeviceConditions
  )
    -> Bool
  {
    blockingCondition(for: request, at: time, in: conditions) == nil
  }

  /// The first instant at or after `time` at which the request is eligible,
  /// or `nil` when it never is before the horizon.
  ///
  /// - Complexity: O(g log n) for g gate changes crossed.
  @usableFromInline package func firstEligibleTime(
    for request: BackgroundTaskRequest, atOrAfter time: VirtualTime, in conditions: DeviceConditions
  ) -> VirtualTime? {
    var time = time
    while let blocked = blockingCondition(for: request, at: time, in: conditions) {
      guard let opensAt = blocked.opensAt, opensAt > time else { return nil }
      time = opensAt
    }
    return time
  }

  /// The multiplier on the system's delay at `time`: the low-battery factor
  /// (battery below the level and unplugged) times the idle factor
  /// `min(maximum, 1 + perDay × max(0, idle − recentUse) / 1 day)`.
  ///
  /// - Complexity: O(log n).
  @usableFromInline package func delayFactor(at time: VirtualTime, in conditions: DeviceConditions) -> Double {
    var factor = 1.0
    if !conditions.isCharging(at: time), conditions.batteryLevel(at: time) < options.lowBatteryLevel {
      factor *= options.lowBatteryDelayFactor
    }
    let idle = conditions.idleDuration(at: time).nanoseconds
    if idle > options.recentUse.nanoseconds {
      let days = Double(idle - options.recentUse.nanoseconds) / 86_400_000_000_000
      factor *= min(options.maximumIdleDelayFactor, 1 + options.idleDelayFactorPerDay * days)
    }
    return factor
  }

  /// The delay the system adds once a request is eligible at `time`: a
  /// keyed draw of the kind's distribution times `delayFactor(at:in:)`.
  @usableFromInline package func delay(
    for kind: BackgroundTaskRequest.Kind, at time: VirtualTime, in conditions: DeviceConditions, random: KeyedRandom,
    key: DrawKey
  ) -> VirtualDuration {
    let distribution = kind == .appRefresh ? options.refreshDelay : options.processingDelay
    let base = distribution.sample(random.word(key))
    let factor = delayFactor(at: time, in: conditions)
    return VirtualDuration(nanoseconds: factor == 1 ? base : LatencyDistribution.nanoseconds(Double(base) * factor))
  }

  /// When the system starts `request`, submitted at `submittedAt`, or `nil`
  /// when it does not run before the conditions' horizon. See the type's
  /// documentation for the rule.
  ///
  /// - Parameters:
  ///   - request: What was submitted.
  ///   - submittedAt: When the app submitted it.
  ///   - conditions: The device's timeline.
  ///   - random: The run's draw space.
  ///   - user: Whose draws (one user, one device).
  ///   - submission: Which submission of this user (0, 1, …): a
  ///     resubmitted request gets a fresh delay.
  /// - Complexity: O(k · g log n) for k re-evaluations and g gate changes.
  @usableFromInline package func runTime(
    for request: BackgroundTaskRequest, submittedAt: VirtualTime, in conditions: DeviceConditions,
    random: KeyedRandom, user: UserIdentity, submission: UInt64
  ) -> VirtualTime? {
    var time = max(submittedAt, request.earliestBeginDate ?? submittedAt)
    var deferral: UInt64 = 0
    while deferral <= BackgroundTaskSchedulerOptions.maximumDeferrals {
      guard let eligible = firstEligibleTime(for: request, atOrAfter: time, in: conditions) else { return nil }
      let key = DrawKey(
        SchedulerDecisionIdentity(user, submission: submission, deferral: deferral), DeviceDraw.schedulerDelay.purpose)
      let delay = delay(for: request.kind, at: eligible, in: conditions, random: random, key: key)
      let (candidate, overflow) = eligible.nanoseconds.addingReportingOverflow(delay.nanoseconds)
      guard !overflow else { return nil }
      let start = VirtualTime(nanoseconds: candidate)
      if isEligible(request, at: start, in: conditions) { return start }
      time = start
      deferral += 1
    }
    return nil
  }
}
