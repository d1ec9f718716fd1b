import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `faultsim run --trace` streams the timeline: peak memory does not grow
/// with it.
@Suite struct TraceStreamingCommandTests {
  /// Runs `faultsim` with standard output to `stdout` and standard error to
  /// `stderr` and returns its exit status (128 + the signal when one ended
  /// it) and peak resident memory in KiB,
  /// from `wait4` on that one process (not shared with other tests'
  /// processes).
  static func peakKilobytes(
    _ arguments: [String], stdout: String = "/dev/null", stderr: String = "/dev/null"
  ) throws -> (status: Int32, kilobytes: Int) {
    let path = try #require(FaultSimProcess.executable).path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
    try #require(spawned == 0, "posix_spawn: \(spawned)")
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
    // Killed by a signal: 128 + the signal, as a shell reports it.
    let signal = status & 0x7F
    return (signal != 0 ? 128 + signal : (status >> 8) & 0xFF, usage.ru_maxrss)
  }

  @Test(arguments: ["text", "json", "mermaid"])
  func tracingHoldsNoTimeline(format: String) throws {
    // 60,000 orders: about 700,000 trace lines, which took 90 to 200 MB more
    // than the untraced run while they were held until the end.
    let scenario = TraceAndPlotCommandTests.scenario("checkout-reference.json")
    let base = ["run", scenario, "--seed", "1", "--set", "workload.operations=60000"]
    let untraced = try Self.peakKilobytes(base)
    let traced = try Self.peakKilobytes(base + ["--format", format])
    #expect(untraced.status == 0 && traced.status == 0)
    #expect(
      traced.kilobytes - untraced.kilobytes < 16 * 1024,
      "peak \(traced.kilobytes) KiB traced, \(untraced.kilobytes) KiB untraced")
  }

  @Test func aTraceThatCannotBeWrittenIsAnOutputError() throws {
    guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
    let errors = FileManager.default.temporaryDirectory.appendingPathComponent("faultsim-\(UUID().uuidString).err")
    defer { try? FileManager.default.removeItem(at: errors) }
    let run = try Self.peakKilobytes(
      [
        "run", TraceAndPlotCommandTests.scenario("checkout-reference.json"), "--set", "workload.operations=2000",
        "--trace",
      ], stdout: "/dev/full", stderr: errors.path)
    let message = try String(contentsOf: errors, encoding: .utf8)
    #expect(run.status == 73, "\(message)")
    #expect(message.hasPrefix("Error: cannot write the trace to standard output: "), "\(message)")
  }
}
