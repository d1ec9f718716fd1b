import Foundation
import Testing

@testable import FaultSim

/// One example of a no-op check: a small scenario of a world, the key it
/// flags with values that must give identical runs, and (unless the check
/// holds in every configuration of its world) a control — overrides after
/// which the same values must give different runs and no warning.
///
/// The control is what lets the identical-run test fail: it shows that the
/// fingerprint sees the key as soon as the check's condition no longer
/// holds, so "identical" is the check's doing and not a blind comparison.
struct NoOpCase: CustomTestStringConvertible, Sendable {
  enum World: String, Sendable {
    case request
    case transfer
    case backgroundFetch = "background-fetch"
  }

  var check: String
  var world: World
  /// Overrides that pose the situation, applied to the world's base
  /// scenario first.
  var setup: [String]
  var key: String
  var values: [String]
  /// Overrides applied after the value that make the key matter; `nil` for
  /// a check that holds in every configuration of the world.
  var control: [String]?

  init(
    _ check: String, _ world: World, setup: [String] = [], key: String, values: [String], control: [String]?
  ) {
    self.check = check
    self.world = world
    self.setup = setup
    self.key = key
    self.values = values
    self.control = control
  }

  var testDescription: String { "\(check): \(key)" }

  /// Small scenarios: quick to run, rich enough for each rule's control to
  /// show a difference within a few seeds.
  var base: String {
    switch world {
    case .request:
      return """
        {"description": "no-op case", "world": "request",
         "workload": {"operations": 20, "kind": "keyless-write", "arrival": {"distribution": "uniform", "over": "1s"}},
         "client": {"timeout": "200ms", "attempts": 3},
         "network": {"latency": {"distribution": "uniform", "min": "10ms", "max": "50ms"},
                     "requestLoss": 0.2, "responseLoss": 0.2}}
        """
    case .transfer:
      return """
        {"description": "no-op case", "world": "transfer",
         "workload": {"users": 2, "filesPerUser": 4, "minimumBytes": 1000000, "maximumBytes": 5000000},
         "lifecycle": {"backgroundAt": "10s", "termination": "system", "terminationAt": "30s", "relaunchAt": "90s"},
         "daemon": {"wifiBytesPerSecond": 50000}}
        """
    case .backgroundFetch:
      return """
        {"description": "no-op case", "world": "background-fetch", "population": {"users": 4, "duration": "24h"}}
        """
    }
  }

  /// A value that leaves the key out: for a key with a single value (a
  /// preset), compared with leaving it out.
  static let absent = "(absent)"

  /// The scenario with the setup, `key` set to `value` (left out when
  /// ``absent``), then `extra`.
  func scenario(_ value: String, then extra: [String] = []) throws -> Scenario {
    let set = value == Self.absent ? [] : ["\(key)=\(value)"]
    let overrides = try (setup + set + extra).map { try ScenarioOverride(parsing: $0) }
    return try Scenario.parse(bytes: Array(base.utf8), file: "case.json", overrides: overrides)
  }
}

@Suite struct NoOpCheckTests {
  static let seeds: Range<UInt64> = 0..<3

  static var cases: [NoOpCase] {
    requestCases + transferCases + backgroundFetchCases + outboxCases + gatewayCases
  }

  /// Every rule of every world, by world.
  static var rules: [(NoOpCase.World, [(name: String, keys: [String], why: String)])] {
    [
      (.request, RequestWorldOptions.noOpRules.map { ($0.name, $0.keys, $0.why) }),
      (.transfer, TransferWorldOptions.noOpRules.map { ($0.name, $0.keys, $0.why) }),
      (.backgroundFetch, BackgroundFetchWorldOptions.noOpRules.map { ($0.name, $0.keys, $0.why) }),
    ]
  }

  /// What a run shows: its trace, metrics, final state, race choices and
  /// the faults that fired (`faultsim run` prints them by kind).
  static func fingerprint(_ scenario: Scenario) throws -> String {
    var visitor = Fingerprint()
    return try scenario.world.open(&visitor)
  }

  /// ``fingerprint(_:_:)`` of whichever world a scenario runs.
  struct Fingerprint: WorldVisitor {
    typealias Result = String
    typealias Failure = any Error

