/// The background fetch world's scenario keys (`"world": "background-fetch"`),
/// documented in docs/scheduling-world.md. Every key is optional.
extension BackgroundFetchWorldOptions {
  /// The world's sections, in reading order.
  static let optionTable = OptionTable<BackgroundFetchWorldOptions>([
    .section("population", \.population, Population.optionTable, "who is simulated, for how long"),
    .section("fetch", \.fetch, Fetch.optionTable, "what the app does when woken; how the system adapts its interval"),
    .section(
      "content", \.content,
      OptionTable<Content>([
        .option(
          .number(
            "itemsPerHour", in: SchedulingLimits.itemsPerHour,
            "new items per hour on each user's server (Poisson); 0: never new data"),
          \.itemsPerHour)
      ]),
      "new content on the server"),
    .section(
      "scheduler", \.scheduler, BackgroundTaskSchedulerOptions.optionTable, "the OS scheduler's model"),
    .section("conditions", \.conditions, DeviceConditionsOptions.optionTable, "how device conditions are drawn"),
    .section(
      "races", \.races,
      RaceOptions.optionTable(window: "content arriving this close before a fetch's end races with it"),
      "which events race"),
  ])
}

extension BackgroundFetchWorldOptions.Population {
  /// The `population` section's keys, in reading order.
  static let optionTable = OptionTable<Self>([
    .option(.integer("users", in: SchedulingLimits.users, "users, one device and one app each"), \.users),
    .option(
      .duration("duration", in: SchedulingLimits.duration, "simulated time (the conditions' horizon)"), \.duration),
  ])
}

extension BackgroundFetchWorldOptions.Fetch {
  /// The `fetch` section's keys, in reading order.
  static let optionTable = OptionTable<Self>([
    .option(
      .duration(
        "minimumInterval", in: SchedulingLimits.interval, "the app's minimum fetch interval; the first interval"),
      \.interval.minimum),
    .option(.duration("maximumInterval", in: SchedulingLimits.interval, "the longest interval"), \.interval.maximum),
    .check(("maximumInterval", "≥ minimumInterval")) { fetch, reader throws(ScenarioError) in
      let interval = fetch.interval
      guard interval.maximum >= interval.minimum else {
        throw reader.error(
          "maximumInterval \(DurationText.exact(interval.maximum.nanoseconds)) is below minimumInterval \(DurationText.exact(interval.minimum.nanoseconds)); allowed maximumInterval ≥ minimumInterval",
          key: reader.contains("maximumInterval") ? "maximumInterval" : "minimumInterval")
      }
    },
    .section(
      "intervalFactors", \.interval,
      OptionTable<FetchIntervalRule>([
        .option(.number("newData", in: SchedulingLimits.shortening, "multiplier after new data"), \.newDataFactor),
        .option(.number("noData", in: SchedulingLimits.lengthening, "multiplier after no data"), \.noDataFactor),
        .option(.number("failed", in: SchedulingLimits.lengthening, "multiplier after a failure"), \.failedFactor),
        .option(
          .number("killed", in: SchedulingLimits.lengthening, "multiplier after a kill at the time limit"),
          \.killedFactor),
      ]),
      "how each outcome changes the interval"),
    .option(.distribution("duration", "how long the fetch's request takes"), \.duration),
    .option(.probability("failure", "the request fails (the app reports `.failed`)"), \.failure),
    .option(
      .bool("wakeOnlyWhenOnline", "the system wakes the app only when online (else a fetch woken offline fails)"),
      \.wakeOnlyWhenOnline),
    .option(
      .bool("foregroundRefreshOnOpen", "opening the app fetches what is missing (always succeeding)"),
      \.foregroundRefreshOnOpen),
  ])
}
