/// One device's conditions over a run: battery, charging, Low
/// Power Mode, connectivity, the Background App Refresh switch, when the
/// user has the app open, and when it is force-quit.
///
/// A value computed once per device and then only queried. Drawn timelines
/// (``generate(_:horizon:user:random:)``) are a function of the seed and
/// the entity alone, never of the order in which a simulation handles its
/// events; hand-built ones (this initialiser) let tests pose exact
/// situations to the ``BackgroundTaskScheduler``.
public struct DeviceConditions: Hashable, Sendable {
  /// The end of the timeline: no condition is known from here on, and the
  /// scheduler runs nothing at or after it.
  @usableFromInline package var horizon: VirtualTime
  /// When the device is plugged in.
  @usableFromInline package var charging: ConditionPeriods
  /// The battery level.
  @usableFromInline package var battery: BatteryTimeline
  /// When the battery is empty and the device is off.
  @usableFromInline package var batteryEmpty: ConditionPeriods
  /// When Low Power Mode is on.
  @usableFromInline package var lowPowerMode: ConditionPeriods
  /// Connectivity.
  @usableFromInline package var network: NetworkTimeline
  /// When the user has Background App Refresh switched off for the app.
  @usableFromInline package var backgroundAppRefreshOff: ConditionPeriods
  /// When the app is in the foreground (the user's sessions).
  @usableFromInline package var foreground: ConditionPeriods
  /// From each force-quit until the user opens the app again.
  @usableFromInline package var forceQuit: ConditionPeriods
  /// How long before time zero the app was last used.
  @usableFromInline package var idleAtStart: VirtualDuration

  /// Creates conditions; the defaults describe an unplugged device with a
  /// full battery that never drains, on Wi-Fi, Background App Refresh on,
  /// the app last used at time zero and never opened or force-quit.
  @usableFromInline package init(
    horizon: VirtualTime,
    charging: ConditionPeriods = ConditionPeriods(),
    battery: BatteryTimeline = .constant(1),
    batteryEmpty: ConditionPeriods = ConditionPeriods(),
    lowPowerMode: ConditionPeriods = ConditionPeriods(),
    network: NetworkTimeline? = nil,
    backgroundAppRefreshOff: ConditionPeriods = ConditionPeriods(),
    foreground: ConditionPeriods = ConditionPeriods(),
    forceQuit: ConditionPeriods = ConditionPeriods(),
    idleAtStart: VirtualDuration = .zero
  ) {
    self.horizon = horizon
    self.charging = charging
    self.battery = battery
    self.batteryEmpty = batteryEmpty
    self.lowPowerMode = lowPowerMode
    self.network = network ?? .always(.wifi, horizon: horizon)
    self.backgroundAppRefreshOff = backgroundAppRefreshOff
    self.foreground = foreground
    self.forceQuit = forceQuit
    self.idleAtStart = idleAtStart
  }

  /// The level below which the device is taken as off: iOS shuts down at
  /// about 1%.
  @usableFromInline package static let shutdownLevel = 0.01

  // MARK: Queries

  /// Whether the device is plugged in at `time`.
  ///
  /// - Complexity: O(log n) in the number of charging periods (as every
  ///   query here: one bisection).
  @usableFromInline package func isCharging(at time: VirtualTime) -> Bool { charging.contains(time) }

  /// The battery level at `time`.
  @usableFromInline package func batteryLevel(at time: VirtualTime) -> Double { battery.level(at: time) }

  /// Whether Low Power Mode is on at `time`.
  @usableFromInline package func isLowPowerMode(at time: VirtualTime) -> Bool { lowPowerMode.contains(time) }

  /// The connectivity at `time`.
  @usableFromInline package func network(at time: VirtualTime) -> NetworkAvailability { network.availability(at: time) }

  /// Whether the Background App Refresh switch is on at `time`.
  @usableFromInline package func isBackgroundAppRefreshOn(at time: VirtualTime) -> Bool {
    !backgroundAppRefreshOff.contains(time)
  }

  /// Whether the user has the app open at `time`.
  @usableFromInline package func isForeground(at time: VirtualTime) -> Bool { foreground.contains(time) }

  /// Whether the app is force-quit (and not yet reopened) at `time`.
  @usableFromInline package func isForceQuit(at time: VirtualTime) -> Bool { forceQuit.contains(time) }

  /// How long the app has gone unused at `time`: zero during a session,
  /// else the time since the last session ended (or since before time
  /// zero, by ``idleAtStart``).
  @usableFromInline package func idleDuration(at time: VirtualTime) -> VirtualDuration {
    if foreground.contains(time) { return .zero }
    if let end = foreground.lastEnd(atOrBefore: time) { return time.duration(since: end) }
    let (sum, overflow) = time.nanoseconds.addingReportingOverflow(idleAtStart.nanoseconds)
    return VirtualDuration(nanoseconds: overflow ? .max : sum)
  }

  /// The user's app opens (starts of foreground sessions), in order.
  @usableFromInline package var opens: [VirtualTime] { foreground.periods.map(\.start) }
}
