import Foundation
import Testing

/// SIGINT and SIGTERM sent to the built binary while a seed runs: every
/// command ends with 130 within about half a second, a sweep keeps a
/// checkpoint of its finished work that resumes to the uninterrupted table,
/// and a second signal never loses it.
///
/// The time limits are generous (5 s for a promise of about half a second:
/// CI ran a SIGTERM'd sweep's end in 4.3 s while 800 tests shared its two
/// cores; unloaded it takes 0.06 s), so each timed test interrupts work that
/// would go on for minutes, where the limit still tells "stopped" from "ran
/// on". The measured time is in every message. The suite runs one test at a
/// time: each starts a debug build's long run.
@Suite(.serialized) struct InterruptSignalsTests {
  static func scenario(_ name: String) -> String { RequestCommandTests.scenario(name) }

  /// A sweep whose second cell's one seed takes seconds in a debug build:
  /// an interrupt 1.5 s in lands inside it, after the first cell finished.
  static let longSweep = [
    "sweep", scenario("checkout-reference.json"), "--seeds", "0..<1", "--vary",
    "workload.operations=2000,300000", "--jobs", "1", "--quiet",
  ]

  /// Work that would take minutes in a debug build, so that a time limit of
  /// a few seconds tells an interrupted run from one that ran on.
  static let minutesOfWork = [
    "--set", "workload.operations=10000000", "--set",
    #"workload.arrival={"distribution":"poisson","meanGap":"100us"}"#,
  ]

  /// A sweep whose second cell runs for minutes: an interrupt 1.5 s in
  /// lands inside it, after the first cell finished.
  static let endlessSweep = [
    "sweep", scenario("checkout-reference.json"), "--seeds", "0..<1", "--vary",
    "workload.operations=2000,10000000", "--set",
    #"workload.arrival={"distribution":"poisson","meanGap":"100us"}"#, "--jobs", "1", "--quiet",
  ]

  /// The table of the uninterrupted sweep, computed once.
  static let reference: Result<String, any Error> = Result {
    let whole = try FaultSimProcess.run(longSweep)
    guard whole.status == 0 else { throw CocoaError(.featureUnsupported) }
    return whole.stdout
  }

  /// Starts `arguments`, sends `signals` `delay` seconds in (50 ms apart),
  /// and returns what the process printed and the seconds from the first
  /// signal to its end.
  static func interrupt(
    _ arguments: [String], with signals: [Int32], after delay: Double = 1.5
  ) throws -> (result: FaultSimProcess.Result, seconds: Double) {
    let process = try FaultSimProcess.start(arguments)
    Thread.sleep(forTimeInterval: delay)
    let start = Date()
    for (index, number) in signals.enumerated() {
      if index > 0 { Thread.sleep(forTimeInterval: 0.05) }
      kill(process.process.processIdentifier, number)
    }
    let result = process.finish()
    return (result, Date().timeIntervalSince(start))
  }

  @Test(arguments: [[SIGINT], [SIGTERM], [SIGINT, SIGINT], [SIGTERM, SIGINT]])
  func aSweepInterruptedMidSeedExitsPromptlyKeepingItsCheckpoint(signals: [Int32]) throws {
    let directory = try SweepScalingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("table.csv").path
    let (interrupted, seconds) = try Self.interrupt(Self.endlessSweep + ["--out", out], with: signals)
    #expect(interrupted.status == 130, "\(interrupted.stderr)")
    #expect(seconds < 5, "exited \(seconds) s after the signal")
    #expect(interrupted.stderr.hasPrefix("Error: interrupted"), "\(interrupted.stderr)")
    #expect(interrupted.stderr.contains("--resume"), "\(interrupted.stderr)")
    #expect(FileManager.default.fileExists(atPath: out + ".checkpoint"), "the checkpoint is kept")
    #expect(!FileManager.default.fileExists(atPath: out), "nothing half-written")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(leftovers == ["table.csv.checkpoint"], "no temporary file is left: \(leftovers)")
  }

  /// The checkpoint an interrupt keeps — by the first signal's clean stop or
  /// by a second signal's exit at once — resumes to the uninterrupted table.
  @Test(arguments: [[SIGINT], [SIGTERM], [SIGINT, SIGINT], [SIGTERM, SIGINT]])
  func aSweepInterruptedMidSeedResumesToTheSameTable(signals: [Int32]) throws {
    let directory = try SweepScalingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("table.csv").path
    let (interrupted, _) = try Self.interrupt(Self.longSweep + ["--out", out], with: signals)
    #expect(interrupted.status == 130, "\(interrupted.stderr)")
    #expect(FileManager.default.fileExists(atPath: out + ".checkpoint"), "the checkpoint is kept")
    let resumed = try FaultSimProcess.run(Self.longSweep + ["--out", out, "--resume"])
    #expect(resumed.status == 0, "\(resumed.stderr)")
    #expect(try String(contentsOfFile: out, encoding: .utf8) == Self.reference.get())
    #expect(!FileManager.default.fileExists(atPath: out + ".checkpoint"))
  }

  /// A server restarting every millisecond for ten hours is walked inside
  /// single events, where no watch looks: the interrupt still ends the
  /// sweep, by its grace, keeping the checkpoint.
  @Test func aSweepBusyInsideOneEventStillStopsWithinASecond() throws {
    let directory = try SweepScalingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("restarts.csv").path
    let arguments = [
      "sweep", Self.scenario("key-store-restart.json"), "--seeds", "0..<2", "--set",
      "server.restarts.meanInterval=1ms", "--set", "workload.operations=5", "--set",
      #"workload.arrival={"distribution":"uniform","over":"10h"}"#, "--quiet", "--out", out,
    ]
    let (interrupted, seconds) = try Self.interrupt(arguments, with: [SIGINT], after: 1)
    #expect(interrupted.status == 130, "\(interrupted.stderr)")
    #expect(seconds < 5, "exited \(seconds) s after the signal")
    #expect(interrupted.stderr.contains("busy inside one event: stopped at once"), "\(interrupted.stderr)")
    #expect(FileManager.default.fileExists(atPath: out + ".checkpoint"), "the checkpoint is kept")
  }

  @Test(arguments: [("run", SIGINT), ("run", SIGTERM), ("explore", SIGINT)])
  func anInterruptedRunOrExplorationExits130SayingSo(command: String, signal: Int32) throws {
    let run = [command, Self.scenario("checkout-reference.json")] + Self.minutesOfWork
    let (interrupted, seconds) = try Self.interrupt(run, with: [signal], after: 1)
    #expect(interrupted.status == 130, "\(interrupted.stderr)")
    #expect(seconds < 5, "exited \(seconds) s after the signal")
    #expect(interrupted.stdout.isEmpty, "no result of a run that did not end")
    #expect(
      interrupted.stderr.contains("interrupted by a signal at virtual time"), "\(interrupted.stderr)")
  }
}
