import Testing

@testable import FaultSim

/// A server with a capacity that restarts: the requests being processed and
/// those waiting in the queue at the restart are lost — the connection reset
/// then, nothing applied — and the workers start idle
/// (docs/duplicates/stores.md, "Restarts").
@Suite struct RestartsWithCapacityTests {
  /// 200 keyed writes at once, 10 ms away from a server with 2 workers
  /// that each take 50 ms, and a restart at 120 ms: the workers complete
  /// two writes each (10–60 ms, 60–110 ms), the next two are cut (they
  /// would end at 160 ms), and the 194 still queued are lost.
  static func queued(attempts: Int) -> RequestWorldOptions {
    var options = KeyStoreTests.simultaneous(200, responseLoss: 0)
    options.client.attempts = attempts
    options.client.timeout = .seconds(10)
    options.server.processing = .fixed(.milliseconds(50))
    options.server.capacity = ServerOptions.Capacity(workers: 2, queueLimit: 1_000)
    options.server.restarts = RestartOptions(at: [.milliseconds(120)])
    return options
  }

  @Test func theQueueAndTheBusyWorkersAreLostAtTheRestart() throws {
    for seed in 0..<5 as Range<UInt64> {
      let run = try RequestWorld.runOnce(Self.queued(attempts: 1), seed: seed, tracing: true)
      #expect(run.metrics.applied == 4, "seed \(seed)")
      #expect(run.metrics.succeeded == 4, "seed \(seed)")
      #expect(run.summary.faults.count(of: RequestDraw.requestLostToRestart.purpose) == 196, "seed \(seed)")
      let lostInQueue = run.trace.filter { $0.event == "lost in the queue: server restarts" }
      #expect(lostInQueue.count == 194, "seed \(seed)")
      #expect(lostInQueue.allSatisfy { $0.time == VirtualTime(sinceStart: .milliseconds(120)) })
      // Every client learns of the reset at the restart: none is left
      // waiting, and the 196 writes lost are never applied.
      #expect(run.metrics.succeeded + run.metrics.failed + run.metrics.uncertain == 200, "seed \(seed)")
      #expect(run.metrics.lost == 196, "seed \(seed)")
    }
  }

  /// The clients' retries (stable keys, a durable store) recover the lost
  /// work: every write applied exactly once, directly or behind a gateway
  /// that sees the reset.
  @Test(arguments: [false, true])
  func theClientsRetriesRecoverTheLostWork(gateway: Bool) throws {
    var options = Self.queued(attempts: 4)
    options.client.backoff = Backoff(growth: .constant, base: .milliseconds(100))
    if gateway { options.gateway = GatewayOptions() }
    for seed in 0..<5 as Range<UInt64> {
      let run = try RequestWorld.runOnce(options, seed: seed)
      #expect(run.summary.faults.count(of: RequestDraw.requestLostToRestart.purpose) > 0, "seed \(seed)")
      #expect(run.metrics.succeeded == 200, "seed \(seed) gateway \(gateway)")
      #expect(run.metrics.applied == 200 && run.metrics.duplicated == 0, "seed \(seed) gateway \(gateway)")
    }
  }

  /// Random restarts over a busy server: the run ends with every operation
  /// folded, the same for the same seed, and a keyless write lost at a
  /// restart is never applied.
  @Test func randomRestartsOverAQueueEndCleanly() throws {
    var options = Self.queued(attempts: 3)
    options.workload.kind = .keylessWrite
    options.workload.operations = 2_000
    options.workload.arrival = .uniform(over: .seconds(5))
    options.server.processing = .exponential(mean: .milliseconds(10))
    options.server.restarts = RestartOptions(meanInterval: .milliseconds(500), downtime: .milliseconds(20))
    let first = try RequestWorld.runOnce(options, seed: 7)
    let again = try RequestWorld.runOnce(options, seed: 7)
    #expect(first.metrics == again.metrics)
    #expect(first.summary.faults.count(of: RequestDraw.requestLostToRestart.purpose) > 0)
    #expect(first.metrics.operations == 2_000)
    #expect(first.metrics.applied <= first.metrics.attempts)
  }

  @Test func theScenarioKeysAreAcceptedTogether() throws {
    let scenario = try KeyStoreTests.parse(#"{"restarts": {"at": ["1s"]}, "capacity": {"workers": 2}}"#)
    let options = try #require(RequestWorld.options(of: scenario.world))
    #expect(options.server.restarts != nil && options.server.capacity != nil)
  }
}
