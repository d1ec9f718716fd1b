import FaultSim

/// One run's values named like a sweep table's columns, so that a CI job
/// reads a run and a sweep the same way, and `run --fail-if` takes the
/// conditions `sweep --fail-if` takes.
extension RunReport {
  /// The run's columns and fields: the world's metric columns, its fault
  /// and race kinds' coverage, and its appended columns — a sweep row of
  /// one seed without the columns about exploring interleavings or naming
  /// the version and digest.
  static func columns<World: ScenarioWorld>(
    _ world: World.Type, metrics: World.Metrics, summary: RunSummary
  ) -> (names: [String], fields: [String]) {
    var coverage = FaultCoverage<World.Draws>()
    coverage.add(summary)
    let names =
      World.Metrics.columnNames + FaultCoverage<World.Draws>.columns + World.Metrics.appendedColumns.map(\.name)
    let fields = metrics.fields(seeds: 1) + coverage.fields + metrics.appendedFields(seeds: 1)
    return (names, fields)
  }

  /// The column names a run of `World` has, for checking `--fail-if`
  /// before the run.
  static func columnNames<World: ScenarioWorld>(_ world: World.Type) -> [String] {
    World.Metrics.columnNames + FaultCoverage<World.Draws>.columns + World.Metrics.appendedColumns.map(\.name)
  }
}
