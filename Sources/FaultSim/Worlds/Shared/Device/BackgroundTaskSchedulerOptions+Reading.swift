/// Reading the scheduler model's knobs from a scenario's `scheduler`
/// section (docs/scheduling-world.md). Any world that uses the
/// ``BackgroundTaskScheduler`` can read its section with this.
extension BackgroundTaskSchedulerOptions {
  init(reading reader: ScenarioObjectReader) throws(ScenarioError) {
    self.init()
    if let value = reader.value("refreshDelay") { refreshDelay = try LatencyDistribution.read(value) }
    if let value = reader.value("processingDelay") { processingDelay = try LatencyDistribution.read(value) }
    refreshTimeLimit = .nanoseconds(
      try reader.duration("refreshTimeLimit", default: refreshTimeLimit.nanoseconds, in: SchedulingLimits.timeLimit))
    processingTimeLimit = .nanoseconds(
      try reader.duration(
        "processingTimeLimit", default: processingTimeLimit.nanoseconds, in: SchedulingLimits.timeLimit))
    lowBatteryLevel = try reader.double("lowBatteryLevel", default: lowBatteryLevel, in: SchedulingLimits.level)
    lowBatteryDelayFactor = try reader.double(
      "lowBatteryDelayFactor", default: lowBatteryDelayFactor, in: SchedulingLimits.lengthening)
    recentUse = .nanoseconds(
      try reader.duration("recentUse", default: recentUse.nanoseconds, in: SchedulingLimits.span))
    idleDelayFactorPerDay = try reader.double(
      "idleDelayFactorPerDay", default: idleDelayFactorPerDay, in: SchedulingLimits.perDay)
    maximumIdleDelayFactor = try reader.double(
      "maximumIdleDelayFactor", default: maximumIdleDelayFactor, in: SchedulingLimits.lengthening)
    lowPowerModeDefersProcessing = try reader.bool(
      "lowPowerModeDefersProcessing", default: lowPowerModeDefersProcessing)
  }
}
