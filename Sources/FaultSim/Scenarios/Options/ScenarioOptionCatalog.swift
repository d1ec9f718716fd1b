/// Every key a scenario file may hold: the top-level keys, and each world's
/// keys from its option table, described with the model's defaults.
///
/// The source of the JSON Schema (``ScenarioSchema``), the docs' option
/// tables (``ScenarioOptionDocs``) and the key-path check of `--set` and
/// `--vary`. The worlds come from ``WorldRegistry``, each describing its
/// own option table.
package enum ScenarioOptionCatalog {
  /// One world's keys.
  package struct World: Sendable {
    /// The name scenario files use in `"world"`.
    package var name: String
    /// The world's top-level keys (its sections), described.
    package var keys: OptionObject
  }

  /// The worlds, the default (`request`) first. Described once per
  /// process: `--set` and `--vary` consult it for every cell.
  package static let worlds: [World] = WorldRegistry.worlds.map { world in
    World(name: world.worldName, keys: world.describedOptionKeys())
  }

  /// The keys every scenario has, whatever its world, in reading order.
  package static let commonKeys: [OptionDescription] = [
    OptionDescription(
      key: "description", summary: "what the scenario shows, for people", type: .string,
      defaultValue: .required),
    OptionDescription(
      key: "$schema", summary: "the JSON Schema of scenario files, for editors; FaultSim ignores it",
      type: .any, defaultValue: .absent("none")),
    OptionDescription(
      key: "world",
      summary: "which world the scenario runs; the other keys are that world's sections",
      type: .choice(worlds.map(\.name)), defaultValue: .value(.string(worlds[0].name))),
  ]

  /// The world named `name`, if there is one.
  package static func world(named name: String) -> World? {
    worlds.first { $0.name == name }
  }

  /// The keys of a world's scenario: the common keys, then its sections.
  package static func scenarioKeys(of world: World) -> [OptionDescription] {
    commonKeys + world.keys.keys
  }
}
