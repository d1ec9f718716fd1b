import Foundation
import Testing

@testable import FaultSim

/// The scenario format: the shipped files, overrides, and the messages bad
/// input gets.
@Suite struct ScenarioTests {
  /// The package's `scenarios/` folder (tests read only inside the package).
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("scenarios")

  static var shipped: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted()
  }

  static func parse(_ json: String, overrides: [ScenarioOverride] = []) throws(ScenarioError) -> Scenario {
    try Scenario.parse(bytes: Array(json.utf8), file: "test.json", overrides: overrides)
  }

  static func message(_ json: String, overrides: [String] = []) -> String {
    do {
      _ = try parse(json, overrides: overrides.map { try! ScenarioOverride(parsing: $0) })
      return "no error"
    } catch {
      return error.description
    }
  }

  /// Files of worlds that `Scenario` does not load yet; their own tests
  /// validate them (SchedulingScenarioTests). Integration empties this.
  @Test func everyShippedScenarioValidatesAndHasADescription() throws {
    #expect(Self.shipped.count >= 10)
    for name in Self.shipped {
      let scenario = try Scenario.load(path: Self.folder.appendingPathComponent(name).path)
      #expect(scenario.description.count > 40, "\(name) needs a description a user can read")
    }
  }

  @Test func theReferenceFileIsTheBuiltInReference() throws {
    let scenario = try Scenario.load(path: Self.folder.appendingPathComponent("checkout-reference.json").path)
    guard let options = RequestWorld.options(of: scenario.world) else {
      Issue.record("the reference is a request world")
      return
    }
    #expect(options == RequestWorldOptions.checkoutReference())
  }

  @Test func thePodcastRelaunchFilesAreTheBuiltInPodcastRelaunch() throws {
    for (name, policy) in [
      ("podcast-relaunch-blind.json", ReconcilePolicy.blind), ("podcast-relaunch-by-id.json", .byIdentifier),
    ] {
      let scenario = try Scenario.load(path: Self.folder.appendingPathComponent(name).path)
      guard let options = TransferWorld.options(of: scenario.world) else {
        Issue.record("\(name) is a transfer world")
        continue
      }
      #expect(options == TransferWorldOptions.podcastRelaunch(users: 200, reconcile: policy), "\(name)")
    }
  }

  @Test func statusesWithTheirOwnMeaningAreRefused() {
    #expect(
      Self.message(#"{"description": "d", "server": {"rejectionStatus": 429}}"#).contains(
        "server.rejectionStatus: 429 has its own meaning"))
    #expect(Self.message(#"{"description": "d", "server": {"rejectionStatus": 410}}"#) == "no error")
    #expect(
      Self.message(
        #"{"description": "d", "server": {"failureAfterCommit": 0.1, "failureStatus": 503, "capacity": {"workers": 2}}}"#
      ).contains("server.failureStatus: 503 is the overload answer when capacity is set"))
    #expect(
      Self.message(#"{"description": "d", "server": {"failureAfterCommit": 0.1, "failureStatus": 503}}"#) == "no error")
  }

  @Test func badValuesNameTheFileLineKeyPathAndAllowedRange() {
    #expect(
      Self.message(#"{"description": "d", "network": {"responseLoss": 1.5}}"#)
        == "test.json:1:50: network.responseLoss: 1.5 is out of range; allowed 0...1")
    #expect(
      Self.message(#"{"description": "d", "workload": {"operations": 2.5}}"#)
        == "test.json:1:49: workload.operations: expected an integer, got 2.5")
    #expect(Self.message(#"{"description": "d", "client": {"atempts": 3}}"#).contains("client.atempts"))
    #expect(Self.message(#"{"description": "d", "client": {"atempts": 3}}"#).contains("did you mean"))
    #expect(Self.message(#"{"description": "d",}"#).contains("trailing comma"))
    #expect(Self.message(#"{"network": {}}"#).contains("description: required key is missing"))
    #expect(
      Self.message(#"{"description": "d", "client": {"timeout": "fast"}}"#).contains("client.timeout"))
    #expect(
      Self.message(
        #"{"description": "d", "network": {"latency": {"distribution": "uniform", "min": "80ms", "max": "20ms"}}}"#
      )
      .contains("min 80ms is above max 20ms"))
    #expect(
      Self.message(#"{"description": "d", "workload": {"kind": "delete"}}"#)
        .contains(#"allowed values: "read", "idempotent-write", "keyed-write", "keyless-write""#)
        || Self.message(#"{"description": "d", "workload": {"kind": "delete"}}"#).contains("keyless-write"))
  }

  @Test func overridesAreValidatedLikeFileValues() throws {
    let base = #"{"description": "d", "network": {"responseLoss": 0.1}}"#
    let scenario = try Self.parse(base, overrides: [try ScenarioOverride(parsing: "network.responseLoss=0.3")])
    guard let options = RequestWorld.options(of: scenario.world) else { return }
    #expect(options.network.responseLoss == 0.3)
    #expect(
      Self.message(base, overrides: ["network.responseLoss=2"])
        == "test.json (command-line override): network.responseLoss: 2 is out of range; allowed 0...1")
    // Plain words are strings; missing objects are created.
    let jitter = try Self.parse(
      base,
      overrides: [
        try ScenarioOverride(parsing: "client.backoff.growth=exponential"),
        try ScenarioOverride(parsing: "client.backoff.base=100ms"),
        try ScenarioOverride(parsing: "client.backoff.cap=1s"),
        try ScenarioOverride(parsing: "client.backoff.jitter=equal"),
      ])
    guard let jittered = RequestWorld.options(of: jitter.world) else { return }
    #expect(jittered.client.backoff.jitter == .equal)
    #expect(Self.message(base, overrides: ["network.typo=1"]).contains("network.typo"))
  }

  @Test func theDigestTracksContentAndOverrides() throws {
    let base = #"{"description": "d"}"#
    let a = try Self.parse(base)
    let b = try Self.parse(base)
    let c = try Self.parse(base, overrides: [try ScenarioOverride(parsing: "network.requestLoss=0.1")])
    let d = try Self.parse(#"{"description": "e"}"#)
    #expect(a.digest == b.digest)
    #expect(a.digest != c.digest && a.digest != d.digest)
    #expect(a.digest.count == 16)
  }

  @Test func presetsSetDefaultsThatExplicitKeysOverride() throws {
    let scenario = try Self.parse(#"{"description": "d", "network": {"preset": "3g", "requestLoss": 0}}"#)
    guard let options = RequestWorld.options(of: scenario.world) else { return }
    #expect(options.network.requestLoss == 0)
    #expect(options.network.responseLoss == NetworkPreset.threeG.options.responseLoss)
    #expect(options.network.bandwidthBytesPerSecond == 41_250)
  }

  @Test func sweepGridsAreCartesianInGivenOrder() throws {
    let grid = SweepGrid(axes: [
      try SweepGrid.Axis(parsing: "a=1,2"), try SweepGrid.Axis(parsing: #"b={"x":1,"y":2},3"#),
    ])
    #expect(grid.cellCount == 4)
    #expect(grid.cell(0).map(\.text) == ["1", #"{"x":1,"y":2}"#])
    #expect(grid.cell(1).map(\.text) == ["1", "3"])
    #expect(grid.cell(2).map(\.text) == ["2", #"{"x":1,"y":2}"#])
  }

  @Test func seedRangesAreValidated() throws {
    #expect(try SeedRange(parsing: "0..<10").count == 10)
    #expect(try SeedRange(parsing: "5...5").count == 1)
    #expect(try SeedRange(parsing: "7").lowerBound == 7)
    #expect(throws: SeedRangeError.self) { try SeedRange(parsing: "5..<2") }
    #expect(throws: SeedRangeError.self) { try SeedRange(parsing: "0..<x") }
    #expect(throws: SeedRangeError.self) { try SeedRange(parsing: "-1..<3") }
  }

  @Test func csvFieldsAreQuotedPerRFC4180() {
    #expect(CSVWriter.record(["a", "b,c", "d\"e"]) == "a,\"b,c\",\"d\"\"e\"\r\n")
  }
}
