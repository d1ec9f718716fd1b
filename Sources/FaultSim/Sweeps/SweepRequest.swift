/// What a sweep is asked to run, before any scenario is read: the settings
/// every cell applies, the grid, the seeds, the interleavings and the
/// shard — checked once, when it is made, so that a grid that repeats an
/// experiment or is too large is refused before a file is opened.
///
/// ``open(file:bytes:limits:_:)`` then reads every cell into a
/// ``SweepPlan`` of the scenario's world.
package struct SweepRequest: Sendable {
  /// Overrides every cell applies first (`--set`).
  package let settings: [ScenarioOverride]
  /// The varied key paths and their values (`--vary`).
  package let grid: SweepGrid
  /// The seeds every cell runs.
  package let seeds: SeedRange
  /// Interleavings tried per seed that meets a race, as given; `nil` when
  /// not given, and then ``defaultInterleavings``.
  package let givenInterleavings: Int?
  /// The part of the sweep to run.
  package let shard: SweepShard
  /// The number of cells.
  package let cellCount: Int

  /// What a plan is checked against before anything runs.
  package struct Limits: Sendable {
    /// Worker threads asked for.
    package var jobs: Int
    /// The most memory the sweep may plan to use; `nil` checks nothing.
    package var memoryBytes: UInt64?

    /// Limits of `jobs` workers within `memoryBytes`.
    package init(jobs: Int, memoryBytes: UInt64? = nil) {
      self.jobs = jobs
      self.memoryBytes = memoryBytes
    }
  }

  /// Interleavings tried per seed when none are given.
  package static let defaultInterleavings = 8

  /// Interleavings tried per seed that meets a race.
  package var interleavings: Int { givenInterleavings ?? Self.defaultInterleavings }

  /// A request, checked: every cell a different experiment, at most
  /// `maximumCells` cells and `Sweep/maximumRuns` runs.
  ///
  /// - Throws: ``SweepError/invalidGrid(_:)`` or ``SweepError/tooLarge(_:)``.
  /// - Complexity: O(values of the grid).
  package init(
    settings: [ScenarioOverride], grid: SweepGrid, seeds: SeedRange, interleavings: Int? = nil,
    shard: SweepShard = .whole, maximumCells: Int = SweepGrid.maximumCells
  ) throws(SweepError) {
    cellCount = try Self.check(settings: settings, grid: grid, seeds: seeds, maximumCells: maximumCells)
    self.settings = settings
    self.grid = grid
    self.seeds = seeds
    givenInterleavings = interleavings
    self.shard = shard
  }

  /// The most (cells × seeds) one sweep accepts.
  package static let maximumRuns: UInt64 = 1 << 40

  /// Checks that every cell is a different experiment and that the sweep
  /// is not too large; returns the number of cells.
  ///
  /// - Complexity: O(values of the grid).
  package static func check(
    settings: [ScenarioOverride], grid: SweepGrid, seeds: SeedRange, maximumCells: Int
  ) throws(SweepError) -> Int {
    guard let count = grid.cellCount, count <= maximumCells else {
      throw .tooLarge(
        "the grid has \(grid.cellCount.map(String.init) ?? "more than \(Int.max)") cells; at most \(maximumCells) are allowed — vary fewer values"
      )
    }
    // Every cell a different experiment: no value twice on an axis, no
    // setting that an axis replaces.
    do {
      try grid.check(settings: settings, maximumCells: maximumCells)
    } catch {
      throw .invalidGrid(error.description)
    }
    let (runs, overflow) = UInt64(count).multipliedReportingOverflow(by: seeds.count)
    guard !overflow, runs <= maximumRuns else {
      throw .tooLarge(
        "\(count) cells × \(seeds.count) seeds is more than \(maximumRuns) runs; lower the seed range or the grid")
    }
    return count
  }

  /// The overrides of cell `index`: the settings, then the cell's value of
  /// each axis.
  package func overrides(ofCell index: Int) -> [ScenarioOverride] {
    settings + grid.cell(index)
  }
}
