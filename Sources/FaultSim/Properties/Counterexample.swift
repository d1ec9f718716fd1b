/// A shrunk failing run: the few faults (and race orders) that still break
/// the property, on a scenario made as small as they allow, as a short
/// timeline.
public struct Counterexample: Sendable, CustomStringConvertible {
  /// The faults of the original failing run.
  @usableFromInline package var originalFaults: Int
  /// The faults kept, described for people.
  public var faults: [String]
  /// Races answered other than in FIFO order, described.
  @usableFromInline package var races: [String]
  /// Whether latencies and other values were simplified to the middle of
  /// their distributions.
  @usableFromInline package var valuesSimplified: Bool
  /// Overrides that made the scenario smaller (`workload.operations=18`).
  public var smaller: [String]
  /// The timeline of the shrunk run, cut to the entities of the faults.
  public var timeline: [TraceEntry]
  /// Timeline lines left out at the end (the replay command shows them).
  public var omittedLines: Int
  /// Runs shrinking made (at most the budget's ``ShrinkBudget/runs``).
  @usableFromInline package var runs: Int
  /// Whether shrinking stopped because it used its ``ShrinkBudget``: the
  /// counterexample may then not be minimal.
  @usableFromInline package var budgetExhausted: Bool
  /// Why the run was not shrunk at all, when it was not.
  @usableFromInline package var notShrunkBecause: String? = nil

  /// The shrunk faults, races, smaller overrides and timeline, one item per
  /// line, as `faultsim` and property reports print them.
  public var description: String {
    var lines = [
      "shrunk counterexample: \(originalFaults) fault\(originalFaults == 1 ? "" : "s") -> \(faults.count), \(runs) runs"
        + (budgetExhausted ? " (stopped at the budget: may not be minimal)" : "")
    ]
    if let notShrunkBecause { lines[0] = "counterexample, not shrunk: \(notShrunkBecause)" }
    lines.append("  faults:")
    lines += faults.isEmpty ? ["    none (the property fails without any fault)"] : faults.map { "    \($0)" }
    if !races.isEmpty {
      lines.append("  races:")
      lines += races.map { "    \($0)" }
    }
    var simplifications: [String] = []
    if valuesSimplified { simplifications.append("latencies and other values at the middle of their distributions") }
    simplifications += smaller.map { "--set \($0)" }
    if !simplifications.isEmpty { lines.append("  simplified: " + simplifications.joined(separator: "; ")) }
    lines.append("  timeline:")
    lines += timeline.map { "  \($0)" }
    if omittedLines > 0 { lines.append("    … \(omittedLines) more lines") }
    return lines.joined(separator: "\n")
  }
}
