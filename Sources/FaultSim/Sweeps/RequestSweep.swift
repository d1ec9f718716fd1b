/// A sweep of a request-world scenario: every seed of a range for every cell
/// of a grid, one CSV row per cell in grid order.
public struct RequestSweep: Sendable {
  /// One cell: its overrides, its validated scenario.
  public struct Cell: Sendable {
    public var overrides: [ScenarioOverride]
    public var scenario: Scenario
    public var options: RequestWorldOptions
  }

  /// The most (cells × seeds) one sweep accepts; above it, the sweep is
  /// refused up front with a message saying which value to lower.
  public static let maximumRuns: UInt64 = 1 << 40

  public let grid: SweepGrid
  public let seeds: SeedRange
  public let cells: [Cell]

  /// Validates every cell before anything runs, so a bad value in the last
  /// cell fails in a second, not after hours.
  ///
  /// - Parameters:
  ///   - file: The scenario file.
  ///   - bytes: Its contents.
  ///   - settings: `--set` overrides, applied to every cell.
  ///   - grid: The `--vary` axes.
  ///   - seeds: The seed range run in every cell.
  public init(
    file: String, bytes: [UInt8], settings: [ScenarioOverride], grid: SweepGrid, seeds: SeedRange,
    maximumCells: Int = 100_000
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
      guard case .request(let options) = scenario.world else {
        throw .scenario(ScenarioError(file: file, message: "sweep supports the request world"))
      }
      cells.append(Cell(overrides: overrides, scenario: scenario, options: options))
    }
    self.grid = grid
    self.seeds = seeds
    self.cells = cells
  }

  /// The CSV header.
  public var header: String {
    RequestSweepTable.header(varied: grid.axes.map(\.keyPath.description))
  }

  /// Runs one cell over every seed.
  public func measure(cell index: Int) throws(SimulationError) -> RequestMetrics {
    try RequestWorld.measure(cells[index].options, seeds: seeds)
  }

  /// The CSV row of a measured cell.
  public func row(cell index: Int, metrics: RequestMetrics) -> String {
    let values = grid.cell(index).map(\.text)
    return RequestSweepTable.row(
      values: values, seeds: seeds.count, metrics: metrics, version: Scenario.faultSimVersion,
      digest: cells[index].scenario.digest)
  }

  /// The whole table, computed cell by cell.
  public func table() throws(SimulationError) -> String {
    var text = header
    for index in cells.indices {
      text += row(cell: index, metrics: try measure(cell: index))
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
