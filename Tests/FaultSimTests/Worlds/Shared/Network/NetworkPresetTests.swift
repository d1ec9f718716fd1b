import Testing

@testable import FaultSim

/// The presets that copy a published tool's numbers hold those numbers,
/// computed here from the source's own formulas: Chrome DevTools'
/// `front_end/core/sdk/NetworkManager.ts` sets each preset's round trip as
/// a target latency times a factor and its upload as a rate times a factor.
@Suite struct NetworkPresetTests {
  /// A DevTools preset as its source writes it.
  struct DevToolsConditions {
    var name: String
    var targetLatencyMilliseconds: Double
    var latencyFactor: Double
    var uploadKilobitsPerSecond: Double
    var throughputFactor: Double
  }

  static let devTools = [
    DevToolsConditions(
      name: "devtools-slow-3g", targetLatencyMilliseconds: 400, latencyFactor: 5, uploadKilobitsPerSecond: 500,
      throughputFactor: 0.8),
    DevToolsConditions(
      name: "devtools-slow-4g", targetLatencyMilliseconds: 150, latencyFactor: 3.75, uploadKilobitsPerSecond: 750,
      throughputFactor: 0.9),
    DevToolsConditions(
      name: "devtools-fast-4g", targetLatencyMilliseconds: 60, latencyFactor: 2.75, uploadKilobitsPerSecond: 1500,
      throughputFactor: 0.9),
  ]

  static func scenario(_ preset: String) throws -> Scenario {
    let json = """
      {"description": "d", "workload": {"operations": 1, "kind": "keyless-write"}, "client": {"timeout": "10s"},
       "network": {"preset": "\(preset)"}}
      """
    return try Scenario.parse(bytes: Array(json.utf8), file: "test.json")
  }

  /// One write with no processing time: its completion is one round trip,
  /// which is the preset's DevTools latency, to the microsecond.
  @Test(arguments: devTools)
  func aRoundTripTakesTheDevToolsLatency(_ preset: DevToolsConditions) throws {
    let world = try Self.scenario(preset.name)
    guard let options = RequestWorld.options(of: world.world) else {
      Issue.record("not a request world")
      return
    }
    let run = try RequestWorld.runOnce(options, seed: 1, tracing: true)
    let sent = try #require(run.trace.first { $0.event.hasPrefix("write attempt 1") })
    let done = try #require(run.trace.first { $0.event.hasPrefix("success") })
    let roundTrip = Double(done.time.duration(since: sent.time).nanoseconds) / 1_000_000
    #expect(roundTrip == preset.targetLatencyMilliseconds * preset.latencyFactor)
    #expect(run.metrics.lost == 0 && run.metrics.succeeded == 1)
  }

  /// The bandwidth is the upload rate: bytes per second of the rate in
  /// kilobits (of 1,000 bits) times its factor.
  @Test(arguments: devTools)
  func theBandwidthIsTheDevToolsUpload(_ preset: DevToolsConditions) throws {
    let world = try Self.scenario(preset.name)
    let options = try #require(RequestWorld.options(of: world.world))
    let expected = preset.uploadKilobitsPerSecond * 1000 * preset.throughputFactor / 8
    #expect(options.network.bandwidthBytesPerSecond.map { Double($0) } == expected)
    #expect(options.network.requestLoss == 0 && options.network.responseLoss == 0)
  }
}
