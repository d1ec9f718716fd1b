/// The format of the report `faultsim run` prints after a run.
enum RunReportFormat: String, CaseIterable {
  /// Aligned `name: value` lines, for people.
  case text
  /// One JSON object, for CI jobs and scripts.
  case json
}
