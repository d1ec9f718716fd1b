/// The scenario's lifecycle for one device, as events: the user opens the
/// app at time zero, leaves it, the app stops (terminated by the system or
/// force-quit), and the user opens it again — each time a keyed draw of
/// the user. Shared by the built-in app and an app of your own, so both
/// live through the same script.
@usableFromInline
enum TransferLifecycleScript {
  /// What the script drew for a device.
  @usableFromInline
  struct Drawn {
    /// When the user leaves the app.
    @usableFromInline
    var background: VirtualTime
    /// When the user opens it again.
    @usableFromInline
    var relaunch: VirtualTime
    /// The device's conditions over time (network, charging, battery, and
    /// the app's foreground and force-quit periods), when asked for.
    @usableFromInline
    var conditions: DeviceConditions?

    @inlinable
    init(background: VirtualTime, relaunch: VirtualTime, conditions: DeviceConditions?) {
      self.background = background
      self.relaunch = relaunch
      self.conditions = conditions
    }
  }

  /// Schedules `user`'s lifecycle events and draws their times.
  ///
  /// - Parameter needsConditions: Whether to draw the device's condition
  ///   timelines too.
  /// - Complexity: O(relaunches + condition periods).
  @inlinable
  static func schedule(
    _ user: Int, _ options: TransferWorldOptions, conditions needsConditions: Bool, horizon: VirtualTime,
    _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) -> Drawn {
    let random = context.random
    let identity = UserIdentity(user: user)
    try context.schedule(TransferEvent(.userOpensApp(.first), user: user), at: .zero)
    let background = VirtualTime(
      nanoseconds: options.lifecycle.backgroundAt.sample(
        random.word(DrawKey(identity, TransferDraw.backgroundAt.purpose))))
    try context.schedule(TransferEvent(.userLeavesApp, user: user), at: background)
    var termination: VirtualTime?
    if options.lifecycle.termination != .none {
      let end = VirtualTime(
        nanoseconds: options.lifecycle.terminationAt.sample(
          random.word(DrawKey(identity, TransferDraw.terminationAt.purpose))))
      termination = max(end, background)
      try context.schedule(TransferEvent(.appStops, user: user), at: max(end, background))
    }
    let relaunch = max(
      background,
      VirtualTime(
        nanoseconds: options.lifecycle.relaunchAt.sample(
          random.word(DrawKey(identity, TransferDraw.relaunchAt.purpose)))))
    var drawn: DeviceConditions?
    if needsConditions {
      // The drawn network, charging and battery timelines, with the app's
      // own script for when it is in the foreground or force-quit.
      var device =
        options.conditions.map {
          DeviceConditions.generate($0, horizon: horizon, user: identity, random: random)
        } ?? DeviceConditions(horizon: horizon, charging: ConditionPeriods(from: .zero, until: horizon))
      device.foreground = ConditionPeriods([
        ConditionPeriod(start: .zero, end: background),
        ConditionPeriod(start: relaunch, end: horizon),
      ])
      device.forceQuit =
        options.lifecycle.termination == .forceQuit && termination.map({ $0 < relaunch }) == true
        ? ConditionPeriods(from: termination ?? relaunch, until: relaunch)
        : ConditionPeriods()
      drawn = device
    }
    for _ in 0..<max(1, options.lifecycle.relaunches) {
      try context.schedule(TransferEvent(.userOpensApp(.again), user: user), at: relaunch)
    }
    return Drawn(background: background, relaunch: relaunch, conditions: drawn)
  }
}

extension TransferWorldOptions.Lifecycle {
  /// How long the system waits before waking or relaunching the app in the
  /// background after `wakes` background wakes since the user last opened
  /// it: the base delay doubled per wake, up to the cap.
  ///
  /// - Complexity: O(1).
  @inlinable
  func wakeDelay(after wakes: UInt32) -> VirtualDuration {
    let scaled = relaunchDelayBase.nanoseconds.multipliedReportingOverflow(by: 1 << UInt64(min(wakes, 62)))
    return scaled.overflow ? relaunchDelayCap : min(relaunchDelayCap, .nanoseconds(scaled.partialValue))
  }
}
