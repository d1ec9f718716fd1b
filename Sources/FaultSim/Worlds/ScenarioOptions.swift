/// A world's options as a scenario file holds them: read from the file's
/// keys, and checked for options that cannot matter (docs/no-op-checks.md).
protocol ScenarioOptions: Sendable {
  /// Reads the options from the scenario's top-level object; the reader
  /// refuses unknown keys when the document is finished.
  init(reading root: ScenarioObjectReader) throws(ScenarioError)

  /// The world's no-op checks, in the order their warnings are reported.
  static var noOpRules: [NoOpRule<Self>] { get }
}
