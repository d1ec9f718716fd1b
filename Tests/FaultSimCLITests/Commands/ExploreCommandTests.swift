import Foundation
import Testing

/// `explore` and the transfer world from the command line.
@Suite struct ExploreCommandTests {
  static func scenario(_ name: String) -> String { RequestCommandTests.scenario(name) }

  @Test func exploreFindsBothOrdersOfTheFinishEnqueueRaceWithAWitness() throws {
    let result = try FaultSimProcess.run(["explore", Self.scenario("finish-enqueue-race.json")])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("orders:            4 of 4 (complete)"))
    #expect(result.stdout.contains("class:             order-sensitive"))
    #expect(result.stdout.contains("witness:"))
    #expect(result.stdout.contains("u0/f1: stored, 1 transfer, row done"))
    #expect(result.stdout.contains("u0/f1: stored, 2 transfers, row done"))
    #expect(result.stdout.contains("--order 0,1 --trace"))
    let again = try FaultSimProcess.run(["explore", Self.scenario("finish-enqueue-race.json")])
    #expect(again.stdout == result.stdout)
  }

  @Test func exploreWorksForTheRequestWorldsRaces() throws {
    let result = try FaultSimProcess.run([
      "explore", Self.scenario("checkout-reference.json"), "--set", "workload.operations=1", "--set",
      "network.requestLoss=0", "--set", "network.responseLoss=0", "--set", "network.latency=500ms",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("response-vs-timeout"))
    #expect(result.stdout.contains("class:             doubly-sensitive\n"))
  }

  @Test func exploreStopsAtTheLimitAndSaysSo() throws {
    let result = try FaultSimProcess.run(["explore", Self.scenario("finish-enqueue-race.json"), "--limit", "2"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("2 run, at least"))
  }

  @Test func aTransferRunReplaysAWitnessOrder() throws {
    let result = try FaultSimProcess.run([
      "run", Self.scenario("finish-enqueue-race.json"), "--order", "0,1", "--trace",
    ])
    #expect(result.status == 0)
    #expect(result.stdout.contains("race finish-vs-enqueue#1: reconcile first (2 of 2)"))
    #expect(result.stdout.contains("duplicated:          1 (50.000%)"))
  }

  @Test func sweepsReportOrderSensitivityPerCell() throws {
    let result = try FaultSimProcess.run([
      "sweep", Self.scenario("finish-enqueue-race.json"), "--seeds", "0..<4", "--vary",
      "app.reconcile=blind,by-identifier",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    #expect(lines.count == 3)
    #expect(
      lines[0].contains(
        ",seeds_with_races,order_sensitive_rate,interleavings_per_seed,faultsim_version,scenario_digest"))
    #expect(lines[2].hasPrefix("by-identifier,4,8,0,"))
    // The version column is what `faultsim --version` says.
    let version = try FaultSimProcess.run(["--version"]).stdout.dropFirst("faultsim ".count).dropLast()
    #expect(lines[2].contains(",4,1.000000,8,\(version),"))
  }
}
