import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a program with a time limit, its output in files (not pipes, so a
/// chatty child never blocks and no read is interrupted by a signal), its
/// input empty.
struct ProcessRun {
  enum Ending: Equatable {
    case exited(Int32)
    case signalled(Int32)
    case timedOut
  }

  var ending: Ending
  var stdout: String
  var stderr: String

  /// Runs `executable` with `arguments` in `directory`, killing it after
  /// `seconds` (SIGTERM, then SIGKILL a second later).
  static func run(
    _ executable: String, _ arguments: [String], in directory: URL, seconds: Double, scratch: URL,
    environment: [String: String]
  ) throws -> ProcessRun {
    let outURL = scratch.appendingPathComponent("stdout")
    let errURL = scratch.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    defer {
      try? out.close()
      try? err.close()
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = out
    process.standardError = err
    let done = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in done.signal() }
    try process.run()
    var timedOut = false
    if done.wait(timeout: .now() + seconds) == .timedOut {
      timedOut = true
      process.terminate()
      if done.wait(timeout: .now() + 1) == .timedOut {
        kill(process.processIdentifier, SIGKILL)
        done.wait()
      }
    }
    let ending: Ending =
      timedOut
      ? .timedOut
      : process.terminationReason == .uncaughtSignal
        ? .signalled(process.terminationStatus) : .exited(process.terminationStatus)
    return ProcessRun(
      ending: ending,
      stdout: String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self),
      stderr: String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self))
  }
}
