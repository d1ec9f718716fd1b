import Foundation
import Testing

@testable import FaultSim

/// Percentiles are bucket midpoints, clamped to the exact extremes: a
/// completion p99 can never exceed the largest completion time, hence never
/// the makespan, and the extremes survive partial tables and merges.
@Suite struct HistogramExtremesTests {
  @Test func aPercentileNeverLeavesTheRecordedRange() {
    // 5,479,921,000 ns lies low in its bucket (width 33.5 ms at 2^32..2^33):
    // the midpoint alone is 10 ms above every recorded value.
    var histogram = DurationHistogram()
    histogram.record(5_479_921_000)
    let (lower, width) = DurationHistogram.range(of: DurationHistogram.index(of: 5_479_921_000))
    #expect(Double(lower) + Double(width - 1) / 2 > 5_479_921_000)
    for p in [1.0, 50, 99, 100] { #expect(histogram.percentile(p) == 5_479_921_000, "p\(p)") }
    histogram.record(5_000)
    #expect(histogram.maximum == 5_479_921_000)
    // 5,000 lies in the bucket 4,992...5,023: alone, every percentile is
    // the value itself, not the midpoint 5,007.5.
    var small = DurationHistogram()
    small.record(5_000)
    #expect(small.percentile(0.1) == 5_000 && small.percentile(100) == 5_000)
  }

  @Test func randomValuesStayWithinTheirExtremesAndHalfABucket() {
    var generator = Xoshiro256StarStar(seed: 11)
    for round in 0..<200 {
      var histogram = DurationHistogram()
      var values: [UInt64] = []
      for _ in 0..<(1 + Int(generator.next(below: 40))) {
        let value = generator.next(below: 1 << 36) >> generator.next(below: 30)
        values.append(value)
        histogram.record(value)
      }
      values.sort()
      for p in [0.5, 50, 90, 99, 100] {
        let reported = histogram.percentile(p)!
        let exact = Double(values[max(0, Int((p / 100 * Double(values.count)).rounded(.up)) - 1)])
        #expect(reported >= Double(values.first!) && reported <= Double(values.last!), "round \(round) p\(p)")
        #expect(abs(reported - exact) <= max(1, exact * 0.004), "round \(round) p\(p): \(reported) vs \(exact)")
      }
    }
  }

  @Test func extremesSurviveTheStateOfAPartialTable() throws {
    var metrics = RequestMetrics()
    metrics.completion.record(5_479_921_000)
    metrics.completion.record(70_000_000)
    let state = metrics.encodedState
    #expect(state.hasSuffix("@70000000@5479921000"), "\(state)")
    let decoded = try RequestMetrics(decodingState: state)
    #expect(decoded.completion == metrics.completion)
    #expect(decoded.completion.percentile(100) == 5_479_921_000)
    // Extremes outside their buckets were edited by hand.
    let edited = state.replacingOccurrences(of: "@5479921000", with: "@5479921000000")
    #expect(throws: MetricsStateError.self) { try RequestMetrics(decodingState: edited) }
    let swapped = state.replacingOccurrences(of: "@70000000@5479921000", with: "@5479921000@70000000")
    #expect(throws: MetricsStateError.self) { try RequestMetrics(decodingState: swapped) }
  }

  /// The case a user met: seed 1 of the contention scenario printed a p99
  /// above its "all done at".
  @Test func theContentionScenariosP99StaysWithinItsMakespan() throws {
    let scenario = try Scenario.load(
      path: ScenarioTests.folder.appendingPathComponent("conditional-write-contention.json").path)
    guard let options = RequestWorld.options(of: scenario.world) else { return }
    for seed in UInt64(0)..<8 {
      let metrics = try RequestWorld.runOnce(options, seed: seed, strategy: .fifo, tracing: false).metrics
      let p99 = try #require(metrics.completion.percentile(99))
      #expect(p99 <= Double(metrics.makespanTotal), "seed \(seed): p99 \(p99) > makespan \(metrics.makespanTotal)")
    }
  }
}
