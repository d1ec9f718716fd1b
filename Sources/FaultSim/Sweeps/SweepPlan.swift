/// A sweep ready to run: every cell read once, its world opened once, the
/// grid checked once (by its ``SweepRequest``), the memory it needs
/// estimated and checked against a budget once, and the warnings about
/// what cannot affect it collected once — all before any seed runs, so a
/// command only renders what the plan says and runs it.
///
/// A plan is made by ``SweepRequest/open(file:bytes:limits:_:)``, which
/// reads the first cell to learn the scenario's world and hands the plan
/// of that world to a ``SweepPlanVisitor``.
package struct SweepPlan<World: PluggableWorld>: Sendable {
  /// The request the plan was made from.
  package let request: SweepRequest
  /// The sweep: its cells, in grid order, and its digest.
  package let sweep: Sweep<World>
  /// The memory the sweep is estimated to need.
  package let memory: SweepMemoryEstimate
  /// Worker threads: the jobs asked for, but no more than there are runs.
  package let workers: Int
  /// What cannot affect the sweep, in the order they are reported, without
  /// the `warning: ` prefix; ``warnings(jobs:workItems:)`` adds the one
  /// that depends on how the work is cut.
  package let warnings: [String]

  /// Reads cells 1 and later (cell 0, `first`, is already read and its
  /// world opened), then checks the memory and collects the warnings.
  ///
  /// - Parameters:
  ///   - first: Cell 0's scenario and its options for `World`.
  /// - Throws: ``SweepPlanError``: a cell that is invalid or of another
  ///   world, or a sweep estimated to need more than `limits.memoryBytes`.
  /// - Complexity: O(cells × size of the scenario).
  package init(
    _ request: SweepRequest, file: String, bytes: [UInt8], first: (scenario: Scenario, options: World.Options),
    limits: SweepRequest.Limits
  ) throws(SweepPlanError) {
    var cells: [Sweep<World>.Cell] = []
    cells.reserveCapacity(request.cellCount)
    do {
      cells.append(try Sweep<World>.cell(0, first.scenario, first.options))
      for index in 1..<max(1, request.cellCount) {
        cells.append(
          try Sweep<World>.cell(
            index, file: file, bytes: bytes, settings: request.settings, grid: request.grid,
            configure: World.options(of:)))
      }
    } catch {
      throw .sweep(error)
    }
    self.request = request
    sweep = Sweep(
      file: file, bytes: bytes, settings: request.settings, grid: request.grid, seeds: request.seeds,
      interleavings: request.interleavings, cells: cells)
    // No more workers run than there are runs.
    let runs = UInt64(cells.count).multipliedReportingOverflow(by: request.seeds.count)
    workers = runs.overflow ? limits.jobs : Int(min(UInt64(max(1, limits.jobs)), runs.partialValue))
    memory = SweepMemoryEstimate(World.self, cells, workers: workers)
    if let budget = limits.memoryBytes, !memory.fits(within: budget) {
      throw .overMemoryBudget(memory, lower: World.engine.sizeKey + (workers > 1 ? " or --jobs" : ""))
    }
    warnings = Self.warnings(request, sweep)
  }

  /// The table's columns: the varied key paths, then the world's.
  package var columns: [String] {
    request.grid.axes.map(\.keyPath.description) + Sweep<World>.columns
  }

  /// Every cell's options, in grid order.
  package var cellOptions: [World.Options] {
    sweep.cells.map(\.options)
  }

  /// The execution of the request's shard, minus what `resume` (a
  /// checkpoint of an interrupted execution) already holds.
  ///
  /// - Throws: `PartialTableError` when the checkpoint belongs to another
  ///   sweep or shard, or its rows are inconsistent.
  package func execution(resume: PartialTable? = nil) throws(PartialTableError) -> SweepExecution<World> {
    try SweepExecution(sweep: sweep, shard: request.shard, resume: resume)
  }
}

/// Why a sweep could not be planned.
package enum SweepPlanError: Error, Sendable, CustomStringConvertible {
  /// A cell is invalid, or the sweep too large.
  case sweep(SweepError)
  /// The sweep is estimated to need more memory than the budget; `lower`
  /// names what to lower (`workload.operations or --jobs`).
  case overMemoryBudget(SweepMemoryEstimate, lower: String)

  package var description: String {
    switch self {
    case .sweep(let error): error.description
    case .overMemoryBudget(let estimate, let lower):
      "the sweep needs about \(estimate.total.map(String.init) ?? "more than \(UInt64.max)") bytes; lower \(lower)"
    }
  }
}
