import Foundation
import Testing

/// The work guard of `run` and `sweep`: a run estimated beyond the limit is
/// refused before it starts, naming what makes the work and the option;
/// `--max-events` sets the limit and `none` lifts it; a run that reaches
/// the limit while it goes is stopped. And the outbox livelock ends in
/// well under a second with its cause named.
@Suite struct WorkLimitTests {
  static let keyStoreRestart = RequestCommandTests.scenario("key-store-restart.json")
  static let outbox = RequestCommandTests.scenario("outbox-new-key.json")
  /// 50 operations over 30 days with a restart every millisecond: 2.6
  /// billion restarts walked, minutes of work.
  static let restartsEveryMillisecond = [
    "--set", "server.restarts.meanInterval=1ms", "--set", "workload.operations=50",
    "--set", #"workload.arrival={"distribution":"uniform","over":"720h"}"#,
  ]

  @Test(arguments: ["run", "sweep"])
  func workFarBeyondMinutesIsRefusedUpFront(command: String) throws {
    let seeds = command == "sweep" ? ["--seeds", "0..<2"] : []
    let ran = try InputFileTests.run(
      [command, Self.keyStoreRestart] + seeds + Self.restartsEveryMillisecond, within: 30)
    let result = try #require(ran, "\(command) ran minutes of restarts instead of refusing them")
    #expect(result.status == 65, "\(result.stderr)")
    #expect(result.stderr.contains("server restarts: server.restarts.meanInterval is 1ms"), "\(result.stderr)")
    #expect(result.stderr.contains("more than the limit of 100,000,000 events (the default"), "\(result.stderr)")
    #expect(result.stderr.contains("--max-events none"), "\(result.stderr)")
  }

  @Test func maxEventsSetsTheLimitAndNoneLiftsIt() throws {
    let arguments = ["run", Self.keyStoreRestart, "--set", "workload.operations=200"]
    let tight = try FaultSimProcess.run(arguments + ["--max-events", "100"])
    #expect(tight.status == 65)
    #expect(tight.stderr.contains("more than the limit of 100 events (--max-events 100)"), "\(tight.stderr)")
    let lifted = try FaultSimProcess.run(arguments + ["--max-events", "none"])
    #expect(lifted.status == 0, "\(lifted.stderr)")
    let bad = try FaultSimProcess.run(arguments + ["--max-events", "0"])
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("'--max-events' expects a number of events in 1..."), "\(bad.stderr)")
  }

  /// 300 operations that are never answered, 100 attempts each: about
  /// 90,000 events, where the estimate is a few thousand, so the up-front
  /// check passes and the watch stops the run.
  @Test func aRunThatReachesTheLimitIsStopped() throws {
    let result = try FaultSimProcess.run([
      "run", RequestCommandTests.scenario("checkout-reference.json"), "--set", "workload.operations=300",
      "--set", "network.responseLoss=1", "--set", "client.attempts=100", "--max-events", "20000",
    ])
    #expect(result.status == 65)
    #expect(
      result.stderr.contains("the run stopped: it handled more than the limit of 20,000 events"), "\(result.stderr)")
    #expect(result.stderr.contains("cycling without progress"), "\(result.stderr)")
  }

  @Test(arguments: ["1", "4"])
  func anAppKilledAtEverySendEndsWithinSecondsAndCheckWarns(operations: String) throws {
    let livelock = [
      Self.outbox, "--set", "client.app.termination=1", "--set", "network.responseLoss=1",
      "--set", "workload.operations=\(operations)",
    ]
    let ran = try InputFileTests.run(["run"] + livelock, within: 10)
    let result = try #require(ran, "the killed app was relaunched for more than 10 s")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("uncertain:       \(operations) (100.000%)"), "\(result.stdout)")
    #expect(result.stdout.contains("outbox resends:  \(Int(operations)! * 10)"), "\(result.stdout)")
    #expect(result.stderr.contains("client.app.termination is 1 and network.responseLoss is 1"), "\(result.stderr)")
  }

  @Test func checkWarnsAboutWritesThatCannotCompleteAndStrictRefusesThem() throws {
    let file = try RequestCommandTests.temporaryFile(
      """
      {"description": "an app killed at every send", "workload": {"operations": 1, "kind": "keyed-write"},
       "client": {"app": {"termination": 1, "outbox": "resend-with-stored-key"}},
       "network": {"responseLoss": 1}, "server": {"keys": "honour"}}
      """)
    let plain = try FaultSimProcess.run(["check", file])
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect(
      plain.stderr.contains(
        "\(file): client.app.termination: client.app.termination is 1 and network.responseLoss is 1, so every "
          + "write attempt is killed before an answer that never comes and no write completes"), "\(plain.stderr)")
    #expect(plain.stderr.contains("\(file): network.responseLoss: "), "\(plain.stderr)")
    let strict = try FaultSimProcess.run(["check", "--strict", file])
    #expect(strict.status == 65)
    #expect(strict.stdout.contains("not ok with --strict: 2 warnings"), "\(strict.stdout)")
  }
}
