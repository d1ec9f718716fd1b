import Foundation
import Testing

/// Runs whose memory grows with what they leave behind — tries a gateway
/// gave up on that the server still processes, copies the network holds
/// back — are refused up front by an estimate that counts them, and the
/// budget reaches every run's watch.
@Suite struct MemoryEnforcementTests {
  static let gateway = RequestCommandTests.scenario("gateway-retries-post.json")
  static let duplicates = RequestCommandTests.scenario("network-duplicates.json")

  @Test func aGatewayThatGivesUpOnHourLongTriesIsRefusedAtOnce() throws {
    let arguments = [
      "run", Self.gateway, "--seed", "1", "--set", "workload.operations=1000000", "--set", "gateway.attempts=100",
      "--set", "gateway.timeout=1s", "--set", "server.processing=1h", "--set", "client.timeout=24h",
    ]
    let ran = try InputFileTests.run(arguments, within: 20, environment: MemoryBudgetTests.environment)
    let result = try #require(ran, "the run went on instead of being refused")
    #expect(result.status == 65, "\(result.stderr)")
    #expect(result.stderr.contains("one simulation needs about 9.3 GiB"), "\(result.stderr)")
    #expect(result.stderr.contains("more than the memory budget of 2.0 GiB (the default)"), "\(result.stderr)")
  }

  @Test func copiesTheNetworkHoldsBackAreInTheEstimate() throws {
    // 100,000 operations, each request copied an hour late and held back
    // two hours: about 88 MiB (measured peak 71 MB), not 43 MiB.
    let arguments = [
      "run", Self.duplicates, "--set", "workload.operations=100000", "--set", "network.requestDuplication=1",
      "--set", "network.duplicateDelay=1h", "--set", "network.requestReordering=1", "--set",
      "network.reorderDelay=2h", "--memory-budget", "60MiB",
    ]
    let ran = try InputFileTests.run(arguments, within: 60, environment: MemoryBudgetTests.environment)
    let result = try #require(ran, "the run did not end")
    #expect(result.status == 65, "\(result.stderr)")
    #expect(
      result.stderr.contains("more than the memory budget of 60.0 MiB (--memory-budget 60MiB)"), "\(result.stderr)")
  }
}
