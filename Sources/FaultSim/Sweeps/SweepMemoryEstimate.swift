/// The memory a sweep is estimated to need: one simulation per worker, as
/// large as the world estimates its largest cell
/// (`MemorySizedWorld/estimatedBytes(_:)`), plus what the sweep keeps for
/// every cell while it runs — the cell itself and its running total —
/// counted from their layouts.
package struct SweepMemoryEstimate: Hashable, Sendable {
  /// One simulation of the largest cell.
  package var perSimulation: UInt64
  /// Simulations side by side: the workers.
  package var simulations: Int
  /// What the sweep keeps for its cells, summed over them.
  package var cellBytes: UInt64
  /// The whole estimate; `nil` when it does not fit 64 bits.
  package var total: UInt64?

  /// The estimate of `workers` simulations of the largest of `cells`, and
  /// of keeping every cell and its total.
  ///
  /// - Complexity: O(cells).
  package init<World: ScenarioWorld>(_ world: World.Type, _ cells: [Sweep<World>.Cell], workers: Int) {
    perSimulation = cells.map { World.engine.estimatedBytes($0.options) }.max() ?? 0
    simulations = max(1, workers)
    var kept: UInt64 = 0
    var overflow = false
    for cell in cells {
      let sum = kept.addingReportingOverflow(Sweep<World>.keptBytes(cell))
      kept = sum.partialValue
      overflow = overflow || sum.overflow
    }
    cellBytes = kept
    let side = perSimulation.multipliedReportingOverflow(by: UInt64(simulations))
    let whole = side.partialValue.addingReportingOverflow(kept)
    total = overflow || side.overflow || whole.overflow ? nil : whole.partialValue
  }

  /// Whether the estimate is at most `budget` bytes.
  package func fits(within budget: UInt64) -> Bool {
    total.map { $0 <= budget } ?? false
  }
}

extension Sweep {
  /// About how many bytes a sweep keeps for `cell` while it runs: the
  /// cell and its running total by their layouts, the cell's overrides
  /// and warnings by their count, and the blocks of each histogram of its
  /// total (``DurationHistogram/plannedBlocks``).
  static func keptBytes(_ cell: Cell) -> UInt64 {
    let layouts =
      MemoryLayout<Cell>.stride + MemoryLayout<CellResult?>.stride
      + cell.overrides.count * MemoryLayout<ScenarioOverride>.stride
      + cell.scenario.warnings.count * MemoryLayout<ScenarioWarning>.stride
    return UInt64(layouts)
      + UInt64(World.Metrics.histograms.count) * DurationHistogram.plannedBlocks * DurationHistogram.blockBytes
  }
}

extension DurationHistogram {
  /// The bytes of one block of counters: one power of two's sub-buckets.
  static var blockBytes: UInt64 { UInt64(subBuckets * MemoryLayout<UInt64>.stride) }

  /// The blocks a cell's total is planned to hold: its durations spread
  /// over 2⁸ between the fastest and the slowest (a millisecond to a
  /// quarter of a second, say). A total spanning more grows past the plan;
  /// each run's own watch still holds the memory that grows with a run.
  static let plannedBlocks: UInt64 = 8
}
