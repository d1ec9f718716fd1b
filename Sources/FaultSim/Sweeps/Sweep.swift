/// A sweep of a scenario: every seed of a range for every cell of a grid,
/// one CSV row per cell in grid order, for any world.
@usableFromInline package struct Sweep<World: ScenarioWorld>: Sendable where World.Options: Sendable {
  /// One cell: its overrides and its validated scenario.
  @usableFromInline package struct Cell: Sendable {
    /// The sweep's `settings`, then this cell's value of each axis.
    @usableFromInline package var overrides: [ScenarioOverride]
    /// The scenario read with the cell's overrides applied.
    @usableFromInline package var scenario: Scenario
    /// The cell's options for the sweep's world.
    @usableFromInline package var options: World.Options
  }

  /// One measured cell.
  @usableFromInline package struct CellResult: Sendable {
    /// The metrics of the FIFO runs of every seed.
    @usableFromInline package var metrics: World.Metrics
    /// Seeds whose runs met at least one race.
    @usableFromInline package var seedsWithRaces: UInt64 = 0
    /// Seeds in which two interleavings of the same faults ended differently.
    @usableFromInline package var orderSensitiveSeeds: UInt64 = 0
    /// Faults fired and races met in the FIFO runs.
    @usableFromInline package var coverage = FaultCoverage<World.Draws>()

    /// The result of a cell with `metrics`, no seed with a race and no faults
    /// counted.
    @usableFromInline package init(metrics: World.Metrics) {
      self.metrics = metrics
    }

    /// Adds another result of the same cell.
    ///
    /// - Throws: `MetricsOverflow` when a sum does not fit 64 bits.
    @usableFromInline package mutating func merge(_ other: CellResult) throws(MetricsOverflow) {
      try metrics.merge(other.metrics)
      let races = seedsWithRaces.addingReportingOverflow(other.seedsWithRaces)
      let sensitive = orderSensitiveSeeds.addingReportingOverflow(other.orderSensitiveSeeds)
      guard !races.overflow else { throw MetricsOverflow(counter: "seeds_with_races") }
      guard !sensitive.overflow else { throw MetricsOverflow(counter: "order_sensitive_seeds") }
      seedsWithRaces = races.partialValue
      orderSensitiveSeeds = sensitive.partialValue
      try coverage.merge(other.coverage)
    }

    /// The partial state of a partial table's row: the metrics' state, then
    /// `~` and the coverage (``FaultCoverage/encoded``).
    package var encodedState: String {
      "\(metrics.encodedState)~\(coverage.encoded)"
    }

    /// Reads a state written by ``encodedState``.
    package init(
      decodingState text: String, seedsWithRaces: UInt64, orderSensitiveSeeds: UInt64
    ) throws(MetricsStateError) {
      let parts = text.split(separator: "~", omittingEmptySubsequences: false)
      guard parts.count == 2 else {
        throw MetricsStateError("expected metrics and fault coverage separated by '~', found \(parts.count) parts")
      }
      metrics = try World.Metrics(decodingState: String(parts[0]))
      guard let coverage = FaultCoverage<World.Draws>(encoded: parts[1]) else {
        throw MetricsStateError("'\(parts[1].prefix(40))' does not hold fault and race counts")
      }
      self.coverage = coverage
      self.seedsWithRaces = seedsWithRaces
      self.orderSensitiveSeeds = orderSensitiveSeeds
    }

  }

  /// The most (cells × seeds) one sweep accepts; above it, the sweep is
  /// refused up front with a message saying which value to lower.
  @usableFromInline package static var maximumRuns: UInt64 { SweepRequest.maximumRuns }

  /// The most cells one sweep accepts (``SweepGrid/maximumCells``).
  @usableFromInline package static var maximumCells: Int { SweepGrid.maximumCells }

  /// The varied key paths and their values.
  @usableFromInline package let grid: SweepGrid
  /// The seeds every cell runs.
  @usableFromInline package let seeds: SeedRange
  /// Identifies the sweep — scenario bytes, settings, grid, seeds,
  /// interleavings and world — in partial tables, so parts of different
  /// sweeps are never combined.
  @usableFromInline package let digest: String
  /// Interleavings tried per seed that meets a race (1: FIFO only).
  @usableFromInline package let interleavings: Int
  /// Every cell, in grid order (``SweepGrid/cell(_:)``), validated before
  /// anything runs.
  @usableFromInline package let cells: [Cell]

  /// Validates every cell before anything runs, so a bad value in the last
  /// cell fails in a second, not after hours.
  ///
  /// - Parameters:
  ///   - file: The scenario file's name, for messages and digests.
  ///   - bytes: The scenario file's bytes, read again for every cell.
  ///   - settings: Overrides every cell applies first.
  ///   - grid: The varied key paths and their values.
  ///   - seeds: The seeds every cell runs.
  ///   - interleavings: Interleavings tried per seed that meets a race.
  ///   - maximumCells: The most cells accepted.
  ///   - configure: A cell's options from its scenario's world: by
  ///     default the world's own options (``ScenarioWorld/options(of:)``);
  ///     a world with decisions given in Swift adds them here.
  @usableFromInline package init(
    file: String, bytes: [UInt8], settings: [ScenarioOverride], grid: SweepGrid, seeds: SeedRange,
    interleavings: Int = 8, maximumCells: Int = Self.maximumCells,
    configure: (Scenario.World) -> World.Options? = World.options(of:)
  ) throws(SweepError) {
    let count = try SweepRequest.check(settings: settings, grid: grid, seeds: seeds, maximumCells: maximumCells)
    var cells: [Cell] = []
    for index in 0..<count {
      cells.append(try Self.cell(index, file: file, bytes: bytes, settings: settings, grid: grid, configure: configure))
    }
    self.init(
      file: file, bytes: bytes, settings: settings, grid: grid, seeds: seeds, interleavings: interleavings, cells: cells
    )
  }

  /// A sweep of cells already read and validated (``SweepPlan`` reads
  /// each one once).
  ///
  /// - Complexity: O(size of the scenario and the grid), for the digest.
  package init(
    file: String, bytes: [UInt8], settings: [ScenarioOverride], grid: SweepGrid, seeds: SeedRange,
    interleavings: Int, cells: [Cell]
  ) {
    self.grid = grid
    self.seeds = seeds
    self.interleavings = max(1, interleavings)
    self.cells = cells
    var digest = ContentDigest()
    digest.absorb(bytes)
    for setting in settings { digest.absorb(Array("\u{0}set \(setting)".utf8)) }
    for axis in grid.axes {
      digest.absorb(Array("\u{0}vary \(axis.keyPath)=\(axis.values.joined(separator: "\u{1}"))".utf8))
    }
    digest.absorb(Array("\u{0}seeds \(seeds) interleavings \(self.interleavings) world \(World.worldName)".utf8))
    self.digest = digest.hex
  }

  /// Cell `index` read from the scenario's bytes with its overrides.
  package static func cell(
    _ index: Int, file: String, bytes: [UInt8], settings: [ScenarioOverride], grid: SweepGrid,
    configure: (Scenario.World) -> World.Options?
  ) throws(SweepError) -> Cell {
    let overrides = settings + grid.cell(index)
    let scenario: Scenario
    do {
      scenario = try Scenario.parse(bytes: bytes, file: file, overrides: overrides)
    } catch {
      throw .scenario(error)
    }
    return try cell(index, scenario, configure(scenario.world))
  }

  /// Cell `index` of `scenario`, whose world gave `options` (`nil`: the
  /// scenario is of another world).
  package static func cell(_ index: Int, _ scenario: Scenario, _ options: World.Options?) throws(SweepError) -> Cell {
    guard let options else {
      throw .scenario(ScenarioError(file: scenario.file, message: "cell \(index) is not a \(World.worldName) world"))
    }
    return Cell(overrides: scenario.overrides, scenario: scenario, options: options)
  }

  /// The CSV header.
  @usableFromInline package var header: String { header(details: []) }

  /// The CSV header of a table whose cells have the detail columns
  /// `details` (``MetricsDetails``: a request world's routes), last.
  func header(details: [String]) -> String {
    CSVWriter.record(grid.axes.map(\.keyPath.description) + Self.columns + details)
  }

  /// Runs one cell over a range of its seeds (all by default).
  ///
  /// Each seed runs once in FIFO order for the metrics. A seed whose run met
  /// a race is explored further, depth-first, up to `interleavings` orders
  /// of the same faults; it is order-sensitive when two end differently.
  @usableFromInline package func measure(cell index: Int, seeds range: SeedRange? = nil) throws(SimulationError)
    -> CellResult
  {
    // Without a stop condition the result is never nil.
    try measure(World.makeRunner(cells[index].options), seeds: range ?? seeds, stop: { false })
      ?? CellResult(metrics: World.Metrics())
  }

  /// Runs seeds on a runner; `nil` when `stop` turned true before the end.
  func measure(
    _ runner: WorldRunner<World.Metrics, World.FinalState>, seeds range: SeedRange, stop: () -> Bool
  ) throws(SimulationError) -> CellResult? {
    var result = CellResult(metrics: World.Metrics())
    var seed = range.lowerBound
    while seed < range.upperBound {
      if stop() { return nil }
      let run = try runner.run(seed, .fifo)
      do {
        try result.metrics.merge(run.metrics)
        var coverage = FaultCoverage<World.Draws>()
        coverage.add(run.summary)
        try result.coverage.merge(coverage)
      } catch {
        throw .sumOverflow(error)
      }
      if !run.summary.choices.isEmpty {
        // At most one per seed: a range of seeds cannot overflow it.
        result.seedsWithRaces &+= 1
        if interleavings > 1 {
          let sensitive = try Self.isOrderSensitive(
            runner, seed: seed, first: run, limit: interleavings)
          if sensitive { result.orderSensitiveSeeds &+= 1 }
        }
      }
      seed += 1
    }
    return result
  }

  /// Whether some explored interleaving of `seed` ends unlike FIFO.
  static func isOrderSensitive(
    _ runner: WorldRunner<World.Metrics, World.FinalState>, seed: UInt64, first: SeedRun<World.Metrics>, limit: Int
  ) throws(SimulationError) -> Bool {
    var firstRun = true
    do {
      let exploration = try InterleavingExplorer.explore(limit: limit) { strategy in
        if firstRun {
          firstRun = false
          return (first.summary, first.finalStateDigest)
        }
        let run = try runner.run(seed, strategy)
        return (run.summary, run.finalStateDigest)
      }
      return exploration.isOrderSensitive
    } catch let error as SimulationError {
      throw error
    } catch {
      throw .model("exploration failed: \(error)")
    }
  }

  /// The CSV row of a measured cell, with the fields of the table's
  /// detail columns `details`.
  @usableFromInline package func row(cell index: Int, result: CellResult, details: [String] = []) -> String {
    Self.record(
      axisValues: grid.cell(index).map(\.text), result: result, seeds: seeds.count, interleavings: interleavings,
      version: Scenario.faultSimVersion, digest: cells[index].scenario.digest, details: details)
  }

  /// The table of every cell's result: the header, with the union of the
  /// cells' detail columns last, then a row per cell.
  func table(of results: [CellResult]) -> String {
    let details = World.Metrics.detailColumns(of: results.map(\.metrics))
    var text = header(details: details)
    for (index, result) in results.enumerated() {
      text += row(cell: index, result: result, details: details)
    }
    return text
  }

  /// The whole table, computed cell by cell on this thread.
  @usableFromInline package func table() throws(SimulationError) -> String {
    var results: [CellResult] = []
    for index in cells.indices {
      results.append(try measure(cell: index))
    }
    return table(of: results)
  }

  /// A partial table of this sweep.
  func partialTable(shard: SweepShard, rows: [PartialTable.Row]) -> PartialTable {
    PartialTable(
      version: Scenario.faultSimVersion, sweepDigest: digest, world: World.worldName, shard: shard,
      cells: cells.count, seeds: seeds, interleavings: interleavings, axes: grid.axes.map(\.keyPath.description),
      rows: rows)
  }

  /// Refuses a checkpoint of another sweep or shard, or whose rows do not
  /// name this sweep's cells.
  func check(_ partial: PartialTable, shard: SweepShard) throws(PartialTableError) {
    func failure(_ message: String) -> PartialTableError { PartialTableError(file: partial.file, message: message) }
    guard partial.version == Scenario.faultSimVersion else {
      throw failure("written by FaultSim \(partial.version), this is \(Scenario.faultSimVersion)")
    }
    guard partial.sweepDigest == digest, partial.world == World.worldName, partial.cells == cells.count,
      partial.seeds == seeds, partial.interleavings == interleavings,
      partial.axes == grid.axes.map(\.keyPath.description)
    else {
      throw failure("it belongs to another sweep (scenario, --set, --vary, --seeds or --interleavings differ)")
    }
    guard partial.shard == shard else {
      throw failure("it is for shard \(partial.shard), this run is shard \(shard)")
    }
    for row in partial.rows {
      guard row.cellDigest == cells[row.cell].scenario.digest, row.axisValues == grid.cell(row.cell).map(\.text)
      else {
        throw failure("\(row.place): the cell's digest or values are not those of this sweep's cell \(row.cell)")
      }
    }
  }

  /// A row's partial sum, decoded and checked: its state is in canonical
  /// form, it holds one run per seed the row covers, and it satisfies
  /// every invariant of the world (`WorldMetrics.invariants`).
  ///
  /// - Complexity: O(size of the state).
  package static func result(of row: PartialTable.Row, in table: PartialTable) throws(PartialTableError)
    -> CellResult
  {
    func failure(_ message: String) -> PartialTableError {
      PartialTableError(
        file: table.file,
        message:
          "\(row.place), field state: \(message); the file was changed after FaultSim wrote it"
      )
    }
    let result: CellResult
    do {
      result = try CellResult(
        decodingState: row.state, seedsWithRaces: row.seedsWithRaces, orderSensitiveSeeds: row.orderSensitiveSeeds)
    } catch {
      throw failure("\(error)")
    }
    guard result.encodedState == row.state else {
      throw failure("the fault and race counts are not written as FaultSim writes them")
    }
    guard result.metrics.runs == row.seedCount else {
      throw failure("runs (\(result.metrics.runs)) ≠ the \(row.seedCount) seeds the row covers")
    }
    if let violation = result.metrics.invariantViolation() { throw failure(violation) }
    if let inconsistency = result.coverage.inconsistency(seedsWithRaces: row.seedsWithRaces) {
      throw failure(inconsistency)
    }
    // A sweep's coverage counts its FIFO runs, which reorder nothing.
    guard result.coverage.reordered.purposes.isEmpty else {
      throw failure("races reordered in a sweep's FIFO runs")
    }
    return result
  }

  /// Combines partial tables of one sweep into its final table,
  /// byte-identical to running the sweep in one piece.
  ///
  /// Refuses parts of different sweeps or versions, a shard given twice or
  /// missing (naming every missing shard), seeds missing or covered twice,
  /// rows that contradict each other or their world's invariants, and sums
  /// that overflow 64 bits.
  package static func merge(_ parts: [(file: String, table: PartialTable)]) throws(PartialTableError) -> String {
    guard let (firstFile, first) = parts.first else {
      throw PartialTableError(file: "", message: "no partial tables to merge")
    }
    var shards = [String](repeating: "", count: first.shard.count)
    for (file, part) in parts {
      guard part.version == first.version else {
        throw PartialTableError(
          file: file, message: "made by FaultSim \(part.version), but \(firstFile) by \(first.version)")
      }
      guard part.version == Scenario.faultSimVersion else {
        throw PartialTableError(
          file: file,
          message: "made by FaultSim \(part.version); this is \(Scenario.faultSimVersion): merge with the same version"
        )
      }
      guard part.sweepDigest == first.sweepDigest, part.world == first.world, part.cells == first.cells,
        part.seeds == first.seeds, part.interleavings == first.interleavings, part.axes == first.axes
      else {
        throw PartialTableError(
          file: file,
          message:
            "belongs to another sweep than \(firstFile) (scenario, --set, --vary, --seeds or --interleavings differ)")
      }
      guard part.shard.count == first.shard.count else {
        throw PartialTableError(
          file: file, message: "is one of \(part.shard.count) shards, \(firstFile) one of \(first.shard.count)")
      }
      let slot = part.shard.index - 1
      guard shards[slot].isEmpty else {
        throw PartialTableError(file: file, message: "shard \(part.shard) is also in \(shards[slot])")
      }
      shards[slot] = file
    }
    // Every missing shard, runs of four or more as `a/N...b/N`.
    var missing: [String] = []
    var index = 0
    while index < shards.count {
      guard shards[index].isEmpty else {
        index += 1
        continue
      }
      var end = index
      while end + 1 < shards.count && shards[end + 1].isEmpty { end += 1 }
      let count = first.shard.count
      missing +=
        end - index >= 3 ? ["\(index + 1)/\(count)...\(end + 1)/\(count)"] : (index...end).map { "\($0 + 1)/\(count)" }
      index = end + 1
    }
    if let last = missing.last {
      let message =
        missing.count == 1
        ? (last.contains("...") ? "shards \(last) are missing" : "shard \(last) is missing")
        : "shards \(missing.dropLast().joined(separator: ", ")) and \(last) are missing"
      throw PartialTableError(file: "", message: message)
    }
    var totals = [CellResult?](repeating: nil, count: first.cells)
    var covered = [[SeedRange]](repeating: [], count: first.cells)
    var labels = [(values: [String], digest: String, file: String)?](repeating: nil, count: first.cells)
    for (file, part) in parts {
      var table = part
      table.file = file
      for row in part.rows {
        let result = try Self.result(of: row, in: table)
        if let label = labels[row.cell], label.values != row.axisValues || label.digest != row.cellDigest {
          throw PartialTableError(
            file: file,
            message: "\(row.place): the cell's digest or values differ from those of cell \(row.cell) in \(label.file)")
        }
        labels[row.cell] = (row.axisValues, row.cellDigest, file)
        if totals[row.cell] == nil {
          totals[row.cell] = result
        } else {
          do {
            try totals[row.cell]!.merge(result)
          } catch {
            throw PartialTableError(file: file, message: "\(row.place): adding it to the other parts: \(error)")
          }
        }
        for range in row.ranges {
          for other in covered[row.cell]
          where range.lowerBound < other.upperBound && other.lowerBound < range.upperBound {
            throw PartialTableError(
              file: file, message: "\(row.place): seeds \(range) overlap \(other) of another part")
          }
          covered[row.cell] = SeedRanges.inserting(range, into: covered[row.cell])
        }
      }
    }
    var text = CSVWriter.record(first.axes + columns)
    for cell in 0..<first.cells {
      guard let total = totals[cell], let label = labels[cell], covered[cell] == [first.seeds] else {
        let missing = SeedRanges.subtracting(covered[cell], from: first.seeds)
        throw PartialTableError(
          file: "", message: "cell \(cell): seeds \(missing.map(\.description).joined(separator: ", ")) are in no part")
      }
      text += record(
        axisValues: label.values, result: total, seeds: first.seeds.count, interleavings: first.interleavings,
        version: first.version, digest: label.digest)
    }
    return text
  }
}

/// Why a sweep could not start or finish.
@usableFromInline package enum SweepError: Error, Sendable, CustomStringConvertible {
  /// A cell's scenario is invalid.
  case scenario(ScenarioError)
  /// The sweep is larger than FaultSim accepts.
  case tooLarge(String)
  /// Two cells of the grid would be the same experiment: a value given
  /// twice on an axis, a key path varied twice, or a setting an axis
  /// replaces in every cell.
  case invalidGrid(String)
  /// A run failed.
  case simulation(SimulationError)

  /// The message of the scenario or simulation error, or why the sweep is too
  /// large.
  @usableFromInline package var description: String {
    switch self {
    case .scenario(let error): return error.description
    case .tooLarge(let message), .invalidGrid(let message): return message
    case .simulation(let error): return error.description
    }
  }
}
