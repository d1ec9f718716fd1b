extension RaceOptions {
  /// Reads a `races` section, the same in every world: `window`, a duration
  /// up to a day (default 0: only events at the same instant race).
  init(reading reader: ScenarioObjectReader) throws(ScenarioError) {
    self.init()
    window = .nanoseconds(try reader.duration("window", default: 0, in: ScenarioLimits.delay))
  }
}
