import FaultSim
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the fuzzer for a fixed time: the reader worker in a child process,
/// and `faultsim` command lines one after another in a sandbox. Every
/// command must end — no crash, no hang — with a documented status (0, 64,
/// 65, 66, 73), say why on standard error when it fails, and leave every
/// existing file alone unless it was given `--force` for it.
final class FuzzDriver {
  let options: FuzzOptions
  let mutator: ScenarioMutator
  var generator: ArgumentGenerator
  var findings: [Finding] = []
  var signatures: Set<String> = []
  var statuses: [Int32: Int] = [:]
  var commands: UInt64 = 0
  var readerCases: UInt64 = 0
  var readerLoaded: UInt64 = 0
  /// Edited parts and checkpoints: refused, and accepted with the intact result.
  var editsRefused = 0
  var editsHarmless = 0

  static let commandStream: UInt64 = 0x434D_4453  // "CMDS"
  static let allowedStatuses: Set<Int32> = [0, 64, 65, 66, 73]

  init(options: FuzzOptions, mutator: ScenarioMutator, scenarios: [String]) {
    self.options = options
    self.mutator = mutator
    let keyPaths = Array(Set(mutator.corpus.flatMap { $0.tree.keyPaths() })).sorted()
    generator = ArgumentGenerator(mutator: mutator, scenarios: scenarios, keyPaths: keyPaths)
  }

  /// The command of case `index`.
  func command(_ index: UInt64) -> CommandCase {
    var random = FuzzRandom(seed: options.seed, stream: Self.commandStream, index: index)
    return generator.command(&random)
  }

  /// Runs one command in the sandbox and records what is wrong with it.
  func runCommand(_ index: UInt64, sandbox: Sandbox, scratch: URL) throws -> ProcessRun {
    let command = command(index)
    if let scenario = command.scenario { try Data(scenario).write(to: sandbox.url.appendingPathComponent("case.json")) }
    for (name, bytes) in command.files { try Data(bytes).write(to: sandbox.url.appendingPathComponent(name)) }
    let environment = ["PATH": "/usr/bin:/bin", "HOME": sandbox.url.path, "LC_ALL": "C"].merging(
      command.environment
    ) { $1 }
    let run = try ProcessRun.run(
      options.faultsim, command.arguments, in: sandbox.url, seconds: options.timeout, scratch: scratch,
      environment: environment)
    var problems: [String] = []
    let subcommand = command.arguments.first ?? ""
    switch run.ending {
    case .signalled(let signal):
      problems.append("\(subcommand): killed by signal \(signal)")
    case .timedOut:
      problems.append("\(subcommand): still running after \(options.timeout) s (a hang, or far too slow)")
    case .exited(let status):
      statuses[status, default: 0] += 1
      let firstLine = run.stderr.split(separator: "\n").first.map(String.init) ?? ""
      if !Self.allowedStatuses.contains(status) {
        problems.append("\(subcommand): exit status \(status), not one of 0, 64, 65, 66, 73: \(firstLine)")
      } else if status != 0 && run.stderr.allSatisfy(\.isWhitespace)
        && !(subcommand == "check" && !run.stdout.allSatisfy(\.isWhitespace))
      {
        // `check` reports every file, problems included, on standard output
        // by design (its help and tests say so); every other command must
        // say why it failed on standard error.
        problems.append("\(subcommand): exit status \(status) with nothing on standard error")
      } else if status == 64 && !firstLine.hasPrefix("Error: ") {
        problems.append("\(subcommand): a usage error (64) whose message does not start with 'Error: '")
      }
    }
    if command.expectation != nil {
      if case .exited(0) = run.ending { editsHarmless += 1 } else { editsRefused += 1 }
    }
    if case .exited(0) = run.ending, let expectation = command.expectation {
      switch expectation {
      case .stdout(let text) where run.stdout != text:
        problems.append("\(subcommand): accepted an edited part and printed a different table")
      case .file(let name, let text) where (try? String(contentsOfFile: sandbox.path(name), encoding: .utf8)) != text:
        problems.append("\(subcommand): resumed from an edited checkpoint and wrote a different part")
      default: break
      }
    }
    for name in sandbox.clobbered(by: command) {
      problems.append("\(subcommand): replaced or removed the existing \(name) without --force for it")
    }
    if let scenario = command.scenario,
      FileManager.default.contents(atPath: sandbox.path("case.json")).map(Array.init) != scenario,
      !(command.forces && command.outputs.contains("case.json"))
    {
      problems.append("\(subcommand): changed its input case.json")
    }
    for problem in problems {
      record(
        Finding(
          stream: "command", index: index, problem: problem, input: command.shellText,
          scenario: command.scenario ?? command.files.first?.bytes)
      )
    }
    try sandbox.restore()
    return run
  }

