/// What a sweep was asked that cannot affect its table, found once when it
/// is planned: the scenario's no-ops (once for all the cells they concern),
/// settings and axes that a later one replaces, interleavings where no
/// cell can meet a race, and more jobs than pieces of work.
extension SweepPlan {
  /// The warnings known from the request and the cells, in the order
  /// they are reported.
  static func warnings(_ request: SweepRequest, _ sweep: Sweep<World>) -> [String] {
    var lines = sweep.warnings.map(\.description)
    lines += ScenarioOverride.shadowingWarnings(
      request.settings.map { ("--set \($0)", $0.keyPath) }
        + request.grid.axes.map { ("--vary \($0.keyPath)=\($0.values.joined(separator: ","))", $0.keyPath) })
    if let interleavings = request.givenInterleavings,
      !sweep.cells.contains(where: { World.engine.canMeetRace($0.options) })
    {
      lines.append("--interleavings \(interleavings): no cell can meet a race, so no seed is run in another order")
    }
    return lines
  }

  /// Every warning: ``warnings``, then, when `jobs` were given and are
  /// more than the `workItems` an execution cut the work into, that the
  /// surplus threads have nothing to do.
  ///
  /// - Parameters:
  ///   - jobs: The jobs given, or `nil` when the default was used.
  ///   - workItems: The pieces of work of the execution
  ///     (`SweepExecution/workItems`).
  package func warnings(jobs: Int?, workItems: Int) -> [String] {
    guard let jobs, workItems > 0, jobs > workItems else { return warnings }
    return warnings + [
      "--jobs \(jobs): there \(workItems == 1 ? "is 1 piece" : "are \(workItems) pieces") of work "
        + "(a cell and a range of its seeds each), so at most \(workItems) threads run"
    ]
  }
}
