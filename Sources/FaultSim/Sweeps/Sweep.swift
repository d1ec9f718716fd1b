/// A sweep of a scenario: every seed of a range for every cell of a grid,
/// one CSV row per cell in grid order, for any world.
public struct Sweep<World: ScenarioWorld>: Sendable where World.Options: Sendable {
  /// One cell: its overrides and its validated scenario.
  public struct Cell: Sendable {
    public var overrides: [ScenarioOverride]
    public var scenario: Scenario
    public var options: World.Options
  }

  /// One measured cell.
  public struct CellResult: Sendable {
    /// The metrics of the FIFO runs of every seed.
    public var metrics: World.Metrics
    /// Seeds whose runs met at least one race.
    public var seedsWithRaces: UInt64 = 0
    /// Seeds in which two interleavings of the same faults ended differently.
    public var orderSensitiveSeeds: UInt64 = 0

    public init(metrics: World.Metrics) {
      self.metrics = metrics
    }

    public mutating func merge(_ other: CellResult) {
      metrics.merge(other.metrics)
      seedsWithRaces &+= other.seedsWithRaces
      orderSensitiveSeeds &+= other.orderSensitiveSeeds
    }
  }

  /// The most (cells × seeds) one sweep accepts; above it, the sweep is
  /// refused up front with a message saying which value to lower.
  public static var maximumRuns: UInt64 { 1 << 40 }

  public let grid: SweepGrid
  public let seeds: SeedRange
  /// Interleavings tried per seed that meets a race (1: FIFO only).
  public let interleavings: Int
  public let cells: [Cell]

  /// Validates every cell before anything runs, so a bad value in the last
  /// cell fails in a second, not after hours.
  public init(
    file: String, bytes: [UInt8], settings: [ScenarioOverride], grid: SweepGrid, seeds: SeedRange,
    interleavings: Int = 8, maximumCells: Int = 100_000
  ) throws(SweepError) {
    guard let count = grid.cellCount, count <= maximumCells else {
      throw .tooLarge(
        "the grid has \(grid.cellCount.map(String.init) ?? "more than \(Int.max)") cells; at most \(maximumCells) are allowed — vary fewer values"
      )
    }
    let (runs, overflow) = UInt64(count).multipliedReportingOverflow(by: seeds.count)
    guard !overflow, runs <= Self.maximumRuns else {
      throw .tooLarge(
        "\(count) cells × \(seeds.count) seeds is more than \(Self.maximumRuns) runs; lower the seed range or the grid")
    }
    var cells: [Cell] = []
    for index in 0..<count {
      let overrides = settings + grid.cell(index)
      let scenario: Scenario
      do {
        scenario = try Scenario.parse(bytes: bytes, file: file, overrides: overrides)
      } catch {
        throw .scenario(error)
      }
      guard let options = World.options(of: scenario.world) else {
        throw .scenario(ScenarioError(file: file, message: "cell \(index) is not a \(World.worldName) world"))
      }
      cells.append(Cell(overrides: overrides, scenario: scenario, options: options))
    }
    self.grid = grid
    self.seeds = seeds
    self.interleavings = max(1, interleavings)
    self.cells = cells
  }

  /// The CSV header.
  public var header: String {
    CSVWriter.record(grid.axes.map(\.keyPath.description) + World.Metrics.columns + Self.trailingColumns)
  }

  /// Columns every table ends with.
  public static var trailingColumns: [String] {
    ["seeds_with_races", "order_sensitive_rate", "interleavings_per_seed", "faultsim_version", "scenario_digest"]
  }

  /// Runs one cell over a range of its seeds (all by default).
  ///
  /// Each seed runs once in FIFO order for the metrics. A seed whose run met
  /// a race is explored further, depth-first, up to `interleavings` orders
  /// of the same faults; it is order-sensitive when two end differently.
  public func measure(cell index: Int, seeds range: SeedRange? = nil) throws(SimulationError) -> CellResult {
    let runner = World.makeRunner(cells[index].options)
    let range = range ?? seeds
    var result = CellResult(metrics: World.Metrics())
    var seed = range.lowerBound
    while seed < range.upperBound {
      let (metrics, summary, digest) = try runner.run(seed, .fifo)
      result.metrics.merge(metrics)
      if !summary.choices.isEmpty {
        result.seedsWithRaces &+= 1
        if interleavings > 1 {
          let sensitive = try Self.isOrderSensitive(
            runner, seed: seed, first: (summary, digest), limit: interleavings)
          if sensitive { result.orderSensitiveSeeds &+= 1 }
        }
      }
      seed += 1
    }
    return result
  }

  /// Whether some explored interleaving of `seed` ends unlike FIFO.
  static func isOrderSensitive(
    _ runner: WorldRunner<World.Metrics, World.FinalState>, seed: UInt64, first: (RunSummary, UInt64), limit: Int
  ) throws(SimulationError) -> Bool {
    var firstRun = true
    do {
      let exploration = try InterleavingExplorer.explore(limit: limit) { strategy in
        if firstRun {
          firstRun = false
          return first
        }
        let (_, summary, digest) = try runner.run(seed, strategy)
        return (summary, digest)
      }
      return exploration.isOrderSensitive
    } catch let error as SimulationError {
      throw error
    } catch {
      throw .model("exploration failed: \(error)")
    }
  }

  /// The CSV row of a measured cell.
  public func row(cell index: Int, result: CellResult) -> String {
    let values = grid.cell(index).map(\.text)
    let rate = seeds.count == 0 ? 0 : Double(result.orderSensitiveSeeds) / Double(seeds.count)
    return CSVWriter.record(
      values + result.metrics.fields(seeds: seeds.count) + [
        "\(result.seedsWithRaces)", DecimalText.fixed(rate, 6), "\(interleavings)", Scenario.faultSimVersion,
        cells[index].scenario.digest,
      ])
  }

  /// The whole table, computed cell by cell.
  public func table() throws(SimulationError) -> String {
    var text = header
    for index in cells.indices {
      text += row(cell: index, result: try measure(cell: index))
    }
    return text
  }
}

/// Why a sweep could not start or finish.
public enum SweepError: Error, Sendable, CustomStringConvertible {
  /// A cell's scenario is invalid.
  case scenario(ScenarioError)
  /// The sweep is larger than FaultSim accepts.
  case tooLarge(String)
  /// A run failed.
  case simulation(SimulationError)

  public var description: String {
    switch self {
    case .scenario(let error): return error.description
    case .tooLarge(let message): return message
    case .simulation(let error): return error.description
    }
  }
}
