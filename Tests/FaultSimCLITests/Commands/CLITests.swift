import Foundation
import Testing

/// Runs the built `faultsim` executable as a separate process, the way
/// users do. Each call is a new process, so Swift's per-process hashing seed
/// differs between calls: byte-identical outputs show that no `Dictionary`
/// or `Set` order leaks into them.
struct FaultSimProcess {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The `faultsim` binary next to the test bundle.
  static let executable: URL? = {
    var candidates: [URL] = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      candidates.append(bundle.bundleURL.deletingLastPathComponent())
    }
    candidates.append(Bundle.main.bundleURL)
    return candidates.map { $0.appendingPathComponent("faultsim") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> Result {
    try start(arguments, environment: environment).finish()
  }

  /// A started process: read its output with `finish()`.
  struct Running {
    let process: Process
    let out: Pipe
    let err: Pipe

    /// Sends SIGINT.
    func interrupt() {
      process.interrupt()
    }

    /// Waits for the process and returns what it printed.
    func finish() -> Result {
      // Read both pipes at once so neither fills up and blocks the child.
      final class Box: @unchecked Sendable { var data = Data() }
      let box = Box()
      let handle = err.fileHandleForReading
      let group = DispatchGroup()
      DispatchQueue.global().async(group: group) { box.data = handle.readDataToEndOfFile() }
      let stdout = out.fileHandleForReading.readDataToEndOfFile()
      group.wait()
      process.waitUntilExit()
      return Result(
        status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
        stderr: String(decoding: box.data, as: UTF8.self))
    }
  }

  /// - Parameter directory: The working directory (default: this process's).
  static func start(
    _ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil
  ) throws -> Running {
    let executable = try #require(executable, "the faultsim executable was not built next to the tests")
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = directory }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    return Running(process: process, out: out, err: err)
  }
}

@Suite struct CLITests {
  @Test(arguments: [["lessons"], [], ["demo", "--seed-count", "2", "--orders", "300"]])
  func twoProcessesPrintByteIdenticalOutput(arguments: [String]) throws {
    let first = try FaultSimProcess.run(arguments)
    let second = try FaultSimProcess.run(arguments)
    #expect(first.status == 0)
    #expect(!first.stdout.isEmpty)
    #expect(first.stdout == second.stdout)
  }

  @Test func helpGoesToStandardOutputAndExitsZero() throws {
    for arguments in [["--help"], ["-h"], ["help"], ["lessons", "--help"], ["help", "lessons"]] {
      let result = try FaultSimProcess.run(arguments)
      #expect(result.status == 0, "\(arguments)")
      #expect(result.stdout.contains("USAGE: faultsim"), "\(arguments)")
      #expect(result.stderr.isEmpty, "\(arguments)")
    }
  }

  @Test(arguments: [
    (["frobnicate"], "Error: Unknown subcommand 'frobnicate'", "faultsim --help"),
    (["--frobnicate"], "Error: Unknown option '--frobnicate'", "faultsim --help"),
    (["lessons", "--bogus"], "Error: Unknown option '--bogus'", "faultsim lessons --help"),
    (["lessons", "--block"], "Error: Missing value for '--block <value>'", "faultsim lessons --help"),
    (["lessons", "--block", "nope"], "Error: Unknown block 'nope'", "faultsim lessons --help"),
    (["lessons", "extra"], "Error: Unexpected argument 'extra'", "faultsim lessons --help"),
    (
      ["demo", "--seed-count", "0"], "Error: '--seed-count' expects an integer in 1...10000, got '0'",
      "faultsim demo --help"
    ),
    (["demo", "--seed-count", "-3"], "Error: '--seed-count' expects an integer", "faultsim demo --help"),
    (
      ["demo", "--seed-count", "99999999999999999999999"], "Error: '--seed-count' expects an integer",
      "faultsim demo --help"
    ),
    (["help", "nope"], "Error: Unknown subcommand 'nope'", "faultsim --help"),
  ])
  func usageErrorsExit64WithUsageAndAPointerToHelp(arguments: [String], message: String, help: String) throws {
    let result = try FaultSimProcess.run(arguments)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first?.hasPrefix(message) == true, "\(result.stderr)")
    #expect(lines.count > 2 && lines[1].hasPrefix("Usage: faultsim"))
    #expect(lines.count > 2 && lines[2] == "  See '\(help)' for more information.")
  }

  @Test func lessonsPrintsTheFourBlocks() throws {
    let result = try FaultSimProcess.run(["lessons"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("denetlemeden-kuyruga-al | bir=[a.zip,a.zip]"))
    // The four blocks, byte for byte, then the glossary of their words.
    let parts = result.stdout.components(separatedBy: "\n\n")
    #expect(parts.count == 5)
    #expect(parts.count == 5 && parts[3].hasSuffix("sunucudaki defter esit mi: false"))
    #expect(parts.last?.hasPrefix("The blocks above are the source documents' own, in their Turkish.") == true)
    #expect(result.stdout.contains("siraya-duyarli = order-sensitive"))
  }
}
