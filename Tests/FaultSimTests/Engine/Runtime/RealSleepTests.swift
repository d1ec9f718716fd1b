import FaultSim
import Testing

/// A sleep on a real clock in simulated code is reported at the sleep, the
/// same way in every run, however the code reaches it — never cancelled
/// silently by a simulated timeout.
@Suite struct RealSleepTests {
  /// An actor whose method sleeps on the real clock.
  actor Backoff {
    func wait() async throws { try await Task.sleep(for: .milliseconds(200)) }
  }

  /// The ways app code sleeps on a real clock.
  static let sleeps: [(name: String, sleep: @Sendable () async throws -> Void)] = [
    ("Task.sleep(for:)", { try await Task.sleep(for: .milliseconds(250)) }),
    ("Task.sleep(nanoseconds:)", { try await Task.sleep(nanoseconds: 250_000_000) }),
    ("ContinuousClock().sleep(for:)", { try await ContinuousClock().sleep(for: .seconds(2)) }),
    ("SuspendingClock().sleep(for:)", { try await SuspendingClock().sleep(for: .seconds(2)) }),
    ("Task.sleep(until:clock:)", { try await Task.sleep(until: .now + .seconds(1), clock: .continuous) }),
    ("an actor's method", { try await Backoff().wait() }),
    (
      "a child task",
      {
        try await withThrowingTaskGroup(of: Void.self) { group in
          group.addTask { try await Task.sleep(for: .seconds(1)) }
          try await group.waitForAll()
        }
      }
    ),
    ("an unstructured Task { }", { try await Task { try await Task.sleep(for: .seconds(1)) }.value }),
    (
      "async let",
      {
        async let slept: Void = Task.sleep(for: .seconds(1))
        try await slept
      }
    ),
  ]

  static func outcome(
    _ code: @escaping @Sendable (SimulatedClient) async -> ClientOutcome
  ) throws -> SimulationEscape? {
    let world = try UserCodeRequestWorldTests.reference(orders: 3).requestWorld(running: code)
    do {
      _ = try world.runOnce(seed: 1)
      return nil
    } catch {
      guard case .escape(let escape) = error else {
        Issue.record("expected an escape, got \(error)")
        return nil
      }
      return escape
    }
  }

  @Test(arguments: 0..<sleeps.count)
  func everyRealSleepIsReportedAtTheSleep(_ index: Int) throws {
    let (name, sleep) = Self.sleeps[index]
    for _ in 0..<20 {
      let escape = try Self.outcome { _ in
        try? await sleep()
        return .succeeded
      }
      #expect(escape?.kind == .realSleep, "\(name): \(String(describing: escape))")
      #expect(escape.map { "\($0)" }?.contains("`client.clock`") == true, "\(name)")
    }
  }

  /// The false pass this prevents: a real back-off raced with a simulated
  /// overall timeout. The timeout used to cancel the real sleep in the same
  /// virtual instant, so the client never retried and "held".
  @Test func aRealBackoffRacedWithASimulatedTimeoutIsNotAPass() throws {
    for _ in 0..<20 {
      let escape = try Self.outcome { client in
        await withTaskGroup(of: Bool.self) { group in
          group.addTask {
            try? await Task.sleep(for: .seconds(1))  // the real back-off
            return true
          }
          group.addTask {
            try? await client.clock.sleep(for: .seconds(8))  // the simulated overall timeout
            return false
          }
          _ = await group.next()
          group.cancelAll()
        }
        return .succeeded
      }
      #expect(escape?.kind == .realSleep, "\(String(describing: escape))")
    }
  }

  @Test func theReportIsTheSameInEveryRun() throws {
    let first = try Self.outcome { _ in
      try? await Task.sleep(for: .milliseconds(1_234))
      return .succeeded
    }
    let second = try Self.outcome { _ in
      try? await Task.sleep(for: .milliseconds(1_234))
      return .succeeded
    }
    #expect(first != nil)
    #expect(first == second)
  }
}
