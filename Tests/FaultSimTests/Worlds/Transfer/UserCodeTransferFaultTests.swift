import FaultSim
import Testing

/// An app that notes every time the user brings it back, so a test can
/// count the reopens that reached its code.
final class ReopenCountingDownloader: PodcastDownloader, @unchecked Sendable {
  override func becameActive() async {
    device.trace("became active")
    await super.becameActive()
  }
}

/// The transfer world's fault sources reach an app written as your code
/// exactly as they reach the built-in app: both run on the one router.
@Suite struct UserCodeTransferFaultTests {
  static func scenario(_ name: String, _ overrides: String...) throws -> Scenario {
    try Scenario.shipped(name, overrides: overrides.map { try ScenarioOverride(parsing: $0) })
  }

  /// A user who reopens a suspended app (it was never terminated) races the
  /// app's look at its tasks against tasks finishing, as with the built-in
  /// app.
  @Test func theFinishVersusEnqueueRaceReachesAReopenedSuspendedApp() throws {
    let scenario = try Self.scenario("finish-enqueue-race", "lifecycle.termination=none")
    let builtIn = try #require(TransferWorld.options(of: scenario.world))
    var simulation = Simulation(model: TransferWorld(builtIn))
    let reference = try simulation.run(seed: 0)
    #expect(reference.choices.contains { $0.label == "finish-vs-enqueue" })
    let world = try scenario.transferWorld(app: PodcastDownloader.self)
    let run = try world.runOnce(seed: 0, tracing: true)
    #expect(run.summary.choices.contains { $0.label == "finish-vs-enqueue" })
    let exploration = try world.explore(seed: 0, limit: 64)
    #expect(exploration.exploration.groups.count > 1, "the race decides whether an episode downloads twice")
  }

  /// Every reopen of the scenario's script reaches the app: a second one
  /// in a row brings the running app back again, where it used to be
  /// dropped.
  @Test func everyReopenOfTheScriptReachesTheApp() throws {
    let once = try Self.scenario("finish-enqueue-race", "lifecycle.termination=none")
      .transferWorld(app: ReopenCountingDownloader.self)
    let twice = try Self.scenario("finish-enqueue-race", "lifecycle.termination=none", "lifecycle.relaunches=2")
      .transferWorld(app: ReopenCountingDownloader.self)
    let count = { (trace: String) in trace.split(separator: "\n").filter { $0.contains("became active") }.count }
    #expect(count(try once.trace(seed: 0)) == 1)
    #expect(count(try twice.trace(seed: 0)) == 2)
  }
}
