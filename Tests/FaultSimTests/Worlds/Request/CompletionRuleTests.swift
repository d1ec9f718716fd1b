import Foundation
import Testing

@testable import FaultSim

/// The completion checks: a scenario whose operations cannot complete is
/// warned about when it is read (so `check` and `check --strict` see it),
/// naming the keys written that cause it; the same scenario with the cause
/// lowered is not; docs/no-op-checks.md lists every check with its words.
@Suite struct CompletionRuleTests {
  static let base = """
    {"description": "completion case", "world": "request",
     "workload": {"operations": 4, "kind": "keyed-write", "arrival": {"distribution": "uniform", "over": "1s"}},
     "client": {"timeout": "1s", "attempts": 3, "app": {"outbox": "resend-with-new-key"}},
     "network": {"latency": {"distribution": "uniform", "min": "10ms", "max": "50ms"}},
     "server": {"keys": "honour", "processing": "100ms"}}
    """

  static func warnings(_ overrides: [String]) throws -> [ScenarioWarning] {
    let parsed = try overrides.map { try ScenarioOverride(parsing: $0) }
    return try Scenario.parse(bytes: Array(base.utf8), file: "case.json", overrides: parsed).warnings
  }

  /// A check, the overrides that pose it, the keys it must name, and the
  /// overrides after which it must not be given.
  struct Case: Sendable, CustomTestStringConvertible {
    var check: String
    var setup: [String]
    var keys: [String]
    var control: [String]
    var testDescription: String { check }
  }

  static let cases: [Case] = [
    Case(
      check: "writes-killed-before-any-answer",
      setup: ["client.app.termination=1", "network.responseLoss=1"],
      keys: ["client.app.termination", "network.responseLoss"], control: ["network.responseLoss=0.5"]),
    Case(
      check: "writes-killed-before-any-arrival",
      setup: ["client.app.termination=1", "network.requestLoss=1"],
      keys: ["client.app.termination", "network.requestLoss"], control: ["client.app.termination=0.9"]),
    Case(
      check: "restarts-faster-than-processing",
      setup: ["server.restarts.meanInterval=50ms"],
      keys: ["server.restarts.meanInterval", "server.processing"], control: ["server.restarts.meanInterval=10s"]),
    Case(
      check: "restarts-down-most-of-the-time",
      setup: ["server.restarts.meanInterval=10s", "server.restarts.downtime=30s"],
      keys: ["server.restarts.meanInterval", "server.restarts.downtime"], control: ["server.restarts.downtime=1s"]),
  ]

  @Test(arguments: cases)
  func theCheckNamesTheKeysThatCauseIt(_ example: Case) throws {
    let named = try Self.warnings(example.setup).filter { $0.check == example.check }.map(\.keyPath.description)
    #expect(named == example.keys)
    let controlled = try Self.warnings(example.setup + example.control)
    #expect(!controlled.contains { $0.check == example.check })
  }

  @Test func everyCheckHasACase() {
    let names = RequestWorldOptions.completionRules.map(\.name)
    #expect(names == Self.cases.map(\.check))
    #expect(Set(names).isDisjoint(with: RequestWorldOptions.noOpRules.map(\.name)))
  }

  @Test func theDocsListEveryCheckWithItsReason() throws {
    let docs = try String(
      contentsOf: ScenarioTests.folder.deletingLastPathComponent().appendingPathComponent("docs/no-op-checks.md"),
      encoding: .utf8)
    let section = try #require(docs.range(of: "\n## Runs that cannot complete\n"), "no section in the docs")
    let text = docs[section.upperBound...]
    for rule in RequestWorldOptions.completionRules {
      let row = NoOpCheckTests.docsRow((rule.name, rule.keys, rule.why))
      #expect(text.contains(row), "docs/no-op-checks.md needs the row\n\(row)")
    }
  }
}
