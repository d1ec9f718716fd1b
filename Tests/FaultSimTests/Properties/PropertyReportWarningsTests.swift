import FaultSim
import Testing

/// A check carries the options its scenario sets that cannot affect the
/// runs: a property never relies quietly on an option that did nothing.
@Suite struct PropertyReportWarningsTests {
  static func reference(_ overrides: [String]) throws -> Scenario {
    try Scenario.shipped("checkout-reference", overrides: overrides.map { try ScenarioOverride(parsing: $0) })
  }

  @Test func optionsYourCodeReplacesAreInTheReport() throws {
    // The reference sets client.attempts and a backoff: your code decides those.
    let world = try Self.reference(["workload.operations=2"]).requestWorld { _ in .succeeded }
    #expect(world.warnings.map(\.check) == ["user-code-client"], "\(world.warnings)")
    let report = try ScenarioProperty<UserCodeRequestWorld<BuiltInRequestHandler>>("always") { _ in true }
      .check(world, seeds: 0..<2)
    #expect(report.holds)
    #expect(report.warnings == world.warnings)
    #expect(report.warnings[0].key == "client")
  }

  @Test func aScenarioFilesOwnNoOpsAreInTheReport() throws {
    let scenario = try Self.reference(["workload.operations=2", "client.attempts=1", "client.backoff.base=1s"])
    let report = try ScenarioProperty<RequestWorld>("always") { _ in true }.check(scenario, seeds: 0..<2)
    #expect(!scenario.warnings.isEmpty)
    #expect(report.warnings == scenario.warnings)
  }

  @Test func aScenarioWithoutNoOpsHasNoWarnings() throws {
    let report = try ScenarioProperty<RequestWorld>("always") { _ in true }
      .check(try Self.reference(["workload.operations=2"]), seeds: 0..<2)
    #expect(report.warnings.isEmpty)
  }
}
