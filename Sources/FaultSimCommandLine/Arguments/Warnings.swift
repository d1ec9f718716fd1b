import FaultSim

/// `--strict`: one option, read and documented the same way by `check`,
/// `run`, `sweep` and `explore`.
enum StrictOption {
  /// The declaration each of those commands lists.
  static let declaration = ArgumentDeclaration.flag(
    "--strict", "Treat warnings (options that cannot affect the result; see docs/no-op-checks.md) as errors: exit 65.")

  /// Whether `--strict` was given.
  static func read(_ arguments: inout ArgumentReader) -> Bool {
    arguments.flag(declaration)
  }
}

/// Things a command was asked to do that cannot affect its result — a
/// scenario option that is a no-op, a flag without effect — collected,
/// then printed on standard error as `warning: …` lines; under `--strict`
/// they are an error (65).
struct Warnings {
  private(set) var lines: [String] = []

  /// Adds a warning, without the `warning: ` prefix.
  mutating func add(_ text: String) {
    lines.append(text)
  }

  /// Adds a scenario's warnings.
  mutating func add(_ warnings: [ScenarioWarning]) {
    for warning in warnings { add(warning.description) }
  }

  /// Adds a warning about a flag: `--jobs 16: why`.
  mutating func add(flag: String, _ why: String) {
    add("\(flag): \(why)")
  }

  /// Adds a warning for every override that a later one replaces.
  ///
  /// - Parameter overrides: The flag as given (`--set a=1`) and its key
  ///   path, in the order they are applied.
  mutating func addShadowed(_ overrides: [(flag: String, keyPath: ScenarioKeyPath)]) {
    for warning in ScenarioOverride.shadowingWarnings(overrides) { add(warning) }
  }

  /// Prints the warnings collected since the last report on standard
  /// error, after what `output` holds so far, and forgets them.
  ///
  /// - Throws: `.data` (65) when there were any and `strict` is set.
  mutating func report(strict: Bool, after output: inout Output) throws(CommandFailure) {
    guard !lines.isEmpty else { return }
    output.flush()
    Output.error(lines.map { "warning: \($0)\n" }.joined())
    let count = lines.count
    lines.removeAll()
    if strict {
      throw .data(
        "--strict: \(count) warning\(count == 1 ? "" : "s") above; remove what cannot matter, or run without --strict")
    }
  }
}
