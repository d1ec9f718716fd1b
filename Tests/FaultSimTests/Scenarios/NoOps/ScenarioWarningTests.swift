import Foundation
import Testing

@testable import FaultSim

/// How no-op warnings are produced: only for written keys, once per key,
/// once per sweep, and never for the shipped scenarios.
@Suite struct ScenarioWarningTests {
  static func parse(_ json: String, _ overrides: [String] = []) throws -> Scenario {
    try Scenario.parse(
      bytes: Array(json.utf8), file: "test.json", overrides: overrides.map { try ScenarioOverride(parsing: $0) })
  }

  static func described(_ scenario: Scenario) -> [String] {
    scenario.warnings.map { "\($0.keyPath) [\($0.check)]" }
  }

  @Test(arguments: ["request", "transfer", "background-fetch"])
  func aScenarioThatWritesNothingHasNoWarnings(world: String) throws {
    // Defaults include a backoff with one attempt's worth of nothing to do,
    // a transfer world without conditions, and so on: never a warning.
    let scenario = try Self.parse(#"{"description": "defaults only", "world": "\#(world)"}"#)
    #expect(scenario.warnings.isEmpty, "\(scenario.warnings)")
  }

  @Test func onlyWrittenKeysAreFlaggedWhereverTheyWereWritten() throws {
    let json = """
      {"description": "one attempt",
       "client": {"attempts": 1,
                  "backoff": {"growth": "exponential", "base": "100ms", "cap": "1s"}}}
      """
    let scenario = try Self.parse(json)
    #expect(Self.described(scenario) == ["client.backoff [backoff-without-retries]"])
    let warning = try #require(scenario.warnings.first)
    #expect(warning.location?.line == 3)
    #expect(
      warning.description
        == "test.json: client.backoff: client.attempts is 1 and no conditional write backs off after a 412 "
        + "(no workload.contention, or client.conflictRetry immediate), so no wait is ever taken; "
        + "raise client.attempts to make it matter")
    // The same key written on the command line says so, as errors do.
    let overridden = try Self.parse(
      #"{"description": "one attempt", "client": {"attempts": 1}}"#,
      [#"client.backoff={"growth": "constant", "base": "1s"}"#])
    #expect(overridden.warnings.map(\.location?.line) == [0])
    #expect(
      overridden.warnings.first?.description.hasPrefix("test.json (command-line override): client.backoff: ") == true)
    // Without the key, the same options are silent.
    #expect(try Self.parse(#"{"description": "one attempt", "client": {"attempts": 1}}"#).warnings.isEmpty)
  }

  @Test func aKeyInsideAFlaggedBlockIsNotFlaggedAgain() throws {
    let scenario = try Self.parse(
      #"{"description": "x", "client": {"attempts": 1, "backoff": {"growth": "none", "jitter": "full"}}}"#)
    #expect(Self.described(scenario) == ["client.backoff [backoff-without-retries]"])
    // With retries the block matters, and the jitter inside it does not.
    let retried = try Self.parse(#"{"description": "x", "client": {"backoff": {"growth": "none", "jitter": "full"}}}"#)
    #expect(Self.described(retried) == ["client.backoff.jitter [backoff-growth-none]"])
  }

  @Test func theFirstCheckToNameAKeyWins() throws {
    let scenario = try Self.parse(#"{"description": "x", "client": {"attempts": 1, "payloadChangesOnRetry": 0.5}}"#)
    #expect(Self.described(scenario) == ["client.payloadChangesOnRetry [payload-change-without-keys]"])
  }

  @Test func warningsFollowTheChecksOrderAndRepeatExactly() throws {
    let json = """
      {"description": "x", "workload": {"kind": "read", "requestBytes": 10},
       "client": {"safety": "careful", "conflictLimit": 3}, "server": {"keys": "ignore", "throttling": 0.1}}
      """
    let first = Self.described(try Self.parse(json))
    #expect(
      first == [
        "workload.requestBytes [body-size-without-bandwidth]", "client.safety [safety-without-keyless-writes]",
        "client.conflictLimit [conflict-limit-without-contention]", "server.throttling [server-faults-on-reads]",
        "server.keys [keys-without-keyed-writes]",
      ])
    #expect(Self.described(try Self.parse(json)) == first)
  }

  /// `faultsim check --strict scenarios/*.json` passes.
  @Test func theShippedScenariosHaveNoWarnings() throws {
    for name in ScenarioTests.shipped {
      let scenario = try Scenario.load(path: ScenarioTests.folder.appendingPathComponent(name).path)
      #expect(scenario.warnings.isEmpty, "\(name): \(scenario.warnings)")
    }
  }

  @Test func aSweepReportsEachWarningOnceWithTheCellsItConcerns() throws {
    let bytes = Array(#"{"description": "ten orders", "workload": {"operations": 10}}"#.utf8)
    let grid = SweepGrid(axes: [
      try SweepGrid.Axis(parsing: "workload.kind=read,idempotent-write,keyed-write,keyless-write"),
      try SweepGrid.Axis(parsing: "network.responseLoss=0.1,0.2"),
    ])
    let sweep = try Sweep<RequestWorld>(
      file: "x.json", bytes: bytes,
      settings: [
        try ScenarioOverride(parsing: "client.safety=careful"), try ScenarioOverride(parsing: "server.keys=ignore"),
      ],
      grid: grid, seeds: try SeedRange(parsing: "0..<1"))
    #expect(
      sweep.warnings.map(\.description) == [
        "x.json (command-line override): client.safety: safety decides only what happens after an ambiguous failure "
          + "of a keyless write, and workload.kind is not keyless-write "
          + "(in 6 of 8 cells: workload.kind=read,idempotent-write,keyed-write)",
        "x.json (command-line override): server.keys: the server reads idempotency keys only on keyed writes, "
          + "and workload.kind is not keyed-write (in 6 of 8 cells: workload.kind=read,idempotent-write,keyless-write)",
      ])
    #expect(sweep.warnings.map(\.cells) == [[0, 1, 2, 3, 4, 5], [0, 1, 2, 3, 6, 7]])
    // A warning of every cell names no cells.
    let everywhere = try Sweep<RequestWorld>(
      file: "x.json", bytes: bytes, settings: [try ScenarioOverride(parsing: "client.conflictLimit=5")], grid: grid,
      seeds: try SeedRange(parsing: "0..<1"))
    #expect(everywhere.warnings.count == 1)
    #expect(everywhere.warnings.first?.cells == Array(0..<8))
    #expect(everywhere.warnings.first?.cellsDescription == "")
  }

  @Test func gridCellsAreNamedByTheirValuesOrListed() throws {
    let grid = SweepGrid(axes: [
      try SweepGrid.Axis(parsing: "a=1,2,3"), try SweepGrid.Axis(parsing: "b=x,y"),
      try SweepGrid.Axis(parsing: "c=p,q"),
    ])
    #expect(grid.describe(cells: Array(0..<12)) == "")
    // a=2 (cells 4…7): every b and c.
    #expect(grid.describe(cells: [4, 5, 6, 7]) == "in 4 of 12 cells: a=2")
    // a=1,3 and c=q.
    #expect(grid.describe(cells: [1, 3, 9, 11]) == "in 4 of 12 cells: a=1,3 c=q")
    // Not a combination of values: listed, the first four.
    #expect(
      grid.describe(cells: [0, 5, 6, 10, 11])
        == "in 5 of 12 cells: a=1 b=x c=p; a=2 b=x c=q; a=2 b=y c=p; a=3 b=y c=p; and 1 more")
  }

  @Test func keyPathsLieWithinTheirPrefixes() throws {
    let path = try ScenarioOverride.keyPath(parsing: "network.burstLoss.lossBad")
    #expect(path.isWithin(try ScenarioOverride.keyPath(parsing: "network")))
    #expect(path.isWithin(path))
    #expect(!path.isWithin(try ScenarioOverride.keyPath(parsing: "network.burstLoss.lossGood")))
    #expect(!(try ScenarioOverride.keyPath(parsing: "network")).isWithin(path))
  }

  /// The request world's race analysis against runs: where it proves no
  /// race, none is met; just past its bound, races are met.
  @Test func theRaceAnalysisAgreesWithRuns() throws {
    func options(window: String) throws -> RequestWorldOptions {
      let scenario = try Scenario.load(
        path: ScenarioTests.folder.appendingPathComponent("checkout-reference.json").path,
        overrides: ["workload.operations=2000", "races.window=\(window)"].map { try ScenarioOverride(parsing: $0) })
      guard let options = RequestWorld.options(of: scenario.world) else {
        throw ScenarioError(file: "", message: "not request")
      }
      return options
    }
    func racesMet(_ options: RequestWorldOptions) throws -> Int {
      try (0..<5).reduce(0) { $0 + (try RequestWorld.runOnce(options, seed: $1).summary.choices.count) }
    }
    // Latency at most 80 ms each way, timeout 1 s: 160 ms + 839 ms < 1 s.
    let below = try options(window: "839ms")
    #expect(!RequestWorld.canMeetRace(below))
    #expect(try racesMet(below) == 0)
    let above = try options(window: "900ms")
    #expect(RequestWorld.canMeetRace(above))
    #expect(try racesMet(above) > 0)
  }
}
