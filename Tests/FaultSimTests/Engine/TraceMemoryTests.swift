import Testing

@testable import FaultSim

/// A streamed trace holds one chunk of text and what is in flight, not one
/// final state per entity: the runner behind `faultsim run --trace` keeps
/// the same memory for 2,000 operations as for 40,000.
@Suite struct TraceMemoryTests {
  /// Keeps nothing.
  final class DiscardingSink: TraceSink {
    var entries = 0
    func receive(_ entry: TraceEntry) { entries += 1 }
  }

  /// The checkout scenario with `operations` arriving at a steady rate, so
  /// that as many are in flight at once whatever their number (a Poisson
  /// process: a uniform schedule caches the spacings of its first 262,144
  /// operations).
  static func options(operations: Int) throws -> RequestWorldOptions {
    let scenario = try Scenario.shipped(
      "checkout-reference",
      overrides: try [
        "workload.operations=\(operations)",
        #"workload.arrival={"distribution":"poisson","meanGap":"10ms"}"#,
      ].map {
        try ScenarioOverride(parsing: $0)
      })
    return try #require(RequestWorld.options(of: scenario.world))
  }

  /// The most bytes a streamed, traced run of `operations` held at a check.
  static func peak(operations: Int, keepingFinalStates: Bool) throws -> Int {
    let watch = RunWatch(interval: 512)
    let sink = DiscardingSink()
    let options = try options(operations: operations)
    if keepingFinalStates {
      _ = try RequestWorld.runOnce(options, seed: 1, strategy: .fifo, streamingTraceTo: sink, watch: watch)
    } else {
      _ = try RequestWorld.makeRunner(options, streamingTraceTo: sink, watch: watch).run(1, .fifo)
    }
    #expect(sink.entries > operations)
    return watch.peakBytes
  }

  @Test func aStreamedTraceDoesNotGrowWithTheOperations() throws {
    let small = try Self.peak(operations: 2_000, keepingFinalStates: false)
    let large = try Self.peak(operations: 40_000, keepingFinalStates: false)
    let perOperation = MemoryLayout<PackedOutcome>.stride
    // Keeping a final state per operation would add 38,000 of them.
    #expect(large - small < 38_000 * perOperation / 2, "small \(small), large \(large)")
  }

  @Test func keepingFinalStatesWouldGrowWithTheOperations() throws {
    let small = try Self.peak(operations: 2_000, keepingFinalStates: true)
    let large = try Self.peak(operations: 40_000, keepingFinalStates: true)
    #expect(large - small >= 38_000 * MemoryLayout<PackedOutcome>.stride, "small \(small), large \(large)")
  }

  @Test func theStreamingRunnerComputesWhatTheStreamedRunDoes() throws {
    let options = try Self.options(operations: 3_000)
    var streamed = ""
    let stream = TraceStream(format: .json, chunkSize: 4_096) { streamed += $0 }
    let once = try RequestWorld.runOnce(options, seed: 4, strategy: .fifo, streamingTraceTo: stream)
    stream.finish()
    var fromRunner = ""
    let runnerStream = TraceStream(format: .json, chunkSize: 4_096) { fromRunner += $0 }
    let run = try RequestWorld.makeRunner(options, streamingTraceTo: runnerStream, watch: nil).run(4, .fifo)
    runnerStream.finish()
    #expect(run.summary == once.summary)
    #expect(run.metrics == once.metrics)
    #expect(fromRunner == streamed)
  }
}
