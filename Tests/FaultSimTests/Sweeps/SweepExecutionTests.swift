import Foundation
import Synchronization
import Testing

@testable import FaultSim

/// Parallel sweeps, checkpoints, shards and merges.
@Suite struct SweepExecutionTests {
  static let scenario = """
    {"description": "small reference", "workload": {"operations": 300, "kind": "keyless-write",
     "arrival": {"distribution": "uniform", "over": "2s"}},
     "client": {"timeout": "1s", "attempts": 3,
     "backoff": {"growth": "exponential", "jitter": "full", "base": "100ms", "cap": "2s"}},
     "network": {"latency": {"distribution": "uniform", "min": "20ms", "max": "80ms"},
     "requestLoss": 0.05, "responseLoss": 0.2}, "races": {"window": "5ms"}}
    """

  static func sweep(seeds: UInt64 = 40) throws -> Sweep<RequestWorld> {
    try Sweep<RequestWorld>(
      file: "small.json", bytes: Array(scenario.utf8), settings: [],
      grid: SweepGrid(axes: [try SweepGrid.Axis(parsing: "network.responseLoss=0.1,0.3")]),
      seeds: try SeedRange(0, seeds))
  }

  /// A library user's grid is checked as the command line's is: two cells
  /// that are the same experiment are refused, not run twice.
  @Test func aGridWithTheSameExperimentTwiceIsRefused() throws {
    func error(_ axes: [String], settings: [String] = []) throws -> SweepError? {
      let overrides = try settings.map { try ScenarioOverride(parsing: $0) }
      let grid = SweepGrid(axes: try axes.map { try SweepGrid.Axis(parsing: $0) })
      let seeds = try SeedRange(0, 2)
      do throws(SweepError) {
        _ = try Sweep<RequestWorld>(
          file: "small.json", bytes: Array(Self.scenario.utf8), settings: overrides, grid: grid, seeds: seeds)
        return nil
      } catch {
        return error
      }
    }
    let twice = try #require(try error(["network.responseLoss=0.1,0.10"]))
    guard case .invalidGrid(let message) = twice else {
      Issue.record("\(twice)")
      return
    }
    #expect(message.contains("the value '0.10' is given twice"), "\(message)")
    let replaced = try #require(try error(["network.responseLoss=0.1,0.3"], settings: ["network.responseLoss=0.2"]))
    #expect(replaced.description.contains("is replaced in every cell"), "\(replaced)")
    #expect(try error(["network.responseLoss=0.1,0.3"]) == nil)
  }

  @Test func theTableIsByteIdenticalForEveryJobCountAndChunkSize() throws {
    let sweep = try Self.sweep()
    let reference = try sweep.table()
    for jobs in [1, 2, 3, 8] {
      for chunk in [1, 7, 1_000] as [UInt64] {
        let execution = SweepExecution(sweep: sweep, chunkSeeds: chunk)
        #expect(try execution.run(jobs: jobs))
        #expect(execution.table() == reference, "jobs \(jobs), chunks of \(chunk)")
      }
    }
  }

  @Test func anInterruptedSweepResumesToTheSameTable() throws {
    let sweep = try Self.sweep()
    let reference = try sweep.table()
    let execution = SweepExecution(sweep: sweep, chunkSeeds: 3)
    let chunks = Atomic<Int>(0)
    let finished = try execution.run(jobs: 2) { _ in
      if chunks.add(1, ordering: .relaxed).newValue == 9 { execution.cancel() }
    }
    #expect(!finished)
    let checkpoint = execution.partialTable()
    let done = checkpoint.rows.reduce(0) { $0 + $1.ranges.reduce(0) { $0 + $1.count } }
    #expect(done > 0 && done < 80)
    // Through text, as a checkpoint file would be.
    let reread = try PartialTable(parsing: checkpoint.csv, file: "checkpoint")
    let resumed = try SweepExecution(sweep: sweep, chunkSeeds: 5, resume: reread)
    #expect(resumed.seedsDone == UInt64(done))
    #expect(try resumed.run(jobs: 2))
    #expect(resumed.table() == reference)
  }

