import Synchronization

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

  /// The worlds, the default (`request`) first: every world described
  /// (the schema and the docs' tables need them all).
  package static var worlds: [World] { WorldRegistry.names.map { world(named: $0).unsafelyUnwrapped } }

  /// The worlds described so far, by name. A world is described the first
  /// time it is named, once per process: `--set` and `--vary` consult it
  /// for every cell, and a command that reads one scenario describes only
  /// its world (describing all of them was most of the start-up of
  /// `faultsim --help` and of a one-order run).
  private static let described = Mutex<[String: World]>([:])

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
      type: .choice(WorldRegistry.names), defaultValue: .value(.string(WorldRegistry.names[0]))),
  ]

  /// The world named `name`, if there is one.
  ///
  /// - Complexity: O(1) after the world's first description, which is
  ///   O(its keys).
  package static func world(named name: String) -> World? {
    if let world = described.withLock({ $0[name] }) { return world }
    guard let registered = WorldRegistry.world(named: name) else { return nil }
    let world = World(name: name, keys: registered.describedOptionKeys())
    described.withLock { $0[name] = world }
    return world
  }

  /// The keys of a world's scenario: the common keys, then its sections.
  package static func scenarioKeys(of world: World) -> [OptionDescription] {
    commonKeys + world.keys.keys
  }
}
