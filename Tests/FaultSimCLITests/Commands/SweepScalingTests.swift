import Foundation
import Testing

/// Sweeps on several processes and threads, interrupted and resumed, as
/// users run them.
@Suite struct SweepScalingTests {
  static func scenario(_ name: String) -> String { RequestCommandTests.scenario(name) }

  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("faultsim-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static let base = [
    "sweep", RequestCommandTests.scenario("checkout-reference.json"), "--seeds", "0..<12", "--set",
    "workload.operations=400", "--vary", "network.responseLoss=0.1,0.3", "--quiet",
  ]

  @Test func shardsRunInSeparateProcessesMergeIntoTheSingleRunsTable() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let single = try FaultSimProcess.run(Self.base + ["--jobs", "1"])
    #expect(single.status == 0, "\(single.stderr)")
    var parts: [String] = []
    for index in 1...3 {
      let part = directory.appendingPathComponent("part-\(index).csv").path
      let result = try FaultSimProcess.run(Self.base + ["--shard", "\(index)/3", "--out", part])
      #expect(result.status == 0, "\(result.stderr)")
      parts.append(part)
    }
    let merged = try FaultSimProcess.run(["merge"] + parts.reversed())
    #expect(merged.status == 0, "\(merged.stderr)")
    #expect(merged.stdout == single.stdout)
    let twoJobs = try FaultSimProcess.run(Self.base + ["--jobs", "2"])
    #expect(twoJobs.stdout == single.stdout)
    let missing = try FaultSimProcess.run(["merge", parts[0], parts[2]])
    #expect(missing.status == 65)
    #expect(missing.stderr.contains("shard 2/3 is missing"))
  }

  @Test func shardAutoReadsTheBatchSchedulersEnvironment() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var parts: [String] = []
    for index in 0..<2 {
      let part = directory.appendingPathComponent("k8s-\(index).csv").path
      let result = try FaultSimProcess.run(
        Self.base + ["--shard", "auto", "--out", part],
        environment: ["JOB_COMPLETION_INDEX": "\(index)", "FAULTSIM_SHARD_COUNT": "2"])
      #expect(result.status == 0, "\(result.stderr)")
      parts.append(part)
    }
    let merged = try FaultSimProcess.run(["merge"] + parts)
    #expect(merged.stdout == (try FaultSimProcess.run(Self.base)).stdout)
    let unset = try FaultSimProcess.run(Self.base + ["--shard", "auto"], environment: [:])
    #expect(unset.status == 64)
  }

  @Test func anInterruptedSweepKeepsACheckpointAndResumesToTheSameTable() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("table.csv").path
    let long = [
      "sweep", Self.scenario("checkout-reference.json"), "--seeds", "0..<400", "--set", "workload.operations=2000",
      "--jobs", "2", "--quiet",
    ]
    let process = try FaultSimProcess.start(long + ["--out", out])
    Thread.sleep(forTimeInterval: 0.8)
    process.interrupt()
    let interrupted = process.finish()
    #expect(interrupted.status == 130, "\(interrupted.stderr)")
    #expect(interrupted.stderr.contains("--resume"))
    #expect(FileManager.default.fileExists(atPath: out + ".checkpoint"))
    #expect(!FileManager.default.fileExists(atPath: out), "nothing half-written")
    let again = try FaultSimProcess.run(long + ["--out", out])
    #expect(again.status == 73, "a checkpoint is never silently discarded")
    let resumed = try FaultSimProcess.run(long + ["--out", out, "--resume"])
    #expect(resumed.status == 0, "\(resumed.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out + ".checkpoint"))
    let whole = try FaultSimProcess.run(long)
    #expect(try String(contentsOfFile: out, encoding: .utf8) == whole.stdout)
  }

  @Test func shardsWithoutAnOutputFileKeepSeparateCheckpoints() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let long = [
      "sweep", Self.scenario("checkout-reference.json"), "--seeds", "0..<400", "--set", "workload.operations=2000",
      "--jobs", "1", "--quiet",
    ]
    let shards = try (1...2).map { try FaultSimProcess.start(long + ["--shard", "\($0)/2"], directory: directory) }
    Thread.sleep(forTimeInterval: 0.8)
    for shard in shards { shard.interrupt() }
    for shard in shards { #expect(shard.finish().status == 130) }
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(names.count == 2, "\(names)")
    #expect(names.first?.hasSuffix("-shard-1-of-2.checkpoint") == true, "\(names)")
    #expect(names.last?.hasSuffix("-shard-2-of-2.checkpoint") == true, "\(names)")
  }

  @Test func aDirectoryAsTheOutputIsRefusedBeforeTheSweepRuns() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    for force in [[], ["--force"]] {
      let result = try FaultSimProcess.run(Self.base + ["--out", directory.path] + force)
      #expect(result.status == 73)
      #expect(result.stderr.contains("is a directory; give a file name for --out"), "\(result.stderr)")
    }
  }

  @Test func progressStaysOffStandardErrorWhenItIsNotATerminal() throws {
    let result = try FaultSimProcess.run(Array(Self.base.dropLast()))
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
  }

  @Test func hostileArgumentsGetUsageErrorsNotTraps() throws {
    let scenario = Self.scenario("checkout-keyed.json")
    let cases: [[String]] = [
      ["sweep", scenario, "--seeds", "5..<2"], ["sweep", scenario, "--seeds", "0..<0"],
      ["sweep", scenario, "--seeds", "18446744073709551615...18446744073709551615"],
      ["sweep", scenario, "--seeds", "0..<5", "--jobs", "0"], ["sweep", scenario, "--seeds", "0..<5", "--jobs", "-1"],
      ["sweep", scenario, "--seeds", "0..<5", "--shard", "3/2"],
      ["sweep", scenario, "--seeds", "0..<5", "--shard", "0/0"],
      ["sweep", scenario, "--seeds", "0..<5", "--shard", "1/99999999999"],
      ["sweep", scenario, "--seeds", "0..<5", "--interleavings", "0"],
      ["sweep", scenario, "--seeds", "0..<5", "--vary", "a"],
      ["sweep", scenario, "--seeds", "0..<5", "--vary", "=1,2"],
      ["sweep", scenario, "--seeds", "0..<5", "--vary", "a.b[x]=1"],
      ["sweep", scenario, "--seeds", "0..<5", "--set", "..=1"],
      ["run", scenario, "--seed", "18446744073709551616"], ["explore", scenario, "--limit", "0"],
      ["merge"], ["sweep", scenario, "--seeds", "0..<5", "--seeds", "0..<6"],
    ]
    for arguments in cases {
      let result = try FaultSimProcess.run(arguments)
      #expect(result.status == 64, "\(arguments): \(result.status) \(result.stderr)")
      #expect(result.stderr.hasPrefix("Error: "), "\(arguments)")
    }
    // A grid too large is refused up front, naming what to lower: the
    // command line asked for it, so it is a usage error.
    let values = (0..<400).map(String.init).joined(separator: ",")
    let huge = try FaultSimProcess.run([
      "sweep", scenario, "--seeds", "0..<5", "--vary", "a=\(values)", "--vary", "b=\(values)",
    ])
    #expect(huge.status == 64)
    #expect(huge.stderr.contains("vary fewer values"))
    let merged = try FaultSimProcess.run(["merge", scenario])
    #expect(merged.status == 65)
  }
}
