/// The columns of the default world's sweep table (the first registered:
/// what a scenario without `"world"` runs), in the groups `sweep --help`
/// describes, made from the same declarations as the header.
package struct SweepColumnsSummary {
  /// The world's name.
  package var world: String
  /// Its metric columns (``WorldMetrics/columnNames``).
  package var metrics: [String]
  /// Its fault columns (`faults_…`) and race columns (`races_…`).
  package var faults: [String]
  package var races: [String]
  /// The columns every table ends with.
  package var trailing: [String]
  /// The world's columns appended after them.
  package var appended: [String]

  /// The summary of the default world.
  package static var defaultWorld: SweepColumnsSummary { summary(of: WorldRegistry.worlds[0]) }

  private static func summary<World: RegisteredWorld>(of world: World.Type) -> SweepColumnsSummary {
    SweepColumnsSummary(
      world: World.worldName, metrics: World.Metrics.columnNames,
      faults: World.Draws.faults.map { "faults_" + $0.columnName },
      races: World.Draws.raceKinds.map { "races_" + $0.columnName }, trailing: Sweep<World>.trailingColumns,
      appended: World.Metrics.appendedColumns.map(\.name))
  }
}
