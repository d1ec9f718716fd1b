/// The no-op checks of the sections every world that uses the OS task
/// scheduler shares (`scheduler`, `conditions`), for a world whose options
/// hold them; each world adds its own (docs/no-op-checks.md).
extension BackgroundTaskSchedulerOptions {
  /// The scheduler's checks for a world whose options hold its section.
  static func noOpRules<Options>(
    _ scheduler: @escaping @Sendable (Options) -> BackgroundTaskSchedulerOptions
  ) -> [NoOpRule<Options>] {
    [
      NoOpRule(
        "low-battery-factor-one", keys: ["scheduler.lowBatteryLevel"],
        why: "lowBatteryDelayFactor is 1, so a low battery multiplies the delay by 1; "
          + "raise the factor to make the level matter",
        // [BackgroundTaskScheduler.delayFactor]
        when: { scheduler($0).lowBatteryDelayFactor == 1 }),
      NoOpRule(
        "low-battery-level-zero", keys: ["scheduler.lowBatteryDelayFactor"],
        why: "lowBatteryLevel is 0 and no battery is below 0, so the factor never applies; "
          + "raise the level to make it matter",
        // [BackgroundTaskScheduler.delayFactor; battery levels are clamped to 0…1]
        when: { scheduler($0).lowBatteryLevel == 0 }),
      NoOpRule(
        "idle-factor-zero-growth", keys: ["scheduler.recentUse", "scheduler.maximumIdleDelayFactor"],
        why: "idleDelayFactorPerDay is 0, so the idle multiplier is always 1; "
          + "raise it to make recentUse and maximumIdleDelayFactor matter",
        // [BackgroundTaskScheduler.delayFactor: min(maximum, 1 + 0 × days)]
        when: { scheduler($0).idleDelayFactorPerDay == 0 }),
      NoOpRule(
        "idle-factor-capped-at-one", keys: ["scheduler.recentUse", "scheduler.idleDelayFactorPerDay"],
        why: "maximumIdleDelayFactor is 1, so the idle multiplier is always 1; "
          + "raise it to make recentUse and idleDelayFactorPerDay matter",
        // [BackgroundTaskScheduler.delayFactor: min(1, 1 + perDay × days)]
        when: { scheduler($0).maximumIdleDelayFactor == 1 }),
    ]
  }
}

extension DeviceConditionsOptions {
  /// The device conditions' checks for a world whose options may hold
  /// them (`nil`: the world runs without drawn conditions).
  static func noOpRules<Options>(
    _ conditions: @escaping @Sendable (Options) -> DeviceConditionsOptions?
  ) -> [NoOpRule<Options>] {
    let states: [(String, @Sendable (DeviceConditionsOptions.Network) -> Double)] = [
      ("wifi", { $0.wifi.weight }), ("cellular", { $0.cellular.weight }), ("offline", { $0.offline.weight }),
    ]
    return states.map { name, weight in
      NoOpRule(
        "\(name)-spell-without-weight", keys: ["conditions.network.\(name).meanDuration"],
        why: "the \(name) weight is 0, so the device is never in that state and its spell length "
          + "cannot matter; give it a weight to make it matter",
        // [DeviceConditions.generate: states are picked among positive weights]
        when: { (conditions($0).map { weight($0.network) == 0 }) ?? false })
    } + [
      NoOpRule(
        "low-power-mode-always", keys: ["conditions.lowPowerMode.periods", "conditions.lowPowerMode.alwaysOnUsers"],
        why: "the rule is always, so Low Power Mode is on for the whole run for every user; "
          + "choose below-battery or never to make them matter",
        // [DeviceConditions.generate]
        when: { conditions($0)?.lowPowerMode.rule == .always })
    ]
  }
}
