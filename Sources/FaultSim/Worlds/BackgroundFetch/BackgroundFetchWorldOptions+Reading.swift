/// Reading a background fetch world from a scenario file. The format is
/// documented in docs/scheduling-world.md; every key is optional and
/// defaults to the value of the corresponding option struct.
extension BackgroundFetchWorldOptions {
  /// Reads the world's sections (`population`, `fetch`, `content`,
  /// `scheduler`, `conditions`, `races`) from a scenario's top-level
  /// object. `description` and `world` are the caller's to read.
  init(reading root: ScenarioObjectReader) throws(ScenarioError) {
    self.init()
    if let section = try root.object("population") { population = try Population(reading: section) }
    if let section = try root.object("fetch") { fetch = try Fetch(reading: section) }
    if let section = try root.object("content") {
      content.itemsPerHour = try section.double(
        "itemsPerHour", default: content.itemsPerHour, in: SchedulingLimits.itemsPerHour)
    }
    if let section = try root.object("scheduler") { scheduler = try BackgroundTaskSchedulerOptions(reading: section) }
    if let section = try root.object("conditions") { conditions = try DeviceConditionsOptions(reading: section) }
    if let section = try root.object("races") {
      races = try RaceOptions(reading: section)
    }
  }
}

extension BackgroundFetchWorldOptions.Population {
  init(reading reader: ScenarioObjectReader) throws(ScenarioError) {
    self.init()
    users = try reader.integer("users", default: users, in: SchedulingLimits.users)
    duration = .nanoseconds(
      try reader.duration("duration", default: duration.nanoseconds, in: SchedulingLimits.duration))
  }
}

extension BackgroundFetchWorldOptions.Fetch {
  init(reading reader: ScenarioObjectReader) throws(ScenarioError) {
    self.init()
    interval.minimum = .nanoseconds(
      try reader.duration("minimumInterval", default: interval.minimum.nanoseconds, in: SchedulingLimits.interval))
    interval.maximum = .nanoseconds(
      try reader.duration("maximumInterval", default: interval.maximum.nanoseconds, in: SchedulingLimits.interval))
    guard interval.maximum >= interval.minimum else {
      throw reader.error(
        "maximumInterval \(DurationText.exact(interval.maximum.nanoseconds)) is below minimumInterval \(DurationText.exact(interval.minimum.nanoseconds)); allowed maximumInterval ≥ minimumInterval",
        key: reader.contains("maximumInterval") ? "maximumInterval" : "minimumInterval")
    }
    if let factors = try reader.object("intervalFactors") {
      interval.newDataFactor = try factors.double(
        "newData", default: interval.newDataFactor, in: SchedulingLimits.shortening)
      interval.noDataFactor = try factors.double(
        "noData", default: interval.noDataFactor, in: SchedulingLimits.lengthening)
      interval.failedFactor = try factors.double(
        "failed", default: interval.failedFactor, in: SchedulingLimits.lengthening)
      interval.killedFactor = try factors.double(
        "killed", default: interval.killedFactor, in: SchedulingLimits.lengthening)
    }
    if let value = reader.value("duration") { duration = try LatencyDistribution.read(value) }
    failure = try reader.probability("failure", default: failure)
    wakeOnlyWhenOnline = try reader.bool("wakeOnlyWhenOnline", default: wakeOnlyWhenOnline)
    foregroundRefreshOnOpen = try reader.bool("foregroundRefreshOnOpen", default: foregroundRefreshOnOpen)
  }
}
