/// An option a scenario sets that cannot affect the run as configured: the
/// key, why it cannot matter, and what would make it matter.
///
/// Produced when a scenario is read (`Scenario.warnings`), one per
/// written key that one of the world's no-op checks finds;
/// `faultsim` prints them as `warning: <file>: <key.path>: <why>`, and
/// `--strict` turns them into errors. The checks are listed, each with its
/// reason, in docs/no-op-checks.md.
public struct ScenarioWarning: Hashable, Sendable, CustomStringConvertible {
  /// The scenario file as the user named it.
  public var file: String
  /// The option that cannot matter.
  @usableFromInline package var keyPath: ScenarioKeyPath
  /// Where its value starts; line 0 when it was set on the command line.
  @usableFromInline package var location: ScenarioLocation?
  /// The check that found it, as named in docs/no-op-checks.md.
  public var check: String
  /// Why it cannot matter, and what would make it matter.
  public var message: String

  /// A warning; see the properties for each argument.
  @usableFromInline package init(
    file: String, keyPath: ScenarioKeyPath, location: ScenarioLocation? = nil, check: String, message: String
  ) {
    self.file = file
    self.keyPath = keyPath
    self.location = location
    self.check = check
    self.message = message
  }

  /// The option's key path as a scenario file or `--set` writes it:
  /// `client.app.outbox`.
  public var key: String { keyPath.description }

  /// `file: key.path: why`, with `(command-line override)` after the file
  /// when `--set` or `--vary` wrote the key (as errors say it).
  public var description: String {
    let source = location?.line == 0 ? " (command-line override)" : ""
    return "\(file)\(source): \(keyPath): \(message)"
  }
}
