import Foundation
import Testing

/// `--out`: only regular files are written or replaced, a link is never
/// replaced or written through, nothing is replaced without `--force`, and
/// every refusal comes before the work and names the reason.
@Suite struct OutputFileTests {
  static let sweep = [
    "sweep", RequestCommandTests.scenario("checkout-reference.json"), "--seeds", "0..<2", "--set",
    "workload.operations=20", "--quiet",
  ]

  /// A sweep that takes minutes: a refusal must come before it runs.
  static let longSweep = [
    "sweep", RequestCommandTests.scenario("checkout-reference.json"), "--seeds", "0..<100000", "--quiet",
  ]

  static func shell(_ script: String) throws -> FaultSimProcess.Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return .init(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }

  static func fileType(_ path: String) -> FileAttributeType? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
  }

  @Test func aMissingDirectoryIsNamedBeforeTheSweepRuns() throws {
    let directory = try SweepScalingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("no/such/dir/table.csv").path
    // Killed after 20 s: the old code ran the whole sweep first.
    let result = try #require(
      try InputFileTests.run(Self.longSweep + ["--out", out], within: 20), "the refusal did not come before the sweep")
    #expect(result.status == 73)
    #expect(
      result.stderr.contains("the directory \(directory.path)/no/such/dir does not exist; create it first"),
      "\(result.stderr)")
    #expect(!result.stderr.contains("NSCocoaErrorDomain"))
  }

  @Test func aFileInThePlaceOfADirectoryIsNamed() throws {
    let directory = try SweepScalingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("file").path
    try "x".write(toFile: file, atomically: false, encoding: .utf8)
    let result = try FaultSimProcess.run(Self.sweep + ["--out", file + "/table.csv"])
    #expect(result.status == 73)
    #expect(result.stderr.contains("is not a directory"), "\(result.stderr)")
  }

  @Test func aSymbolicLinkIsNeverReplacedOrWrittenThrough() throws {
    let directory = try SweepScalingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.appendingPathComponent("real.csv").path
    let link = directory.appendingPathComponent("link.csv").path
    try "precious\n".write(toFile: target, atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    for force in [[], ["--force"]] {
      let result = try FaultSimProcess.run(Self.sweep + ["--out", link] + force)
      #expect(result.status == 73, "\(force)")
      #expect(result.stderr.contains("\(link) is a symbolic link to \(target)"), "\(result.stderr)")
      #expect(result.stderr.contains("neither replaces a link nor writes through it"), "\(result.stderr)")
      #expect(Self.fileType(link) == .typeSymbolicLink)
      #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
    }
  }

  @Test func aDanglingSymbolicLinkIsNotReplaced() throws {
    let directory = try SweepScalingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let link = directory.appendingPathComponent("dangling.csv").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/nonexistent-faultsim/target")
    for force in [[], ["--force"]] {
      let result = try FaultSimProcess.run(Self.sweep + ["--out", link] + force)
      #expect(result.status == 73, "\(force): \(result.stderr)")
      #expect(result.stderr.contains("is a symbolic link to /nonexistent-faultsim/target"), "\(result.stderr)")
      #expect(Self.fileType(link) == .typeSymbolicLink)
    }
  }

  @Test func aNamedPipeIsNotReplaced() throws {
    let directory = try SweepScalingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("pipe").path
    #expect(mkfifo(fifo, 0o600) == 0)
    for force in [[], ["--force"]] {
      let result = try FaultSimProcess.run(Self.sweep + ["--out", fifo] + force)
      #expect(result.status == 73)
      #expect(result.stderr.contains("is a named pipe, not a regular file"), "\(result.stderr)")
      #expect(Self.fileType(fifo) == .typeUnknown || Self.fileType(fifo) != .typeRegular)
    }
  }

  /// As root, the old `--force` deleted a device node and put a file in its
  /// place.
  @Test func aDeviceNodeIsNotReplacedEvenByRoot() throws {
    let directory = try SweepScalingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let device = directory.appendingPathComponent("null").path
    // The same device as /dev/null (major 1, minor 3: glibc's makedev,
    // a C macro Swift cannot call); needs root (or CAP_MKNOD).
    guard mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 else { return }
    let result = try FaultSimProcess.run(Self.sweep + ["--out", device, "--force"])
    #expect(result.status == 73)
    #expect(result.stderr.contains("is a character device, not a regular file"), "\(result.stderr)")
    #expect(Self.fileType(device) == .typeCharacterSpecial)
  }

  @Test func anExistingFileIsReplacedOnlyWithForce() throws {
    let directory = try SweepScalingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("table.csv").path
    try "old\n".write(toFile: out, atomically: false, encoding: .utf8)
    let refused = try FaultSimProcess.run(Self.sweep + ["--out", out])
    #expect(refused.status == 73)
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "old\n")
    let replaced = try FaultSimProcess.run(Self.sweep + ["--out", out, "--force"])
    #expect(replaced.status == 0, "\(replaced.stderr)")
    #expect(try String(contentsOfFile: out, encoding: .utf8).hasPrefix("seeds,operations"))
    // Nothing but the table is left behind.
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["table.csv"])
  }

  /// Standard output that cannot take the data (a full disk: `/dev/full`)
  /// is an output error, 73 with a message, for the first write (`--help`)
  /// and for data written after a run.
  @Test func aFullStandardOutputIsAnOutputErrorNotACrash() throws {
    guard let executable = FaultSimProcess.executable, FileManager.default.fileExists(atPath: "/dev/full") else {
      return
    }
    for arguments in ["--help", "run \(RequestCommandTests.scenario("checkout-reference.json")) --seed 1"] {
      let result = try Self.shell("'\(executable.path)' \(arguments) >/dev/full")
      #expect(result.status == 73, "\(arguments): \(result.stderr)")
      #expect(result.stderr.hasPrefix("Error: cannot write to standard output: "), "\(arguments)")
    }
  }

  @Test func aNameThatIsNotUTF8IsWrittenAndRead() throws {
    let directory = try SweepScalingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let executable = try #require(FaultSimProcess.executable).path
    let scenario = RequestCommandTests.scenario("checkout-reference.json")
    // caf\351 is "café" in Latin-1: not UTF-8.
    let result = try Self.shell(
      """
      cd '\(directory.path)' && cp '\(scenario)' "$(printf 'caf\\351.json')" &&
      '\(executable)' check "$(printf 'caf\\351.json')" &&
      '\(executable)' sweep "$(printf 'caf\\351.json')" --seeds 0..\\<2 --set workload.operations=20 --quiet --out "$(printf 't\\351.csv')" &&
      test -f "$(printf 't\\351.csv')" && '\(executable)' check "$(printf 'x\\351.json')"
      """)
    // The last check names a missing file: its name is shown with \xE9.
    #expect(result.status == 66, "\(result.stderr)")
    #expect(result.stdout.contains("caf\\xE9.json: ok"), "\(result.stdout)")
    #expect(result.stdout.contains("x\\xE9.json: no such file"), "\(result.stdout)")
  }
}
