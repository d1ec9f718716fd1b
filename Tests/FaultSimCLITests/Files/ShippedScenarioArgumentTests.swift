import FaultSim
import Foundation
import Testing

/// Shipped scenarios by name, from any directory: what the demo's hint and
/// every replay line a property prints rely on.
@Suite struct ShippedScenarioArgumentTests {
  static let root = URL(fileURLWithPath: "/")

  static func run(_ arguments: [String], in directory: URL = root) throws -> FaultSimProcess.Result {
    try FaultSimProcess.start(arguments, directory: directory).finish()
  }

  @Test func aShippedNameRunsFromTheRootDirectory() throws {
    let byName = try Self.run(["run", "checkout-keyed", "--seed", "3", "--set", "workload.operations=200"])
    #expect(byName.status == 0, "\(byName.stderr)")
    #expect(byName.stdout.contains("scenario:        checkout-keyed (checkout-keyed, request world"))
    // The repository path, as replay lines print it, gives the same run.
    let byPath = try Self.run([
      "run", "scenarios/checkout-keyed.json", "--seed", "3", "--set", "workload.operations=200",
    ])
    #expect(byPath.status == 0, "\(byPath.stderr)")
    let digest = { (text: String) in
      text.split(separator: "\n").first { $0.hasPrefix("scenario:") }?.split(separator: " ").last
    }
    #expect(digest(byName.stdout) == digest(byPath.stdout))
    // Every line but the first (the file as named) and the replay line (it repeats the argument).
    let body = { (text: String) in text.split(separator: "\n").dropFirst().filter { !$0.hasPrefix("replay:") } }
    #expect(body(byName.stdout) == body(byPath.stdout))
    #expect(byName.stdout.contains("replay: faultsim run checkout-keyed --seed 3"))
  }

  @Test func sweepExploreAndCheckTakeNames() throws {
    let sweep = try Self.run([
      "sweep", "checkout-keyed", "--seeds", "0..<2", "--set", "workload.operations=50", "--quiet",
    ])
    #expect(sweep.status == 0, "\(sweep.stderr)")
    #expect(sweep.stdout.split(whereSeparator: \.isNewline).count == 2, "a header and one row")
    let explore = try Self.run(["explore", "finish-enqueue-race"])
    #expect(explore.status == 0, "\(explore.stderr)")
    #expect(explore.stdout.contains("order-sensitive"))
    let check = try Self.run(["check", "checkout-reference", "scenarios/podcast-relaunch-blind.json"])
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stdout.contains("checkout-reference: ok (request world"))
  }

  @Test func aFileOfYoursWinsOverAShippedName() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("shipped-name-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try #"{"description": "mine", "workload": {"operations": 7}}"#.write(
      to: directory.appendingPathComponent("checkout-keyed"), atomically: true, encoding: .utf8)
    let result = try Self.run(["run", "checkout-keyed"], in: directory)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("operations:      7"))
  }

  @Test func aNameNearAShippedOneIsSuggested() throws {
    let result = try Self.run(["run", "checkout-keyd"])
    #expect(result.status == 66)
    #expect(result.stderr.contains("did you mean the shipped scenario 'checkout-keyed'?"))
    #expect(result.stderr.contains("'faultsim scenarios' lists"))
  }

  @Test func scenariosListsEveryShippedScenarioOnce() throws {
    let result = try Self.run(["scenarios"])
    #expect(result.status == 0)
    let names = result.stdout.split(separator: "\n").map { String($0.prefix { $0 != " " }) }
    #expect(names == Scenario.shippedNames)
    #expect(result.stdout.contains("checkout-reference") && result.stdout.contains("The reference checkout."))
  }
}
