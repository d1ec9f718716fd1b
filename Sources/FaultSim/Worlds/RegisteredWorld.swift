/// A world of ``WorldRegistry``: every capability, options a scenario file
/// can hold, and a one-line summary for `faultsim check`.
///
/// Everything a scenario needs from its world is reached through the world's
/// type: its name (``ScenarioWorld/worldName``), options reading and no-op
/// checks (``ScenarioOptions``), metrics (``ScenarioWorld/Metrics``) and
/// draws (``ScenarioWorld/Draws``).
protocol RegisteredWorld: PluggableWorld where Options: ScenarioOptions {
  /// What a scenario of these options runs, for `faultsim check`:
  /// `request world, 100000 keyed-write operations`.
  static func summary(of options: Options) -> String
}

extension RegisteredWorld {
  /// The world's scenario keys described with its model's defaults, for
  /// the option catalogue (``ScenarioOptionCatalog``).
  ///
  /// - Complexity: O(keys).
  static func describedOptionKeys() -> OptionObject { Options.describedKeys() }
}
