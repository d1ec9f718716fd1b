import Foundation
import Testing

@testable import FaultSim

/// Traces streamed to a sink as a run goes: the same bytes as rendering the
/// whole timeline at the end, with nothing held in the context.
@Suite struct TraceStreamingTests {
  /// Counts entries and keeps nothing.
  final class CountingSink: TraceSink {
    var count = 0
    func receive(_ entry: TraceEntry) { count += 1 }
  }

  /// The shipped scenario `name`, made small: `size` operations with lossy
  /// responses, or `size / 10` users.
  static func scenario(_ name: String, size: Int) throws -> Scenario {
    let overrides: [String]
    let scenario = try Scenario.load(path: ScenarioTests.folder.appendingPathComponent(name).path)
    if RequestWorld.options(of: scenario.world) != nil {
      overrides = [RequestWorld.sizeOverride(size), "network.responseLoss=0.3"]
    } else if TransferWorld.options(of: scenario.world) != nil {
      overrides = [TransferWorld.sizeOverride(max(1, size / 10))]
    } else {
      overrides = [BackgroundFetchWorld.sizeOverride(max(1, size / 10))]
    }
    return try Scenario.load(
      path: ScenarioTests.folder.appendingPathComponent(name).path,
      overrides: try overrides.map { try ScenarioOverride(parsing: $0) })
  }

  /// ``renderings(_:_:seed:strategy:format:chunkSize:)`` of whichever world
  /// a scenario runs.
  struct Renderings: WorldVisitor {
    typealias Result = (streamed: String, rendered: String, chunks: [Int], entries: Int)
    typealias Failure = any Error

    var seed: UInt64
    var strategy: OrderStrategy
    var format: TraceFormat

    func visit<World: PluggableWorld>(_ world: World.Type, _ options: World.Options) throws -> Result {
      try TraceStreamingTests.renderings(
        World.self, options, seed: seed, strategy: strategy, format: format, chunkSize: 700)
    }
  }

  /// The streamed rendering (in chunks of `chunkSize`) and the rendering of
  /// the in-memory timeline of the same run.
  static func renderings<World: ScenarioWorld>(
    _ world: World.Type, _ options: World.Options, seed: UInt64, strategy: OrderStrategy, format: TraceFormat,
    chunkSize: Int
  ) throws -> (streamed: String, rendered: String, chunks: [Int], entries: Int) {
    var streamed = ""
    var chunks: [Int] = []
    let stream = TraceStream(format: format, chunkSize: chunkSize) { text in
      streamed += text
      chunks.append(text.utf8.count)
    }
    let streamedRun = try World.runOnce(options, seed: seed, strategy: strategy, streamingTraceTo: stream)
    stream.finish()
    #expect(streamedRun.trace.isEmpty)
    let run = try World.runOnce(options, seed: seed, strategy: strategy, tracing: true)
    #expect(streamedRun.summary.events == run.summary.events)
    return (streamed, format.render(run.trace), chunks, run.trace.count)
  }

  @Test(
    arguments: [
      "checkout-reference.json", "finish-enqueue-race.json", "podcast-relaunch-blind.json", "background-fetch.json",
    ],
    TraceFormat.allCases)
  func aStreamedTraceIsByteIdenticalToTheRenderedOne(name: String, format: TraceFormat) throws {
    // 600 operations: the request world's Mermaid trace outgrows the look-ahead.
    for seed: UInt64 in 0..<2 {
      let strategy: OrderStrategy = seed == 0 ? .fifo : .random(orderSeed: 9)
      let result: (streamed: String, rendered: String, chunks: [Int], entries: Int)
      var visitor = Renderings(seed: seed, strategy: strategy, format: format)
      result = try Self.scenario(name, size: 600).world.open(&visitor)
      #expect(result.entries > 0)
      #expect(result.streamed == result.rendered, "\(name) seed \(seed) \(format)")
      // Written as it goes, in chunks of about the chunk size (one line more
      // at most; Mermaid's look-ahead is written in one go).
      let longestLine = result.rendered.split(separator: "\n").map(\.utf8.count).max() ?? 0
      let bound =
        format == .mermaid ? max(700 + longestLine + 1, TraceMermaid.lookaheadBytes.toInt) : 700 + longestLine + 1
      #expect(result.chunks.dropLast().allSatisfy { $0 >= 700 && $0 <= bound }, "\(result.chunks.max() ?? 0)")
      if result.rendered.utf8.count > 10 * 700 && !(format == .mermaid && result.entries < TraceMermaid.lookahead) {
        #expect(result.chunks.count > 5)
      }
    }
  }

  @Test func theContextHoldsNoEntriesWhileStreaming() throws {
    var options = RequestWorldOptions.checkoutReference(orders: 5_000)
    options.network.responseLoss = 0.2
    let sink = CountingSink()
    var simulation = Simulation(model: RequestWorld(options), traceSink: sink)
    let summary = try simulation.run(seed: 3)
    let isTracing = simulation.context.isTracing
    let held = simulation.context.traceEntries.count
    let capacity = simulation.context.traceEntries.capacity
    #expect(isTracing)
    #expect(held == 0 && capacity == 0)
    let expected = try RequestWorld.runOnce(options, seed: 3, strategy: .fifo, tracing: true)
    #expect(sink.count == expected.trace.count && sink.count > 20_000)
    #expect(summary.events == expected.summary.events)
  }

  @Test func mermaidHoldsAtMostItsLookAhead() {
    // Nothing is written until the look-ahead is full, then every entry at once.
    var writer = TraceWriter(format: .mermaid)
    var text = ""
    for index in 0..<(TraceMermaid.lookahead - 1) {
      writer.append(
        TraceEntry(time: VirtualTime(nanoseconds: UInt64(index)), actor: "client#\(index)", event: "e"), to: &text)
    }
    #expect(text.isEmpty)
    writer.append(TraceEntry(time: VirtualTime(nanoseconds: 1), actor: "server", event: "e"), to: &text)
    #expect(text.hasPrefix("sequenceDiagram\n  participant client_0 as client#35;0\n"))
    let before = text.utf8.count
    writer.append(TraceEntry(time: VirtualTime(nanoseconds: 2), actor: "late", event: "e"), to: &text)
    #expect(
      text.utf8.dropFirst(before).elementsEqual("  participant late as late\n  Note over late: 0.000000s e\n".utf8))
  }

  @Test func untracedRunsCallNoSink() throws {
    let options = RequestWorldOptions.checkoutReference(orders: 200)
    var simulation = Simulation(model: RequestWorld(options))
    _ = try simulation.run(seed: 1)
    let isTracing = simulation.context.isTracing
    let hasSink = simulation.context.traceSink != nil
    let held = simulation.context.traceEntries.count
    #expect(!isTracing && !hasSink && held == 0)
  }
}

extension UInt64 {
  fileprivate var toInt: Int { Int(clamping: self) }
}
