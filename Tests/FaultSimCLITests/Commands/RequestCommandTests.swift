import Foundation
import Testing

/// `run`, `sweep` and `check` as users call them.
@Suite struct RequestCommandTests {
  static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("scenarios")

  static func scenario(_ name: String) -> String { scenarios.appendingPathComponent(name).path }

  static func temporaryFile(_ contents: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("faultsim-\(UUID().uuidString).json").path
    try contents.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func runPrintsMetricsAndTheReplayCommand() throws {
    let result = try FaultSimProcess.run([
      "run", Self.scenario("checkout-reference.json"), "--seed", "3", "--set", "workload.operations=500",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("operations:      500"))
    #expect(result.stdout.contains("duplicated:"))
    #expect(result.stdout.contains("replay: faultsim run"))
    #expect(result.stdout.contains("--seed 3 --set workload.operations=500 --trace"))
  }

  /// Fault coverage in `run`: the kinds that fired with their counts, the
  /// kinds that never did, and the races met.
  @Test func runReportsTheFaultsThatFiredAndTheRacesMet() throws {
    let result = try FaultSimProcess.run([
      "run", Self.scenario("finish-enqueue-race.json"), "--seed", "1", "--order", "1",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("races met:"))
    #expect(result.stdout.contains("finish-vs-enqueue 2 (1 not in FIFO order)"), "\(result.stdout)")
    #expect(result.stdout.contains("never met:") && result.stdout.contains("move-vs-delete"))
    let none = result.stdout.split(separator: "\n").first { $0.hasPrefix("faults fired:") } ?? ""
    #expect(none.hasSuffix(" none"), "the race scenario has no faults: \(result.stdout)")
    let request = try FaultSimProcess.run([
      "run", Self.scenario("checkout-reference.json"), "--seed", "3", "--set", "workload.operations=500",
    ])
    let fired = request.stdout.split(separator: "\n").first { $0.hasPrefix("faults fired:") } ?? ""
    #expect(fired.contains("request-loss ") && fired.contains("response-loss "), "\(request.stdout)")
    // 25 kinds never fired: the text counts them, the JSON report names them.
    let quiet = request.stdout.split(separator: "\n").first { $0.hasPrefix("never fired:") } ?? ""
    #expect(quiet.hasSuffix(" 25 other fault kinds (--report json names them)"), "\(request.stdout)")
    #expect(request.stdout.split(separator: "\n").last?.hasPrefix("replay:") == true, "\(request.stdout)")
    let json = try FaultSimProcess.run([
      "run", Self.scenario("checkout-reference.json"), "--seed", "3", "--set", "workload.operations=500",
      "--report", "json",
    ])
    #expect(json.stdout.contains("throttling"), "\(json.stdout)")
  }

  @Test func runWithTraceShowsLostMessages() throws {
    let result = try FaultSimProcess.run([
      "run", Self.scenario("checkout-reference.json"), "--seed", "1", "--set", "workload.operations=50", "--trace",
    ])
    #expect(result.status == 0)
    #expect(result.stdout.contains("-x server (lost)") || result.stdout.contains("-x client#"))
    #expect(result.stdout.contains("server       apply"))
  }

  @Test func sweepWritesTheSameCSVInTwoProcesses() throws {
    let arguments = [
      "sweep", Self.scenario("checkout-reference.json"), "--seeds", "0..<3", "--set", "workload.operations=1000",
      "--vary", "network.responseLoss=0.1,0.3", "--vary", "workload.kind=keyless-write,keyed-write",
    ]
    let first = try FaultSimProcess.run(arguments)
    let second = try FaultSimProcess.run(arguments)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout == second.stdout)
    let lines = first.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    #expect(lines.count == 5)
    #expect(
      lines[0].hasPrefix(
        "network.responseLoss,workload.kind,seeds,operations,duplicated,duplicate_rate,duplicate_rate_lo,duplicate_rate_hi,lost,lost_rate,uncertain,uncertain_rate,attempts_mean,server_requests,completion_p50_ms,completion_p99_ms"
      ))
    #expect(lines[1].hasPrefix("0.1,keyless-write,3,3000,"))
    #expect(lines[2].hasPrefix("0.1,keyed-write,3,3000,0,0.000000,"))
    #expect(lines[4].hasPrefix("0.3,keyed-write,3,3000,0,"))
  }

  @Test func sweepWritesOutAtomicallyAndRefusesToOverwrite() throws {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("faultsim-\(UUID().uuidString).csv").path
    defer { try? FileManager.default.removeItem(atPath: out) }
    let arguments = [
      "sweep", Self.scenario("checkout-keyed.json"), "--seeds", "0..<2", "--set", "workload.operations=200", "--out",
      out,
    ]
    #expect(try FaultSimProcess.run(arguments).status == 0)
    let written = try String(contentsOfFile: out, encoding: .utf8)
    #expect(written.hasPrefix("seeds,operations,"))
    let again = try FaultSimProcess.run(arguments)
    #expect(again.status == 73)
    #expect(again.stderr.contains("already exists; pass --force"))
    #expect(try FaultSimProcess.run(arguments + ["--force"]).status == 0)
  }

  @Test func checkSaysOkOrWhatIsWrongWithExitCodes() throws {
    let good = try FaultSimProcess.run(["check", Self.scenario("checkout-reference.json")])
    #expect(good.status == 0)
    #expect(good.stdout.contains(": ok (request world, 100000 keyless-write operations)"))
    let bad = try Self.temporaryFile(#"{"description": "d", "network": {"responseLoss": 1.5}}"#)
    defer { try? FileManager.default.removeItem(atPath: bad) }
    let invalid = try FaultSimProcess.run(["check", bad])
    #expect(invalid.status == 65)
    #expect(invalid.stdout.contains(":1:50: network.responseLoss: 1.5 is out of range; allowed 0...1"))
    let missing = try FaultSimProcess.run(["check", "/nonexistent/scenario.json"])
    #expect(missing.status == 66)
  }

  @Test(
    arguments: [
      (["run", "/nonexistent.json"], Int32(66)),
      (["sweep", "/nonexistent.json", "--seeds", "0..<2"], Int32(66)),
      (["sweep", "SCENARIO", "--seeds", "5..<2"], Int32(64)),
      (["sweep", "SCENARIO"], Int32(64)),
      (["sweep", "SCENARIO", "--seeds", "0..<2", "--vary", "network.responseLoss="], Int32(64)),
      (["sweep", "SCENARIO", "--seeds", "0..<2", "--vary", "network.responseLoss=0.1,7"], Int32(65)),
      (["run", "SCENARIO", "--seed", "-1"], Int32(64)),
      (["run", "SCENARIO", "--set", "nonsense"], Int32(64)),
      (["run", "SCENARIO", "--set", "workload.operations=0"], Int32(65)),
      (["run", "SCENARIO", "--order", "sideways"], Int32(64)),
      (["run"], Int32(64)),
    ] as [([String], Int32)])
  func badInputExitsWithTheRightStatusAndNeverTraps(arguments: [String], status: Int32) throws {
    let resolved = arguments.map { $0 == "SCENARIO" ? Self.scenario("checkout-keyed.json") : $0 }
    let result = try FaultSimProcess.run(resolved)
    #expect(result.status == status, "\(arguments): \(result.stderr)")
    #expect(result.stderr.hasPrefix("Error: "), "\(arguments): \(result.stderr)")
  }
}