  func record(_ finding: Finding) {
    guard signatures.insert(finding.signature).inserted else { return }
    findings.append(finding)
    let saved = try? finding.save(
      in: URL(fileURLWithPath: options.findings), seed: options.seed, number: findings.count)
    say("FINDING \(findings.count): \(finding.problem)")
    say("  input: \(finding.input.prefix(300))")
    if let saved { say("  saved: \(saved.path)") }
  }

  /// The whole run: returns the exit status (0: nothing found, 1: findings).
  func run() throws -> Int32 {
    let clock = ContinuousClock()
    let start = clock.now
    let work = URL(fileURLWithPath: options.work)
    let scratch = work.appendingPathComponent("scratch")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let sandbox = try makeSandbox(work.appendingPathComponent("sandbox"), scratch: scratch)
    say(
      "faultsim-fuzz: seed \(options.seed), \(options.seconds) s, timeout \(options.timeout) s per input, faultsim \(options.faultsim)"
    )
    var worker = try ReaderProcess(options: options, directory: work, from: 0)
    var next: UInt64 = 0
    var lastReport = start
    func elapsed() -> Double {
      let duration = clock.now - start
      return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
    while elapsed() < options.seconds {
      if options.commands {
        _ = try runCommand(next, sandbox: sandbox, scratch: scratch)
        commands += 1
        next += 1
      } else {
        Thread.sleep(forTimeInterval: 0.1)
      }
      if options.reader { try worker.poll(self, readerTimeout: options.timeout) }
      if clock.now - lastReport >= .seconds(10) {
        lastReport = clock.now
        report(elapsed())
      }
    }
    if options.reader { try worker.finish(self) }
    report(elapsed())
    say(
      "exit statuses: " + statuses.keys.sorted().map { "\($0): \(statuses[$0]!)" }.joined(separator: ", ")
        + "; edited parts and checkpoints: \(editsRefused) refused, \(editsHarmless) accepted with the intact result"
        + "; findings: \(findings.count) (saved in \(options.findings))")
    return findings.isEmpty ? 0 : 1
  }

  func report(_ seconds: Double) {
    say(
      "\(DecimalText.fixed(seconds, 1)) s: \(commands) commands, \(readerCases) scenario files read (\(readerLoaded) loaded), \(findings.count) findings"
    )
  }

  /// The environment of the commands that make the sandbox's tables
  /// (marked, so that a test's stand-in for faultsim can tell them apart).
  static let setupEnvironment = ["PATH": "/usr/bin:/bin", "FAULTSIM_FUZZ_SETUP": "1"]

  /// The sandbox, with a real table and two real parts made by faultsim.
  func makeSandbox(_ url: URL, scratch: URL) throws -> Sandbox {
    let setup = url.deletingLastPathComponent().appendingPathComponent("setup")
    try? FileManager.default.removeItem(at: setup)
    try FileManager.default.createDirectory(at: setup, withIntermediateDirectories: true)
    let scenario = generator.scenarios.first { $0.hasSuffix("checkout-reference.json") } ?? generator.scenarios[0]
    let base = [
      "sweep", scenario, "--seeds", "0..<2", "--set", "workload.operations=50", "--vary",
      "network.responseLoss=0.1,0.3", "--vary", "workload.kind=keyless-write,keyed-write", "--quiet",
    ]
    var outputs: [String] = []
    for extra in [
      ["--out", "table.csv"], ["--shard", "1/2", "--out", "part-1.csv"], ["--shard", "2/2", "--out", "part-2.csv"],
    ] {
      let run = try ProcessRun.run(
        options.faultsim, base + extra, in: setup, seconds: 120, scratch: scratch,
        environment: Self.setupEnvironment)
      guard run.ending == .exited(0),
        let text = try? String(contentsOf: setup.appendingPathComponent(extra.last!), encoding: .utf8)
      else {
        throw FuzzError("could not make the sandbox's tables with \(options.faultsim): \(run.stderr)")
      }
      outputs.append(text)
    }
    let merged = try ProcessRun.run(
      options.faultsim, ["merge", "part-1.csv", "part-2.csv"], in: setup, seconds: 120, scratch: scratch,
      environment: Self.setupEnvironment)
    guard merged.ending == .exited(0) else { throw FuzzError("could not merge the sandbox's parts: \(merged.stderr)") }
    generator.tables = (base, Array(outputs[1...]), merged.stdout)
    return try Sandbox(directory: url, table: outputs[0], parts: Array(outputs[1...]))
  }
}

/// The reader worker as seen from the driver: started, watched, restarted
/// after a crash or hang.
struct ReaderProcess {
  let options: FuzzOptions
  let directory: URL
  var process: Process
  var first: UInt64
  var lastIndex: UInt64
  var lastChange = ContinuousClock.now
  var findingsRead = 0

