import Dispatch
import Synchronization

/// Runs a sweep (or one shard of it) on several threads, one simulation per
/// worker and cell, with buffers reused across seeds.
///
/// Work is cut into chunks of seeds; workers take chunks in plan order and
/// add each finished chunk's sums to its cell's total. Every sum is an exact
/// integer or histogram count, so the totals — and the table — are the same
/// whatever the number of workers or the order chunks finish in. Memory
/// does not grow with the number of seeds: one total per cell, one chunk in
/// flight per worker.
///
/// Cancellation (``cancel()``) stops workers between seeds; a `RunWatch`
/// asked to stop (`RunWatch/requestStop()`) stops them within a seed too.
/// Either way the chunks not finished are dropped — an interrupted seed is
/// not a failure, and its chunk is run again on resume — and the finished
/// ones make a checkpoint that `faultsim sweep --resume` continues from.
@usableFromInline package final class SweepExecution<World: ScenarioWorld>: Sendable where World.Options: Sendable {
  /// A chunk of work: one cell, a contiguous range of seeds.
  struct Chunk: Sendable {
    var cell: Int
    var seeds: SeedRange
  }

  struct State: Sendable {
    var next = 0
    var totals: [Sweep<World>.CellResult?]
    var completed: [[SeedRange]]
    var seedsDone: UInt64 = 0
    /// Chunks whose sums are in `totals`.
    var chunksDone = 0
    var failure: SimulationError?
  }

  /// The sweep being run.
  @usableFromInline package let sweep: Sweep<World>
  /// The part of the sweep this execution runs (`.whole` unless sharded).
  package let shard: SweepShard
  let chunks: [Chunk]
  /// Seeds this execution must run in total (its shard, resumed ones included).
  @usableFromInline package let seedsPlanned: UInt64
  /// Seeds planned per cell (0 for cells outside the shard).
  let plannedPerCell: [UInt64]
  let state: Mutex<State>
  let cancelled = Atomic<Bool>(false)

  /// Plans the execution of the whole of `sweep`.
  ///
  /// - Parameters:
  ///   - sweep: The sweep to run.
  ///   - chunkSeeds: Seeds per chunk; by default about a hundredth of the
  ///     seeds per cell, between 1 and 1,000.
  /// - Complexity: O(cells + chunks).
  @usableFromInline package convenience init(sweep: Sweep<World>, chunkSeeds: UInt64? = nil) {
    self.init(sweep: sweep, shard: .whole, chunkSeeds: chunkSeeds, resumed: Resumed(cells: sweep.cells.count))
  }

  /// Plans the execution of `shard` of `sweep`, minus the work a checkpoint
  /// already holds (`faultsim sweep --shard` and `--resume`).
  ///
  /// - Parameters:
  ///   - chunkSeeds: Seeds per chunk; by default about a hundredth of the
  ///     shard per cell, between 1 and 1,000.
  ///   - resume: A checkpoint of an earlier, interrupted execution of the
  ///     same sweep and shard.
  /// - Throws: `PartialTableError` when the checkpoint belongs to another
  ///   sweep or shard, or its rows are inconsistent.
  package convenience init(
    sweep: Sweep<World>, shard: SweepShard = .whole, chunkSeeds: UInt64? = nil, resume: PartialTable? = nil
  ) throws(PartialTableError) {
    var resumed = Resumed(cells: sweep.cells.count)
    if let resume {
      try sweep.check(resume, shard: shard)
      for row in resume.rows {
        let result = try Sweep<World>.result(of: row, in: resume)
        for range in row.ranges {
          guard SeedRanges.subtracting(resumed.completed[row.cell], from: range) == [range] else {
            throw PartialTableError(
              file: resume.file, message: "\(row.place): seeds \(range) are also in another row of the checkpoint")
          }
          resumed.completed[row.cell] = SeedRanges.inserting(range, into: resumed.completed[row.cell])
          resumed.seedsDone += range.count
        }
        if resumed.totals[row.cell] == nil {
          resumed.totals[row.cell] = result
        } else {
          do {
            try resumed.totals[row.cell]!.merge(result)
          } catch {
            throw PartialTableError(file: resume.file, message: "\(row.place): \(error)")
          }
        }
      }
    }
    self.init(sweep: sweep, shard: shard, chunkSeeds: chunkSeeds, resumed: resumed)
  }

  /// The work a checkpoint already holds: per cell, its partial sum and the
  /// seeds it covers.
  struct Resumed {
    var totals: [Sweep<World>.CellResult?]
    var completed: [[SeedRange]]
    var seedsDone: UInt64 = 0

    /// Nothing done yet.
    init(cells: Int) {
      totals = Array(repeating: nil, count: cells)
      completed = Array(repeating: [], count: cells)
    }
  }

  /// Plans the chunks of `shard` that `resumed` does not hold.
  private init(
    sweep: Sweep<World>, shard: SweepShard, chunkSeeds: UInt64?, resumed: Resumed
  ) {
    self.sweep = sweep
    self.shard = shard
    let slice = shard.slice(cells: sweep.cells.count, seeds: sweep.seeds)
    let completed = resumed.completed
    let perChunk =
      chunkSeeds
      ?? min(1_000, max(1, (slice.map(\.seeds.count).max() ?? 1) / 100))
    var chunks: [Chunk] = []
    var planned: UInt64 = 0
    var perCell = [UInt64](repeating: 0, count: sweep.cells.count)
    for (cell, range) in slice {
      planned += range.count
      perCell[cell] = range.count
      for missing in SeedRanges.subtracting(completed[cell], from: range) {
        var from = missing.lowerBound
        while from < missing.upperBound {
          let until = min(missing.upperBound, from + perChunk)
          chunks.append(Chunk(cell: cell, seeds: SeedRange(uncheckedLower: from, upper: until)))
          from = until
        }
      }
    }
    self.chunks = chunks
    seedsPlanned = planned
    plannedPerCell = perCell
    state = Mutex(State(totals: resumed.totals, completed: completed, seedsDone: resumed.seedsDone))
  }

  /// The pieces of work planned (a cell and a range of its seeds each): no
  /// more threads than this can have work.
  @usableFromInline package var workItems: Int { chunks.count }

  /// Asks the workers to stop between seeds.
  @usableFromInline package func cancel() {
    cancelled.store(true, ordering: .relaxed)
  }

  /// Whether ``cancel()`` was called.
  @usableFromInline package var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

  /// Seeds finished so far (resumed ones included).
  @usableFromInline package var seedsDone: UInt64 { state.withLock { $0.seedsDone } }

  /// Cells finished and cells planned, seeds finished and seeds planned.
  @usableFromInline package var progress: SweepProgress {
    state.withLock { state in
      var cellsDone = 0
      var cellsPlanned = 0
      for (cell, planned) in plannedPerCell.enumerated() where planned > 0 {
        cellsPlanned += 1
        if state.completed[cell].reduce(0, { $0 + $1.count }) >= planned { cellsDone += 1 }
      }
      return SweepProgress(
        cellsDone: cellsDone, cellsPlanned: cellsPlanned, seedsDone: state.seedsDone, seedsPlanned: seedsPlanned)
    }
  }

  /// Runs the planned chunks on `jobs` threads.
  ///
  /// - Parameters:
  ///   - jobs: Worker threads; at most ``workItems`` are used, at least 1.
  ///   - watch: What looks at every seed's runs while they go; once it is
  ///     asked to stop, the seeds in progress end with
  ///     ``SimulationError/interrupted(at:)``, their chunks are dropped as
  ///     if cancelled, and no further chunk starts.
  ///   - onChunk: Called after every finished chunk with the seeds done so
  ///     far (from a worker thread; keep it short).
  /// - Returns: Whether every chunk finished (false after ``cancel()`` or
  ///   a stop of `watch`).
  /// - Throws: The first failure of a seed; an interruption is not one.
  @usableFromInline package func run(
    jobs: Int, watch: RunWatch? = nil, onChunk: @Sendable (UInt64) -> Void = { _ in }
  ) throws(SimulationError) -> Bool {
    let workers = max(1, min(jobs, chunks.count))
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      self.work(watch, onChunk)
    }
    if let failure = state.withLock({ $0.failure }) { throw failure }
    return state.withLock { $0.chunksDone == chunks.count }
  }

  /// One worker: takes chunks until none is left or the run is cancelled.
  private func work(_ watch: RunWatch?, _ onChunk: (UInt64) -> Void) {
    var runners: [Int: WorldRunner<World.Metrics, World.FinalState>] = [:]
    while !isCancelled {
      let index = state.withLock { state -> Int? in
        guard state.failure == nil, state.next < chunks.count else { return nil }
        defer { state.next += 1 }
        return state.next
      }
      guard let index else { return }
      let chunk = chunks[index]
      let runner = runners[chunk.cell] ?? World.makeRunner(sweep.cells[chunk.cell].options, watch: watch)
      runners[chunk.cell] = runner
      // Runners of cells no longer being worked on are dropped to bound memory.
      if runners.count > 2 { runners = [chunk.cell: runner] }
      let result: Sweep<World>.CellResult?
      do {
        result = try sweep.measure(runner, seeds: chunk.seeds, stop: { self.isCancelled })
      } catch .interrupted {
        // Asked to stop: the chunk is dropped like a cancelled one, and
        // the other workers stop taking chunks.
        cancel()
        return
      } catch {
        state.withLock { $0.failure = $0.failure ?? error }
        return
      }
      guard let result else { return }
      let done = state.withLock { state -> UInt64? in
        if state.totals[chunk.cell] == nil {
          state.totals[chunk.cell] = result
        } else {
          do throws(MetricsOverflow) {
            try state.totals[chunk.cell]!.merge(result)
          } catch {
            state.failure = state.failure ?? .sumOverflow(error)
            return nil
          }
        }
        state.completed[chunk.cell] = SeedRanges.inserting(chunk.seeds, into: state.completed[chunk.cell])
        state.seedsDone += chunk.seeds.count
        state.chunksDone += 1
        return state.seedsDone
      }
      guard let done else { return }
      onChunk(done)
    }
  }

  /// The finished work as a partial table: a shard's output, or a
  /// checkpoint after cancellation.
  package func partialTable() -> PartialTable {
    let (totals, completed) = state.withLock { ($0.totals, $0.completed) }
    var rows: [PartialTable.Row] = []
    for (cell, total) in totals.enumerated() {
      guard let total, !completed[cell].isEmpty else { continue }
      rows.append(
        PartialTable.Row(
          cell: cell, cellDigest: sweep.cells[cell].scenario.digest, ranges: completed[cell],
          seedsWithRaces: total.seedsWithRaces, orderSensitiveSeeds: total.orderSensitiveSeeds,
          state: total.encodedState, axisValues: sweep.grid.cell(cell).map(\.text)))
    }
    return sweep.partialTable(shard: shard, rows: rows)
  }

  /// The final table, once every cell of the whole sweep is complete.
  @usableFromInline package func table() -> String? {
    let totals = state.withLock { $0.totals }
    var results: [Sweep<World>.CellResult] = []
    for total in totals {
      guard let total else { return nil }
      results.append(total)
    }
    return sweep.table(of: results)
  }
}

