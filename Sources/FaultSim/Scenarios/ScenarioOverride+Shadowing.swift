/// Overrides that a later one replaces: a `--set` or `--vary` whose value
/// never reaches the run, because a later override of the same key path
/// (or of an object around it) writes over it.
extension ScenarioOverride {
  /// One warning for every override that a later one replaces, in order:
  /// `--set a=1: replaced by the later --set a=2, so it cannot matter;
  /// drop one of them`.
  ///
  /// - Parameter overrides: The flag as given (`--set a=1`) and its key
  ///   path, in the order they are applied.
  /// - Complexity: O(n²) in the number of overrides (a command line's
  ///   worth).
  package static func shadowingWarnings(_ overrides: [(flag: String, keyPath: ScenarioKeyPath)]) -> [String] {
    var warnings: [String] = []
    for (index, override) in overrides.enumerated() {
      guard let later = overrides[(index + 1)...].first(where: { override.keyPath.isWithin($0.keyPath) }) else {
        continue
      }
      warnings.append("\(override.flag): replaced by the later \(later.flag), so it cannot matter; drop one of them")
    }
    return warnings
  }
}
