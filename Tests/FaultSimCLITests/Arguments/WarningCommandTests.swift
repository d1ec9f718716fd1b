import Foundation
import Testing

/// Options that cannot matter, as the commands report them: warnings on
/// standard error, `--strict` turning them into exit 65.
@Suite struct WarningCommandTests {
  static func scenario(_ name: String) -> String { RequestCommandTests.scenario(name) }

  /// One attempt and a backoff block: the backoff can never be waited.
  static func oneAttemptWithBackoff() throws -> String {
    try RequestCommandTests.temporaryFile(
      """
      {"description": "a backoff that never applies", "workload": {"operations": 20},
       "client": {"attempts": 1, "backoff": {"growth": "exponential", "base": "100ms", "cap": "1s"}}}
      """)
  }

  static let backoffWarning =
    ": client.backoff: client.attempts is 1 and no conditional write backs off after a 412 "
    + "(no workload.contention, or client.conflictRetry immediate), so no wait is ever taken; "
    + "raise client.attempts to make it matter\n"

  @Test func checkPrintsWarningsAndStrictMakesThemErrors() throws {
    let file = try Self.oneAttemptWithBackoff()
    let clean = Self.scenario("checkout-keyed.json")
    let plain = try FaultSimProcess.run(["check", file, clean])
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect(plain.stderr == "warning: \(file)\(Self.backoffWarning)")
    #expect(plain.stdout.contains("\(file): ok (request world, 20 keyless-write operations), 1 warning\n"))
    let strict = try FaultSimProcess.run(["check", "--strict", file, clean])
    #expect(strict.status == 65)
    #expect(strict.stderr == plain.stderr)
    #expect(strict.stdout.contains("\(file): not ok with --strict: 1 warning\n"))
    #expect(strict.stdout.contains("\(clean): ok ("))
  }

