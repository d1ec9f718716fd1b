import Foundation
import Testing

/// Input files — scenarios, partial tables, checkpoints, CSV tables — are
/// read one way: never hanging on a pipe nobody writes to, refusing devices
/// with the real reason (66), and refusing bytes that are not text with the
/// line and column (65).
@Suite struct InputFileTests {
  /// Runs `arguments`, killing the process after `seconds`; `nil` if it
  /// had to be killed.
  static func run(
    _ arguments: [String], within seconds: Int, environment: [String: String]? = nil
  ) throws -> FaultSimProcess.Result? {
    let running = try FaultSimProcess.start(arguments, environment: environment)
    let deadline = Date().addingTimeInterval(TimeInterval(seconds))
    while running.process.isRunning && Date() < deadline { usleep(20_000) }
    guard !running.process.isRunning else {
      kill(running.process.processIdentifier, SIGKILL)
      _ = running.finish()
      return nil
    }
    return running.finish()
  }

  @Test func aNamedPipeWithNoWriterDoesNotHangCheck() throws {
    let directory = try SweepScalingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("scenario.json").path
    #expect(mkfifo(fifo, 0o600) == 0)
    for arguments in [
      ["check", fifo], ["run", fifo], ["merge", fifo], ["plot", fifo, "--x", "a", "--y", "b", "--out", fifo + ".svg"],
    ] {
      let result = try #require(
        try Self.run(arguments, within: 20), "\(arguments[0]) hung on a named pipe with no writer")
      #expect(result.status == 66, "\(arguments[0]): \(result.stderr)\(result.stdout)")
      #expect(
        (result.stderr + result.stdout).contains("is a pipe and nothing was written to it"),
        "\(arguments[0]): \(result.stderr)\(result.stdout)")
    }
  }

  @Test func aPipeWithAWriterIsRead() throws {
    let executable = try #require(FaultSimProcess.executable).path
    let scenario = RequestCommandTests.scenario("checkout-reference.json")
    let result = try OutputFileTests.shell(
      "'\(executable)' check /dev/stdin < '\(scenario)' && cat '\(scenario)' | '\(executable)' check /dev/stdin")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.components(separatedBy: "/dev/stdin: ok").count == 3, "\(result.stdout)")
  }

  @Test func devNullIsNamedAsADeviceNotAPermissionProblem() throws {
    for arguments in [
      ["check", "/dev/null"], ["merge", "/dev/null"],
      ["plot", "/dev/null", "--x", "a", "--y", "b", "--out", "/tmp/x.svg"],
    ] {
      let result = try FaultSimProcess.run(arguments)
      #expect(result.status == 66, "\(arguments[0])")
      let text = result.stderr + result.stdout
      #expect(text.contains("/dev/null: is a character device"), "\(arguments[0]): \(text)")
      #expect(!text.contains("permission"), "\(arguments[0]): \(text)")
    }
  }

  @Test func aMissingPartIsNamedWithExitStatus66() throws {
    let result = try FaultSimProcess.run(["merge", "/nonexistent-faultsim/part-1.csv"])
    #expect(result.status == 66)
    #expect(
      result.stderr.contains("/nonexistent-faultsim/part-1.csv: no such file; check the path"), "\(result.stderr)")
  }

  /// A partial table of a two-shard sweep, and its directory.
  static func part() throws -> (URL, String) {
    let directory = try SweepScalingTests.temporaryDirectory()
    let part = directory.appendingPathComponent("part-1.csv").path
    let result = try FaultSimProcess.run(SweepScalingTests.base + ["--shard", "1/2", "--out", part])
    #expect(result.status == 0, "\(result.stderr)")
    return (directory, part)
  }

  /// `text` with `bytes` put in at the start of line `line` (1-based).
  static func corrupt(_ path: String, line: Int, with bytes: [UInt8]) throws {
    var data = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    var offset = 0
    for _ in 1..<line { offset = data[offset...].firstIndex(of: UInt8(ascii: "\n"))! + 1 }
    data.insert(contentsOf: bytes, at: offset + 2)
    try Data(data).write(to: URL(fileURLWithPath: path))
  }

  @Test(arguments: [([UInt8]([0xFF]), "byte 0xFF is not UTF-8"), ([0], "a NUL byte")])
  func badBytesInAPartAreBadData(bytes: [UInt8], message: String) throws {
    let (directory, part) = try Self.part()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Self.corrupt(part, line: 2, with: bytes)
    let result = try FaultSimProcess.run(["merge", part])
    #expect(result.status == 65, "\(result.stderr)")
    #expect(result.stderr.contains("\(part):2:3: \(message); a partial table is UTF-8 text"), "\(result.stderr)")
  }

  @Test func badBytesInATableToPlotAreBadData() throws {
    let directory = try SweepScalingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let table = directory.appendingPathComponent("table.csv").path
    try Data([UInt8]("x,y\r\n1,2\r\n3,\u{0}4\r\n".utf8)).write(to: URL(fileURLWithPath: table))
    let result = try FaultSimProcess.run([
      "plot", table, "--x", "x", "--y", "y", "--out", directory.appendingPathComponent("p.svg").path,
    ])
    #expect(result.status == 65)
    #expect(result.stderr.contains("table.csv:3:3: a NUL byte"), "\(result.stderr)")
  }

  @Test func badBytesInACheckpointAreBadData() throws {
    let (directory, part) = try Self.part()
    defer { try? FileManager.default.removeItem(at: directory) }
    // A checkpoint has the partial table's format.
    let out = directory.appendingPathComponent("table.csv").path
    try FileManager.default.copyItem(atPath: part, toPath: out + ".checkpoint")
    try Self.corrupt(out + ".checkpoint", line: 1, with: [0xC3, 0x28])
    let result = try FaultSimProcess.run(SweepScalingTests.base + ["--shard", "1/2", "--out", out, "--resume"])
    #expect(result.status == 65, "\(result.stderr)")
    #expect(result.stderr.contains("table.csv.checkpoint:1:3: byte 0xC3 is not UTF-8"), "\(result.stderr)")
  }

  @Test func mergeListsEveryMissingShard() throws {
    let directory = try SweepScalingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let part = directory.appendingPathComponent("part-2.csv").path
    let result = try FaultSimProcess.run(SweepScalingTests.base + ["--shard", "2/5", "--out", part])
    #expect(result.status == 0, "\(result.stderr)")
    let merged = try FaultSimProcess.run(["merge", part])
    #expect(merged.status == 65)
    #expect(merged.stderr.contains("shards 1/5, 3/5, 4/5 and 5/5 are missing"), "\(merged.stderr)")
  }
}