/// How far a sweep execution is.
@usableFromInline package struct SweepProgress: Hashable, Sendable {
  /// Cells whose every planned seed has finished.
  @usableFromInline package var cellsDone: Int
  /// Cells with seeds to run in this execution.
  @usableFromInline package var cellsPlanned: Int
  /// Seeds finished, across all cells.
  @usableFromInline package var seedsDone: UInt64
  /// Seeds to run in total, across all cells.
  @usableFromInline package var seedsPlanned: UInt64
}

/// Operations on sorted, disjoint seed ranges.
enum SeedRanges {
  /// `ranges` with `range` added, adjacent or overlapping ranges merged.
  static func inserting(_ range: SeedRange, into ranges: [SeedRange]) -> [SeedRange] {
    var all = ranges + [range]
    all.sort { $0.lowerBound < $1.lowerBound }
    var merged: [SeedRange] = []
    for next in all {
      if let last = merged.last, next.lowerBound <= last.upperBound {
        merged[merged.count - 1] = SeedRange(
          uncheckedLower: last.lowerBound, upper: max(last.upperBound, next.upperBound))
      } else {
        merged.append(next)
      }
    }
    return merged
  }

  /// The parts of `range` not covered by `ranges`.
  static func subtracting(_ ranges: [SeedRange], from range: SeedRange) -> [SeedRange] {
    var parts: [SeedRange] = []
    var from = range.lowerBound
    for covered in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if covered.upperBound <= from || covered.lowerBound >= range.upperBound { continue }
      if covered.lowerBound > from { parts.append(SeedRange(uncheckedLower: from, upper: covered.lowerBound)) }
      from = max(from, covered.upperBound)
    }
    if from < range.upperBound { parts.append(SeedRange(uncheckedLower: from, upper: range.upperBound)) }
    return parts
  }
}
