/// The `server.restarts` section of a request scenario.
extension RestartOptions {
  /// `server.restarts.at`: the listed restart times.
  static let atDescription = OptionDescription(
    key: "at", summary: "restart at these times since the start",
    type: .array(.duration(ScenarioLimits.span), count: ScenarioLimits.restarts), defaultValue: .absent("none"))

  /// The section's keys, in reading order.
  static let optionTable = OptionTable<RestartOptions>([
    .custom(keys: { _ in [atDescription] }) { restarts, reader throws(ScenarioError) in
      guard let times = try reader.array("at") else { return }
      guard ScenarioLimits.restarts.contains(times.count) else {
        throw reader.error(
          "\(times.count) restart times; allowed \(ScenarioLimits.restarts.lowerBound)"
            + "…\(ScenarioLimits.restarts.upperBound)",
          key: "at")
      }
      var read: [VirtualDuration] = []
      for time in times { read.append(.nanoseconds(try time.duration(in: ScenarioLimits.span))) }
      restarts.at = read.sorted()
    },
    .optional(
      .duration(
        "meanInterval", in: ScenarioLimits.restartInterval,
        "restart at random, this far apart on average (exponential gaps drawn from the seed)"),
      \.meanInterval, absent: "no random restarts"),
    .option(
      .duration(
        "downtime", in: ScenarioLimits.delay,
        "after a restart the server refuses connections this long (provably not applied)"),
      \.downtime),
  ])
}