  /// The acceptance check of issue 9: the shipped scenarios have no no-ops.
  @Test func theShippedScenariosPassCheckStrict() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: RequestCommandTests.scenarios.path)
      .filter { $0.hasSuffix(".json") }.sorted()
    let result = try FaultSimProcess.run(["check", "--strict"] + names.map(Self.scenario))
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stderr.isEmpty)
  }

  @Test func runAndExploreWarnAndStopUnderStrictBeforeRunning() throws {
    let file = try Self.oneAttemptWithBackoff()
    let run = try FaultSimProcess.run(["run", file, "--seed", "2"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr == "warning: \(file)\(Self.backoffWarning)")
    #expect(run.stdout.contains("operations:      20"))
    for command in ["run", "explore"] {
      let strict = try FaultSimProcess.run([command, file, "--strict"])
      #expect(strict.status == 65, "\(command)")
      #expect(strict.stdout.isEmpty, "\(command) ran under --strict: \(strict.stdout)")
      #expect(strict.stderr.hasPrefix("warning: \(file)\(Self.backoffWarning)"))
      #expect(
        strict.stderr.hasSuffix(
          "Error: --strict: 1 warning above; remove what cannot matter, or run without --strict\n"))
    }
  }

  @Test func aSweepReportsEachWarningOnceWithItsCellsInTheSameOrderEveryTime() throws {
    let arguments = [
      "sweep", Self.scenario("checkout-reference.json"), "--seeds", "0..<2", "--set", "workload.operations=50",
      "--vary", "workload.kind=read,keyed-write,keyless-write", "--vary", "network.responseLoss=0.1,0.2", "--quiet",
    ]
    let first = try FaultSimProcess.run(arguments)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(
      first.stderr
        == "warning: \(Self.scenario("checkout-reference.json")): client.safety: safety decides only what happens "
        + "after an ambiguous failure of a keyless write, and workload.kind is not keyless-write "
        + "(in 4 of 6 cells: workload.kind=read,keyed-write)\n")
    let second = try FaultSimProcess.run(arguments)
    #expect(second.stderr == first.stderr)
    #expect(second.stdout == first.stdout)
    let strict = try FaultSimProcess.run(arguments + ["--strict"])
    #expect(strict.status == 65)
    #expect(strict.stdout.isEmpty)
  }

  @Test func flagsThatCannotMatterAreWarnedAbout() throws {
    let sweep = try FaultSimProcess.run([
      "sweep", Self.scenario("checkout-keyed.json"), "--seeds", "0..<2", "--set", "workload.operations=20",
      "--set", "network.requestLoss=0.5", "--vary", #"network={"responseLoss": 0.1},{"responseLoss": 0.2}"#,
      "--jobs", "9",
      "--interleavings", "4", "--quiet",
    ])
    #expect(sweep.status == 0, "\(sweep.stderr)")
    #expect(
      sweep.stderr == """
        warning: --set network.requestLoss=0.5: replaced by the later --vary network={"responseLoss": 0.1},{"responseLoss": 0.2}, so it cannot matter; drop one of them
        warning: --interleavings 4: no cell can meet a race, so no seed is run in another order
        warning: --jobs 9: there are 4 pieces of work (a cell and a range of its seeds each), so at most 4 threads run

        """)
    // The same flags where they can matter: silent.
    let quiet = try FaultSimProcess.run([
      "sweep", Self.scenario("key-expiry.json"), "--seeds", "0..<8", "--set", "workload.operations=20",
      "--vary", "network.responseLoss=0.1,0.2", "--jobs", "2", "--interleavings", "4", "--quiet",
    ])
    #expect(quiet.status == 0, "\(quiet.stderr)")
    #expect(quiet.stderr.isEmpty)
  }

  @Test func runOrderWarnsWhenNoRaceCanBeOrWasMet() throws {
    let raceless = try FaultSimProcess.run([
      "run", Self.scenario("checkout-keyed.json"), "--set", "workload.operations=5", "--order", "random:3",
    ])
    #expect(raceless.status == 0)
    #expect(
      raceless.stderr
        == "warning: --order random:3: no race can be met in this scenario, so the order cannot matter\n")
    // Races are possible here (a key lifetime, retries), but this run of one
    // operation on a lossless network meets none; known after the run.
    let unmet = try FaultSimProcess.run([
      "run", Self.scenario("key-expiry.json"), "--set", "workload.operations=1", "--set", "network.responseLoss=0",
      "--order", "random:5",
    ])
    #expect(unmet.status == 0)
    #expect(unmet.stdout.contains("replay: "))
    #expect(unmet.stderr == "warning: --order random:5: this run met no race, so the order did not matter\n")
    let strict = try FaultSimProcess.run([
      "run", Self.scenario("key-expiry.json"), "--set", "workload.operations=1", "--set", "network.responseLoss=0",
      "--order", "random:5", "--strict",
    ])
    #expect(strict.status == 65)
    // A run that meets races: no warning.
    let met = try FaultSimProcess.run([
      "run", Self.scenario("finish-enqueue-race.json"), "--order", "0,1",
    ])
    #expect(met.status == 0)
    #expect(met.stderr.isEmpty, "\(met.stderr)")
  }

  @Test func exploreLimitWarnsWhenNoRaceCanBeMet() throws {
    let raceless = try FaultSimProcess.run([
      "explore", Self.scenario("checkout-keyed.json"), "--set", "workload.operations=2", "--limit", "5",
    ])
    #expect(raceless.status == 0, "\(raceless.stderr)")
    #expect(raceless.stdout.contains("orders:            1 of 1 (complete)"))
    #expect(
      raceless.stderr == "warning: --limit 5: no race can be met in this scenario, so there is one order to run\n")
    let racing = try FaultSimProcess.run(["explore", Self.scenario("finish-enqueue-race.json"), "--limit", "5"])
    #expect(racing.status == 0)
    #expect(racing.stderr.isEmpty, "\(racing.stderr)")
  }

  @Test func aSetReplacedByALaterSetIsWarnedAbout() throws {
    let result = try FaultSimProcess.run([
      "run", Self.scenario("checkout-reference.json"), "--set", "network.burstLoss.lossBad=0.5",
      "--set", #"network={"requestLoss": 0.1}"#, "--set", "workload.operations=5",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr
        == "warning: --set network.burstLoss.lossBad=0.5: replaced by the later --set network={\"requestLoss\": 0.1}, "
        + "so it cannot matter; drop one of them\n")
  }

  @Test func sweepForceWithResumeAndMergeForceWithoutOutWarn() throws {
    let directory = try SweepScalingTests.temporaryDirectory()
    let base = [
      "sweep", Self.scenario("checkout-reference.json"), "--seeds", "0..<4", "--set", "workload.operations=20",
      "--quiet",
    ]
    var parts: [String] = []
    for index in 1...2 {
      let part = directory.appendingPathComponent("part-\(index).csv").path
      let result = try FaultSimProcess.run(base + ["--shard", "\(index)/2", "--out", part])
      #expect(result.status == 0, "\(result.stderr)")
      parts.append(part)
    }
    let merged = try FaultSimProcess.run(["merge"] + parts + ["--force"])
    #expect(merged.status == 0, "\(merged.stderr)")
    #expect(
      merged.stderr == "warning: --force: there is no --out to replace: the table goes to standard output\n")
    try? FileManager.default.removeItem(at: directory)
  }

  @Test func sweepForceWithResumeAndNoOutIsWarnedAbout() throws {
    let directory = try SweepScalingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let long = [
      "sweep", Self.scenario("checkout-reference.json"), "--seeds", "0..<400", "--set", "workload.operations=2000",
      "--quiet",
    ]
    let process = try FaultSimProcess.start(long, directory: directory)
    Thread.sleep(forTimeInterval: 0.8)
    process.interrupt()
    #expect(process.finish().status == 130)
    let strict = try FaultSimProcess.run(long + ["--resume", "--force", "--strict"], directory: directory)
    #expect(strict.status == 65)
    #expect(
      strict.stderr.hasPrefix(
        "warning: --force: with --resume and no --out there is nothing to replace or discard\n"), "\(strict.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 1, "the checkpoint stays")
    let resumed = try FaultSimProcess.run(long + ["--resume", "--force"], directory: directory)
    #expect(resumed.status == 0)
    #expect(resumed.stderr == "warning: --force: with --resume and no --out there is nothing to replace or discard\n")
  }

  /// One declaration of `--strict`, in the help of each command that takes it.
  @Test func strictIsInTheHelpOfCheckRunSweepAndExplore() throws {
    let line =
      "  --strict                Treat warnings (options that cannot affect the result;\n"
      + "                          see docs/no-op-checks.md) as errors: exit 65.\n"
    for command in ["check", "run", "sweep", "explore"] {
      let help = try FaultSimProcess.run([command, "--help"], environment: ["COLUMNS": "80"])
      #expect(help.stdout.components(separatedBy: line).count == 2, "\(command) --help")
      #expect(help.stdout.contains("[--strict]"), "\(command) usage")
    }
  }
}

extension FaultSimProcess {
  /// Runs in `directory`.
  static func run(_ arguments: [String], directory: URL) throws -> Result {
    try start(arguments, directory: directory).finish()
  }
}
