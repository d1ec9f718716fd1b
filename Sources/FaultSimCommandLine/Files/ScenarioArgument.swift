import FaultSim

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The scenario a command names: a file, or — when no file of that name
/// exists — a scenario that ships with FaultSim, by name
/// (`faultsim run checkout-reference`) or by its path in FaultSim's
/// repository (`scenarios/checkout-reference.json`, as replay lines print
/// it), so both work from any directory and for an installed binary.
///
/// A file always wins: a scenario of your own named like a shipped one is
/// read from disk.
enum ScenarioArgument {
  /// The scenario's bytes.
  ///
  /// - Throws: `ScenarioError` when neither a file nor a shipped scenario
  ///   has that name (with the closest shipped name when one is near), or
  ///   the file cannot be read.
  /// - Complexity: O(size of the file), or O(shipped scenarios).
  static func bytes(_ argument: String) throws(ScenarioError) -> [UInt8] {
    if !exists(argument), let shipped = Scenario.shippedFile(named: argument) {
      return Array(shipped.json.utf8)
    }
    do {
      return try ScenarioDocument.bytes(path: argument)
    } catch {
      guard !exists(argument), error.kind == .unreadableInput else { throw error }
      var message = error.message
      let stem = Scenario.stem(of: argument)
      if let near = SpellingSuggestion.closest(to: stem, among: Scenario.shippedNames) {
        message += "; did you mean the shipped scenario '\(near)'?"
      }
      message += " ('faultsim scenarios' lists the scenarios that ship with FaultSim)"
      throw ScenarioError(kind: error.kind, file: error.file, location: error.location, message: message)
    }
  }

  /// Loads the scenario, applying `overrides` first.
  static func load(_ argument: String, overrides: [ScenarioOverride] = []) throws(ScenarioError) -> Scenario {
    try Scenario.parse(bytes: bytes(argument), file: argument, overrides: overrides)
  }

  /// Whether something exists at `path` (a file, a folder, a broken link).
  private static func exists(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
  }
}
