/// The memory budget of runs your code starts — a property check,
/// `runOnce`, `measure`, a plugged scenario's runs — as the command line
/// has one: the same default (2 GiB) and the same environment variable
/// (`FAULTSIM_MEMORY_BUDGET`), enforced while each run goes, so that a
/// scenario too large for the machine stops with a message naming what
/// held the memory instead of pushing a test run into swap.
extension RunWatch {
  /// A watch whose memory limit is the budget shared by `workers` runs
  /// side by side (a property check's threads): the budget
  /// `FAULTSIM_MEMORY_BUDGET` sets, else the default.
  ///
  /// - Parameters:
  ///   - workers: The runs that go at once; each may hold an equal share.
  ///   - environment: The environment (the process's by default).
  /// - Throws: ``SimulationError/configuration(_:)`` when the variable is
  ///   set to something that is not a size, with the rule and the value.
  /// - Complexity: O(length of the variable's value).
  @usableFromInline
  package static func forRunsOfYourCode(sharedBy workers: Int = 1) throws(SimulationError) -> RunWatch {
    try forRunsOfYourCode(sharedBy: workers, environment: PropertySeeds.environment)
  }

  /// ``forRunsOfYourCode(sharedBy:)`` reading `value` for the environment.
  package static func forRunsOfYourCode(
    sharedBy workers: Int, environment value: (String) -> String?
  ) throws(SimulationError) -> RunWatch {
    let variable = MemorySize.budgetVariable
    var budget = MemorySize.defaultBudget
    var origin = "FaultSim's default for runs of your code"
    do {
      if let set = try MemorySize.budgetVariable(in: value) { (budget, origin) = set }
    } catch {
      throw .configuration(error.message)
    }
    let shared = UInt64(max(1, workers))
    let share = shared > 1 ? ", shared by \(shared) threads" : ""
    return RunWatch(
      memoryLimit: MemoryLimit(
        bytes: budget / shared,
        advice: "the budget is \(MemoryOverrun.text(budget)) from \(origin)\(share); run less work per seed, "
          + "or raise the budget with \(variable), e.g. \(variable)=8GiB swift test"))
  }
}