    func visit<World: PluggableWorld>(_ world: World.Type, _ options: World.Options) throws -> String {
      try NoOpCheckTests.fingerprint(World.self, options)
    }
  }

  static func fingerprint<World: ScenarioWorld>(_ world: World.Type, _ options: World.Options) throws -> String {
    var text = ""
    for seed in seeds {
      let run = try World.runOnce(options, seed: seed, tracing: true)
      text += "seed \(seed)\n" + TraceFormat.text.render(run.trace)
      text += run.metrics.reportLines.map { "\($0.0): \($0.1)\n" }.joined()
      text += "final \(run.finalState.digest), choices \(run.summary.choiceSequence), events \(run.summary.events)\n"
      text += "faults fired \(run.summary.faults.encoded)\n"
    }
    return text
  }

  static func flags(_ scenario: Scenario, _ check: String, _ key: String) -> Bool {
    scenario.warnings.contains { $0.check == check && $0.keyPath.description == key }
  }

  @Test(arguments: cases)
  func theWarningIsGivenAndTheRunsAreIdentical(_ example: NoOpCase) throws {
    var fingerprints: [String] = []
    for value in example.values {
      let scenario = try example.scenario(value)
      #expect(
        value == NoOpCase.absent || Self.flags(scenario, example.check, example.key), "\(value): \(scenario.warnings)")
      fingerprints.append(try Self.fingerprint(scenario))
    }
    #expect(example.values.count >= 2)
    for (value, fingerprint) in zip(example.values, fingerprints).dropFirst() {
      #expect(fingerprint == fingerprints[0], "\(example.key)=\(value) changed the run")
    }
  }

  @Test(arguments: cases.filter { $0.control != nil })
  func withTheControlTheKeyMattersAndIsNotFlagged(_ example: NoOpCase) throws {
    var fingerprints: [String] = []
    for value in example.values {
      let scenario = try example.scenario(value, then: example.control ?? [])
      #expect(!Self.flags(scenario, example.check, example.key), "\(value): \(scenario.warnings)")
      fingerprints.append(try Self.fingerprint(scenario))
    }
    #expect(Set(fingerprints).count > 1, "the control \(example.control ?? []) does not make \(example.key) matter")
  }

  @Test func everyKeyOfEveryRuleHasACaseInItsWorld() {
    for (world, rules) in Self.rules {
      for rule in rules {
        for key in rule.keys {
          #expect(
            Self.cases.contains { $0.world == world && $0.check == rule.name && $0.key == key },
            "\(world.rawValue): \(rule.name) has no case for \(key)")
        }
      }
      let names = rules.map(\.name)
      #expect(Set(names).count == names.count, "\(world.rawValue): rule names repeat")
    }
    for example in Self.cases {
      #expect(
        Self.rules.contains { world, rules in
          world == example.world && rules.contains { $0.name == example.check && $0.keys.contains(example.key) }
        }, "\(example.testDescription) names no rule of its world")
    }
  }

  /// docs/no-op-checks.md lists every rule of every world, with the exact
  /// words of its warning, and nothing else.
  @Test func theDocsListEveryCheckWithItsReason() throws {
    let docs = try String(
      contentsOf: ScenarioTests.folder.deletingLastPathComponent().appendingPathComponent("docs/no-op-checks.md"),
      encoding: .utf8)
    var expected: [String] = []
    for (world, rules) in Self.rules {
      let header = "## \(world.rawValue)"
      #expect(docs.contains("\n\(header)\n"), "docs/no-op-checks.md needs a section '\(header)'")
      for rule in rules {
        let row = Self.docsRow(rule)
        expected.append(row)
        #expect(docs.contains(row), "docs/no-op-checks.md needs the row\n\(row)")
      }
    }
    // The request world's completion checks have their own section.
    expected += RequestWorldOptions.completionRules.map { Self.docsRow(($0.name, $0.keys, $0.why)) }
    let rows = docs.split(separator: "\n").filter { $0.hasPrefix("| `") }.map(String.init)
    #expect(rows.count == expected.count, "docs/no-op-checks.md has rows no rule declares")
  }

  /// A rule's row in docs/no-op-checks.md.
  static func docsRow(_ rule: (name: String, keys: [String], why: String)) -> String {
    "| `\(rule.name)` | \(rule.keys.map { "`\($0)`" }.joined(separator: ", ")) | \(rule.why) |"
  }
}
