/// One check for options that cannot affect a run as configured: which
/// keys, when, and why.
///
/// A rule *holds* when, given the rest of the options, every valid value of
/// its keys gives the same run — trace, metrics, final state, faults fired — as
/// leaving them out (race windows: when no race can be met with the window
/// given). Each rule is declared once, in its world's list
/// (`RequestWorldOptions.noOpRules` and the like), has a test that runs two
/// values and compares the runs, and a row in docs/no-op-checks.md that a
/// test keeps equal to ``why``.
struct NoOpRule<Options>: Sendable {
  /// A short stable name, e.g. `backoff-without-retries`.
  let name: String
  /// The dotted key paths the rule concerns; only those the document
  /// writes are reported.
  let keys: [String]
  /// Why the keys cannot matter, and what would make them matter: the
  /// warning's message and the docs' text.
  let why: String
  /// Whether the keys cannot matter with these options.
  let holds: @Sendable (Options, WrittenKeys) -> Bool

  init(
    _ name: String, keys: [String], why: String, holds: @escaping @Sendable (Options, WrittenKeys) -> Bool
  ) {
    self.name = name
    self.keys = keys
    self.why = why
    self.holds = holds
  }

  /// A rule that reads only the options.
  init(_ name: String, keys: [String], why: String, when holds: @escaping @Sendable (Options) -> Bool) {
    self.init(name, keys: keys, why: why) { options, _ in holds(options) }
  }
}

extension NoOpRule {
  /// The warnings of `rules`, in rule order: one per written key of a rule
  /// that holds, the first rule to name a key winning, and none for a key
  /// inside one already warned about (a backoff block, not its jitter).
  ///
  /// - Complexity: O(r·k + w²) for r rules of k keys and w warnings.
  static func warnings(
    _ rules: [NoOpRule], options: Options, keys: WrittenKeys, file: String
  ) -> [ScenarioWarning] {
    var found: [(path: String, warning: ScenarioWarning)] = []
    for rule in rules {
      let written = rule.keys.filter(keys.contains)
      guard !written.isEmpty, rule.holds(options, keys) else { continue }
      for path in written where !found.contains(where: { $0.path == path }) {
        let keyPath = ScenarioKeyPath(path.split(separator: ".").map { .key(String($0)) })
        found.append(
          (
            path,
            ScenarioWarning(
              file: file, keyPath: keyPath, location: keys.location(of: path), check: rule.name, message: rule.why)
          ))
      }
    }
    return found.filter { entry in !found.contains { entry.path.hasPrefix($0.path + ".") } }.map(\.warning)
  }
}
