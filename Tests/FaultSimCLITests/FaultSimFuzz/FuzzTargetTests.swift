import Foundation
import Testing

/// `faultsim-fuzz`: deterministic per seed, and each of its checks fires
/// on a `faultsim` that misbehaves that way.
@Suite struct FuzzTargetTests {
  static var fuzzer: String {
    get throws {
      let faultsim = try #require(FaultSimProcess.executable, "faultsim was not built next to the tests")
      return faultsim.deletingLastPathComponent().appendingPathComponent("faultsim-fuzz").path
    }
  }

  static let scenarios = RequestCommandTests.scenarios.path

  /// Runs the fuzzer to the end (its output goes to files, so nothing blocks).
  static func fuzz(_ arguments: [String], directory: URL) throws -> (status: Int32, output: String) {
    let log = directory.appendingPathComponent("fuzz.log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let handle = try FileHandle(forWritingTo: log)
    defer { try? handle.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try fuzzer)
    process.arguments =
      arguments + [
        "--scenarios", scenarios, "--work", directory.appendingPathComponent("work").path, "--findings",
        directory.appendingPathComponent("findings").path,
      ]
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    process.waitUntilExit()
    return (process.terminationStatus, try String(contentsOf: log, encoding: .utf8))
  }

  @Test func aCaseReplaysTheSameInputEveryTime() throws {
    let directory = try SweepScalingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let first = try Self.fuzz(["--seed", "5", "--replay", "reader:77"], directory: directory)
    let second = try Self.fuzz(["--seed", "5", "--replay", "reader:77"], directory: directory)
    #expect(first.output == second.output)
    #expect(first.output.hasPrefix("reader case 77 of seed 5: "), "\(first.output.prefix(300))")
    let other = try Self.fuzz(["--seed", "6", "--replay", "reader:77"], directory: directory)
    #expect(other.output != first.output)
    for index in 0..<4 {
      let command = ["--seed", "5", "--replay", "command:\(index)"]
      let a = try Self.fuzz(command, directory: directory).output.split(separator: "\n").dropFirst().first
      let b = try Self.fuzz(command, directory: directory).output.split(separator: "\n").dropFirst().first
      #expect(a != nil && a == b, "command \(index): \(String(describing: a))")
    }
  }

  /// A stand-in for faultsim that makes the sandbox's tables with the real
  /// one (the fuzzer marks those commands) and does `misbehaviour` for
  /// every case.
  static func impostor(_ misbehaviour: String, in directory: URL) throws -> String {
    let real = try #require(FaultSimProcess.executable).path
    let path = directory.appendingPathComponent("impostor.sh").path
    try """
    #!/bin/sh
    [ -n "$FAULTSIM_FUZZ_SETUP" ] && exec '\(real)' "$@"
    \(misbehaviour)

    """.write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    return path
  }

  @Test(arguments: [
    ("kill -SEGV $$", "killed by signal 11"),
    ("sleep 30", "still running after 2.0 s"),
    ("exit 70", "exit status 70, not one of 0, 64, 65, 66, 73"),
    ("exit 65", "exit status 65 with nothing on standard error"),
    ("echo oops >&2; exit 64", "a usage error (64) whose message does not start with 'Error: '"),
    ("echo Error: x >&2; echo replaced > existing.csv; exit 0", "replaced or removed the existing existing.csv"),
  ])
  func everyCheckFiresOnAFaultsimThatMisbehaves(misbehaviour: String, finding: String) throws {
    let directory = try SweepScalingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let impostor = try Self.impostor(misbehaviour, in: directory)
    let result = try Self.fuzz(
      ["--seconds", "3", "--timeout", "2", "--only", "commands", "--faultsim", impostor], directory: directory)
    #expect(result.status == 1, "\(result.output)")
    #expect(result.output.contains(finding), "\(result.output)")
  }

  /// `--shard auto` runs under generated batch-scheduler environments, and
  /// a crash under one is a finding that shows the environment.
  @Test func aCrashUnderASchedulersEnvironmentIsAFinding() throws {
    let directory = try SweepScalingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let impostor = try Self.impostor(
      """
      [ -n "$JOB_COMPLETION_INDEX$SLURM_ARRAY_TASK_ID$AWS_BATCH_JOB_ARRAY_INDEX" ] && kill -ILL $$
      echo Error: x >&2; exit 64
      """, in: directory)
    let result = try Self.fuzz(
      ["--seconds", "3", "--timeout", "2", "--only", "commands", "--faultsim", impostor], directory: directory)
    #expect(result.status == 1, "\(result.output)")
    #expect(result.output.contains("sweep: killed by signal 4"), "\(result.output)")
    #expect(result.output.contains("input: env -i "), "\(result.output)")
    #expect(result.output.contains("--shard auto"), "\(result.output)")
  }

  @Test func aShortRunOfTheRealFaultsimReportsWhatItRan() throws {
    let directory = try SweepScalingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try Self.fuzz(["--seconds", "4", "--seed", "3"], directory: directory)
    #expect(result.status == 0 || result.status == 1, "\(result.output)")
    #expect(result.output.contains("scenario files read"), "\(result.output)")
    #expect(result.output.contains("exit statuses: "), "\(result.output)")
  }
}
