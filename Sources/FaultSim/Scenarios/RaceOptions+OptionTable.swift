/// The `races` section, the same in every world; only what its window
/// means differs.
extension RaceOptions {
  /// The section's keys, with `window`'s meaning in the world at hand.
  static func optionTable(window meaning: String) -> OptionTable<RaceOptions> {
    OptionTable([.option(.duration("window", in: ScenarioLimits.delay, meaning), \.window)])
  }
}
