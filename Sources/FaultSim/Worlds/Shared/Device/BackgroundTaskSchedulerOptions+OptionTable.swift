/// The scheduler model's knobs in a scenario's `scheduler` section
/// (docs/scheduling-world.md), shared by every world that uses the
/// ``BackgroundTaskScheduler``.
extension BackgroundTaskSchedulerOptions {
  /// The section's keys, in reading order.
  static let optionTable = OptionTable<Self>(
    documentation: "scheduling-world.md#scheduler",
    [
      .option(
        .distribution("refreshDelay", "the system's delay once a refresh request is eligible"), \.refreshDelay),
      .option(.distribution("processingDelay", "the same for processing requests"), \.processingDelay),
      .option(
        .duration("refreshTimeLimit", in: SchedulingLimits.timeLimit, "refresh (and background fetch) time limit"),
        \.refreshTimeLimit),
      .option(
        .duration("processingTimeLimit", in: SchedulingLimits.timeLimit, "processing time limit"),
        \.processingTimeLimit),
      .option(
        .number("lowBatteryLevel", in: SchedulingLimits.level, "below it (unplugged), delays are multiplied"),
        \.lowBatteryLevel),
      .option(
        .number("lowBatteryDelayFactor", in: SchedulingLimits.lengthening, "that multiplier"), \.lowBatteryDelayFactor),
      .option(
        .duration("recentUse", in: SchedulingLimits.span, "no idle penalty within this span of the last use"),
        \.recentUse),
      .option(
        .number(
          "idleDelayFactorPerDay", in: SchedulingLimits.perDay,
          "idle multiplier growth per day of disuse beyond `recentUse`"),
        \.idleDelayFactorPerDay),
      .option(
        .number("maximumIdleDelayFactor", in: SchedulingLimits.lengthening, "the idle multiplier's cap"),
        \.maximumIdleDelayFactor),
      .option(
        .bool("lowPowerModeDefersProcessing", "Low Power Mode also holds back processing tasks"),
        \.lowPowerModeDefersProcessing),
    ])
}
