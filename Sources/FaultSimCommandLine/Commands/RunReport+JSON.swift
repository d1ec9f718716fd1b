import FaultSim

/// `faultsim run --report json`: the run's report as one JSON object, for
/// CI jobs and scripts. It is built from the same lines and columns as the
/// text report, so the two cannot say different things.
extension RunReport {
  /// The object, pretty-printed, ending with a line break:
  /// `scenario`, `file`, `world`, `digest`, `seed`, `events`, `report`
  /// (the text report's lines, label to text, in order), `columns` (the
  /// sweep table's column names to numbers) and `replay`.
  static func json<World: ScenarioWorld>(
    _ world: World.Type, scenario: Scenario, seed: UInt64, metrics: World.Metrics, summary: RunSummary,
    replay: String
  ) -> String {
    let lines = self.lines(World.self, scenario: scenario, seed: seed, metrics: metrics, summary: summary)
    let columns = self.columns(World.self, metrics: metrics, summary: summary)
    let object = JSONOutput.object([
      ("scenario", .string(scenario.name)),
      ("file", .string(scenario.file)),
      ("world", .string(scenario.world.name)),
      ("digest", .string(scenario.digest)),
      ("seed", .unsigned(seed)),
      ("events", .unsigned(summary.events)),
      ("report", .object(lines.map { (key: $0.0, value: .string($0.1)) })),
      ("columns", .object(zip(columns.names, columns.fields).map { (key: $0.0, value: value(of: $0.1)) })),
      ("replay", .string(replay)),
    ])
    return object.pretty() + "\n"
  }

  /// A field as a JSON number when it is one (a whole count exactly),
  /// otherwise as a string.
  static func value(of field: String) -> JSONOutput {
    if let count = UInt64(field) { return .unsigned(count) }
    if let number = Double(field), number.isFinite, field.first != "+" { return .number(number) }
    return .string(field)
  }
}
