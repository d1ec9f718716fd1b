import FaultSim
import FaultSimTesting
import Testing

/// A property that does not hold is an issue at the line that checked it,
/// with the seed, the replay line and the shrunk timeline.
@Suite struct PropertyExpectationTests {
  static func scenario(_ kind: String, operations: Int = 300) throws -> Scenario {
    try Scenario.parse(
      json:
        #"{"description": "t", "workload": {"operations": \#(operations), "kind": "\#(kind)"}, "network": {"responseLoss": 0.2}}"#,
      file: "t.json")
  }

  static var noDuplicates: ScenarioProperty<RequestWorld> {
    ScenarioProperty("no order is recorded twice") { $0.metrics.duplicated == 0 }
  }

  @Test func aFailingPropertyIsAnIssueAtTheCallersLine() throws {
    let scenario = try Self.scenario("keyless-write")
    let line = #line + 2
    withKnownIssue {
      let report = Self.noDuplicates.expect(on: scenario, seeds: 0..<20)
      #expect(report?.failure != nil)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return issue.sourceLocation?.line == line && text.contains("fails for seed ")
        && text.contains("replay: faultsim run t.json --seed ") && text.contains("the response to message 1 is lost")
    }
  }

  @Test func aPassingPropertyRecordsNothing() throws {
    let report = Self.noDuplicates.expect(
      on: try Self.scenario("keyed-write"), seeds: 0..<5, requiring: [.responseLoss])
    #expect(report?.holds == true)
  }

  @Test func aPassOnAnOptionThatDidNothingRecordsAWarning() throws {
    // One attempt: the file's backoff cannot matter.
    let scenario = try Scenario.parse(
      json:
        #"{"description": "t", "workload": {"operations": 50, "kind": "keyed-write"}, "client": {"attempts": 1, "backoff": {"growth": "exponential", "jitter": "full", "base": "100ms", "cap": "2s"}}}"#,
      file: "t.json")
    #expect(!scenario.warnings.isEmpty)
    withKnownIssue {
      let report = Self.noDuplicates.expect(on: scenario, seeds: 0..<3)
      #expect(report?.holds == true)
    } matching: { issue in
      issue.severity == .warning && issue.comments.map(\.rawValue).joined().contains("warning: t.json: client.backoff")
    }
  }

  @Test func aPassWhoseFaultsNeverFiredIsAnIssue() throws {
    let scenario = try Self.scenario("keyed-write")
    withKnownIssue {
      Self.noDuplicates.expect(on: scenario, seeds: 0..<3, requiring: [.partitionResponseLoss])
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("partition-response-loss never fired")
    }
  }

  @Test func yourAsyncCodesPropertyRequiresTheWorldsOwnKinds() throws {
    let world = try Self.scenario("keyless-write", operations: 40).requestWorld { client in
      let request = TransportRequest(method: "POST", path: "/orders", text: "\(client.operation)", timeout: .seconds(1))
      return (try? await client.transport.send(request))?.isSuccess == true ? .succeeded : .uncertain
    }
    let runs = ScenarioProperty<UserCodeRequestWorld<BuiltInRequestHandler>>("runs") { _ in true }
    #expect(runs.expect(on: world, seeds: 0..<3, requiring: [.responseLoss])?.holds == true)
    withKnownIssue {
      runs.expect(on: world, seeds: 0..<3, requiring: [.partitionResponseLoss])
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("partition-response-loss never fired")
    }
  }

  @Test func theEnvironmentChoosesTheSeeds() throws {
    let environment = { (values: [String: String]) in { (name: String) in values[name] } }
    #expect(try PropertySeeds.chosen(0..<100, environment: environment(["FAULTSIM_SEED": "17"])) == 17..<18)
    #expect(try PropertySeeds.chosen(0..<100, environment: environment(["FAULTSIM_SEEDS": "3...5"])) == 3..<6)
    #expect(try PropertySeeds.chosen(0..<100, environment: environment([:])) == 0..<100)
    #expect(throws: SeedRangeError.self) {
      try PropertySeeds.chosen(0..<100, environment: environment(["FAULTSIM_SEED": "-1"]))
    }
  }
}