  var progressPath: String { directory.appendingPathComponent("reader.progress").path }
  var findingsPath: String { directory.appendingPathComponent("reader.findings").path }

  init(options: FuzzOptions, directory: URL, from first: UInt64) throws {
    self.options = options
    self.directory = directory
    self.first = first
    lastIndex = first
    process = Process()
    try? FileManager.default.removeItem(atPath: findingsPath)
    if options.reader { try start(from: first) }
  }

  mutating func start(from index: UInt64) throws {
    try? FileManager.default.removeItem(atPath: progressPath)
    process = Process()
    process.executableURL = URL(
      fileURLWithPath: CommandLine.arguments[0].hasPrefix("/")
        ? CommandLine.arguments[0] : FileManager.default.currentDirectoryPath + "/" + CommandLine.arguments[0])
    process.arguments = [
      "--reader-worker", "--seed", "\(options.seed)", "--from", "\(index)", "--progress", progressPath,
      "--findings-file", findingsPath, "--scenarios", options.scenarios,
    ]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    first = index
    lastIndex = index
    lastChange = .now
  }

  /// The case the worker is on and the scenarios it loaded so far.
  func progress() -> (index: UInt64, loaded: UInt64)? {
    guard let text = try? String(contentsOfFile: progressPath, encoding: .utf8) else { return nil }
    let parts = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { UInt64($0) }
    return parts.count == 2 ? (parts[0], parts[1]) : nil
  }

  /// Reads new findings, notices a crash or a hang, restarts after one.
  mutating func poll(_ driver: FuzzDriver, readerTimeout: Double) throws {
    readFindings(driver)
    let now = progress()
    if let now, now.index != lastIndex {
      lastIndex = now.index
      lastChange = .now
    }
    driver.readerCases = lastIndex
    if let now { driver.readerLoaded = max(driver.readerLoaded, now.loaded) }
    if !process.isRunning {
      let status = process.terminationStatus
      let reason = process.terminationReason == .uncaughtSignal ? "killed by signal \(status)" : "exited with \(status)"
      report(driver, lastIndex, "the scenario reader \(reason)")
      try start(from: lastIndex + 1)
    } else if ContinuousClock.now - lastChange > .seconds(readerTimeout) {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      report(
        driver, lastIndex,
        "the scenario reader spent more than \(readerTimeout) s on one file (a hang, or far too slow)")
      try start(from: lastIndex + 1)
    }
  }

  func report(_ driver: FuzzDriver, _ index: UInt64, _ problem: String) {
    var random = FuzzRandom(seed: options.seed, stream: ReaderWorker.stream, index: index)
    let (source, bytes) = driver.mutator.bytes(&random)
    driver.record(
      Finding(stream: "reader", index: index, problem: problem, input: "a mutation of \(source)", scenario: bytes))
  }

  mutating func readFindings(_ driver: FuzzDriver) {
    guard let text = try? String(contentsOfFile: findingsPath, encoding: .utf8) else { return }
    let lines = text.split(separator: "\n")
    for line in lines.dropFirst(findingsRead) {
      let parts = line.split(separator: "\t", maxSplits: 1)
      guard parts.count == 2, let index = UInt64(parts[0]) else { continue }
      report(driver, index, String(parts[1]))
    }
    findingsRead = lines.count
  }

  mutating func finish(_ driver: FuzzDriver) throws {
    if process.isRunning {
      // SIGKILL: the worker may have inherited a mask that blocks SIGTERM.
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    readFindings(driver)
    if let now = progress() {
      driver.readerCases = now.index
      driver.readerLoaded = now.loaded
    }
  }
}

/// A fuzzer that cannot start.
struct FuzzError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
