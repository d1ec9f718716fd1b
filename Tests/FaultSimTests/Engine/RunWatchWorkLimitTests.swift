import Testing

@testable import FaultSim

/// A watch's event limit stops a run that handles more events than it, at
/// the first check past the limit, with the engine's event-limit error; a
/// run within the limit computes what an unwatched run computes.
@Suite struct RunWatchWorkLimitTests {
  @Test func aRunPastTheLimitStopsAtTheNextCheck() {
    let watch = RunWatch(interval: 8, eventLimit: 20)
    var watched = Simulation(model: RacingPairs(pairs: 40), watch: watch)
    let error = #expect(throws: SimulationError.self) { try watched.run(seed: 1) }
    guard case .eventLimitExceeded(let limit, _) = error else {
      Issue.record("expected the event limit, got \(String(describing: error))")
      return
    }
    #expect(limit == 20)
    #expect(watched.context.eventsHandled == 24)
  }

  @Test func aRunWithinTheLimitEqualsTheUnwatchedRun() throws {
    var plain = Simulation(model: RacingPairs(pairs: 40), tracing: true)
    let expected = try plain.run(seed: 9)
    var watched = Simulation(
      model: RacingPairs(pairs: 40), tracing: true, watch: RunWatch(interval: 3, eventLimit: expected.events))
    #expect(try watched.run(seed: 9) == expected)
    #expect(watched.context.traceEntries == plain.context.traceEntries)
  }
}
