/// A world's options as a scenario file holds them: one option table that
/// reads them and describes them (docs, schema, `--set` checks), and the
/// checks for options that cannot matter (docs/no-op-checks.md).
protocol ScenarioOptions: Sendable {
  /// The model's defaults: what a scenario that names no key runs.
  init()

  /// Every key of the world's scenario files, declared once
  /// (``OptionTable``): reading, the docs tables, the JSON Schema and the
  /// key-path check of `--set` and `--vary` all come from it.
  static var optionTable: OptionTable<Self> { get }

  /// The world's no-op checks, in the order their warnings are reported.
  static var noOpRules: [NoOpRule<Self>] { get }

  /// The world's checks for options with which runs cannot complete their
  /// work (every write killed before any answer, a server restarting faster
  /// than it processes), reported after the no-op checks.
  static var completionRules: [NoOpRule<Self>] { get }
}

extension ScenarioOptions {
  /// No completion checks unless the world declares some.
  static var completionRules: [NoOpRule<Self>] { [] }

  /// Reads the options from the scenario's top-level object, starting from
  /// the model's defaults; the reader refuses unknown keys when the
  /// document is finished.
  init(reading root: ScenarioObjectReader) throws(ScenarioError) {
    self.init()
    try Self.optionTable.read(into: &self, from: root)
  }

  /// The world's keys, described with the model's defaults.
  ///
  /// - Complexity: O(keys).
  static func describedKeys() -> OptionObject {
    optionTable.describe(Self())
  }
}
