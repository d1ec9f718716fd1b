/// Every world a scenario file can name, one line each.
///
/// Adding a world is one folder under `Sources/FaultSim/Worlds/` (its model,
/// options reading, no-op checks, metrics and draws, conforming to
/// ``RegisteredWorld``) and one line here. Nothing else names a world:
/// scenarios are read through ``Scenario/World/init(reading:)``, commands
/// open them through ``Scenario/World/open(_:)``, merges find the world of a
/// partial table with ``world(named:)``, and the draw catalogue takes each
/// world's ``ScenarioWorld/Draws`` from here (a test counts the places a
/// world's names appear).
enum WorldRegistry {
  /// The worlds, in the order of ``Scenario/World/names``; the first is what
  /// a scenario without `"world"` runs.
  static let worlds: [any RegisteredWorld.Type] = [
    RequestWorld.self,
    TransferWorld.self,
    BackgroundFetchWorld.self,
  ]

  /// The names scenario files use in `"world"`, in registry order.
  static let names: [String] = worlds.map { $0.worldName }

  /// The world a scenario or partial table names, if it is registered.
  ///
  /// - Complexity: O(worlds).
  static func world(named name: String) -> (any RegisteredWorld.Type)? {
    worlds.first { $0.worldName == name }
  }
}