  @Test func aCheckpointOfAnotherSweepIsRefused() throws {
    let sweep = try Self.sweep()
    let execution = SweepExecution(sweep: sweep)
    _ = try execution.run(jobs: 1)
    let other = try Self.sweep(seeds: 41)
    #expect(throws: PartialTableError.self) { try SweepExecution(sweep: other, resume: execution.partialTable()) }
    #expect(throws: PartialTableError.self) {
      try SweepExecution(sweep: sweep, shard: try SweepShard(index: 1, count: 2), resume: execution.partialTable())
    }
  }

  @Test(arguments: [1, 2, 3, 7, 200])
  func shardsMergeIntoTheUnshardedTable(shards: Int) throws {
    let sweep = try Self.sweep()
    let reference = try sweep.table()
    var parts: [(file: String, table: PartialTable)] = []
    for index in 1...shards {
      let execution = try SweepExecution(sweep: sweep, shard: try SweepShard(index: index, count: shards))
      _ = try execution.run(jobs: 2)
      parts.append(("part-\(index)", try PartialTable(parsing: execution.partialTable().csv, file: "part-\(index)")))
    }
    #expect(try Sweep<RequestWorld>.merge(parts.reversed()) == reference)
  }

  @Test func theShardSlicesCoverEveryPairOnce() throws {
    let seeds = try SeedRange(10, 23)
    for count in [1, 2, 5, 13, 26, 40] {
      var covered = Array(repeating: [SeedRange](), count: 3)
      for index in 1...count {
        for (cell, range) in try SweepShard(index: index, count: count).slice(cells: 3, seeds: seeds) {
          covered[cell] = SeedRanges.inserting(range, into: covered[cell])
        }
      }
      #expect(covered.allSatisfy { $0 == [seeds] }, "\(count) shards")
    }
  }

  @Test func mergeRefusesMismatchedParts() throws {
    let sweep = try Self.sweep()
    func part(_ sweep: Sweep<RequestWorld>, _ index: Int, of count: Int) throws -> PartialTable {
      let execution = try SweepExecution(sweep: sweep, shard: try SweepShard(index: index, count: count))
      _ = try execution.run(jobs: 1)
      return execution.partialTable()
    }
    func message(_ parts: [PartialTable]) -> String {
      do {
        _ = try Sweep<RequestWorld>.merge(parts.enumerated().map { ("p\($0.offset)", $0.element) })
        return "merged"
      } catch {
        return error.description
      }
    }
    let a = try part(sweep, 1, of: 2)
    let b = try part(sweep, 2, of: 2)
    #expect(message([a, b]) == "merged")
    #expect(message([a]).contains("shard 2/2 is missing"))
    #expect(message([a, a]).contains("shard 1/2 is also in p0"))
    let other = try Sweep<RequestWorld>(
      file: "small.json", bytes: Array(Self.scenario.replacingOccurrences(of: "0.05", with: "0.06").utf8),
      settings: [], grid: SweepGrid(axes: [try SweepGrid.Axis(parsing: "network.responseLoss=0.1,0.3")]),
      seeds: try SeedRange(0, 40))
    #expect(message([a, try part(other, 2, of: 2)]).contains("belongs to another sweep"))
    #expect(message([a, try part(sweep, 2, of: 3)]).contains("one of 3 shards"))
    var old = b
    old.version = "0.0.1"
    #expect(message([a, old]).contains("made by FaultSim 0.0.1"))
    var gap = b
    gap.rows.removeLast()
    #expect(message([a, gap]).contains("cell 1: seeds 0..<40 are in no part"), "\(message([a, gap]))")
    var shrunk = b
    shrunk.rows[0].ranges = [
      try SeedRange(shrunk.rows[0].ranges[0].lowerBound + 1, shrunk.rows[0].ranges[0].upperBound)
    ]
    #expect(message([a, shrunk]).contains("runs (40) ≠ the 39 seeds the row covers"), "\(message([a, shrunk]))")
  }

  /// Slurm's own variables for `--array=SPEC`: what `sbatch` sets in task
  /// `id` (Slurm 22.05: MIN, MAX, STEP and COUNT for a range; a list sets
  /// STEP 1 and the list's MIN, MAX and COUNT).
  static func slurm(id: Int, min: Int, max: Int, step: Int, count: Int?) -> [String: String] {
    var environment = [
      "SLURM_ARRAY_TASK_ID": "\(id)", "SLURM_ARRAY_TASK_MIN": "\(min)", "SLURM_ARRAY_TASK_MAX": "\(max)",
      "SLURM_ARRAY_TASK_STEP": "\(step)",
    ]
    if let count { environment["SLURM_ARRAY_TASK_COUNT"] = "\(count)" }
    return environment
  }

  @Test func aSteppedSlurmArrayNumbersItsTasksOneToN() throws {
    // --array=1-7:2 runs tasks 1, 3, 5, 7: shards 1…4 of 4, with or without
    // SLURM_ARRAY_TASK_COUNT.
    for count in [4, nil] {
      let shards = try [1, 3, 5, 7].map { id in
        try SweepShard(parsing: "auto", environment: Self.slurm(id: id, min: 1, max: 7, step: 2, count: count))
      }
      #expect(shards == (try (1...4).map { try SweepShard(index: $0, count: 4) }))
    }
    // --array=0-9:3%2 (tasks 0, 3, 6, 9; at most 2 at once): the throttle
    // changes no number.
    let throttled = try SweepShard(
      parsing: "auto", environment: Self.slurm(id: 6, min: 0, max: 9, step: 3, count: 4))
    #expect(throttled == (try SweepShard(index: 3, count: 4)))
    // Off the step, or a list that is not a range: refused, naming why.
    for (environment, phrase) in [
      (Self.slurm(id: 4, min: 1, max: 7, step: 2, count: 4), "is not MIN + k·STEP"),
      (Self.slurm(id: 4, min: 1, max: 9, step: 1, count: 3), "an array given as a list"),
      (["SLURM_ARRAY_TASK_ID": "2"], "neither SLURM_ARRAY_TASK_COUNT nor SLURM_ARRAY_TASK_MAX"),
      (Self.slurm(id: 1, min: 1, max: 3, step: 0, count: 3), "SLURM_ARRAY_TASK_STEP=0"),
    ] {
      #expect {
        try SweepShard(parsing: "auto", environment: environment)
      } throws: { error in
        "\(error)".contains(phrase)
      }
    }
  }

  @Test func shardAutoReadsAWSBatchArraysZeroBased() throws {
    let first = try SweepShard(
      parsing: "auto", environment: ["AWS_BATCH_JOB_ARRAY_INDEX": "0", "AWS_BATCH_JOB_ARRAY_SIZE": "10"])
    #expect(first == (try SweepShard(index: 1, count: 10)))
    let last = try SweepShard(
      parsing: "auto", environment: ["AWS_BATCH_JOB_ARRAY_INDEX": "9", "AWS_BATCH_JOB_ARRAY_SIZE": "10"])
    #expect(last == (try SweepShard(index: 10, count: 10)))
    #expect(throws: SweepShardError.self) {
      try SweepShard(
        parsing: "auto", environment: ["AWS_BATCH_JOB_ARRAY_INDEX": "10", "AWS_BATCH_JOB_ARRAY_SIZE": "10"])
    }
    #expect {
      try SweepShard(parsing: "auto", environment: ["AWS_BATCH_JOB_ARRAY_INDEX": "1"])
    } throws: { "\($0)".contains("AWS_BATCH_JOB_ARRAY_SIZE is not") }
    // Two schedulers' variables: which is meant cannot be told.
    #expect {
      try SweepShard(
        parsing: "auto",
        environment: [
          "AWS_BATCH_JOB_ARRAY_INDEX": "1", "AWS_BATCH_JOB_ARRAY_SIZE": "4", "JOB_COMPLETION_INDEX": "1",
          "FAULTSIM_SHARD_COUNT": "4",
        ])
    } throws: { "\($0)".contains("both set") }
  }

  @Test func shardAutoReadsKubernetesAndSlurm() throws {
    let kubernetes = try SweepShard(
      parsing: "auto", environment: ["JOB_COMPLETION_INDEX": "2", "FAULTSIM_SHARD_COUNT": "5"])
    #expect(kubernetes == (try SweepShard(index: 3, count: 5)))
    let slurm = try SweepShard(
      parsing: "auto",
      environment: ["SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "4"])
    #expect(slurm == (try SweepShard(index: 4, count: 4)))
    #expect(throws: SweepShardError.self) { try SweepShard(parsing: "auto", environment: [:]) }
    #expect(throws: SweepShardError.self) {
      try SweepShard(parsing: "auto", environment: ["JOB_COMPLETION_INDEX": "0"])
    }
    #expect(throws: SweepShardError.self) { try SweepShard(parsing: "3/2", environment: [:]) }
    #expect(throws: SweepShardError.self) { try SweepShard(parsing: "0/2", environment: [:]) }
    #expect(throws: SweepShardError.self) { try SweepShard(parsing: "1/0", environment: [:]) }
    #expect(throws: SweepShardError.self) { try SweepShard(parsing: "x", environment: [:]) }
  }

  @Test func metricsStateRoundTripsExactly() throws {
    let metrics = try RequestWorld.measure(
      RequestWorldOptions.checkoutReference(orders: 500), seeds: try SeedRange(0, 3))
    let decoded = try RequestMetrics(decodingState: metrics.encodedState)
    #expect(decoded == metrics)
    #expect(throws: MetricsStateError.self) { try RequestMetrics(decodingState: "1;2|") }
    #expect(throws: MetricsStateError.self) { try RequestMetrics(decodingState: metrics.encodedState + "|") }
  }

  @Test func csvReadsWhatItWrites() throws {
    let fields = ["plain", "with,comma", "with \"quotes\"", "line\r\nbreak", ""]
    let text = CSVWriter.record(fields) + CSVWriter.record(["a", "b"])
    #expect(try CSVReader.records(text) == [fields, ["a", "b"]])
    #expect(throws: CSVSyntaxError.self) { try CSVReader.records("\"open") }
    #expect(throws: CSVSyntaxError.self) { try CSVReader.records("a\"b") }
  }
}
