import Testing

@testable import FaultSim

/// A run watched every few events computes what the unwatched run computes,
/// and stops at the next check once a stop is asked for.
@Suite struct RunWatchTests {
  @Test func aWatchedRunEqualsTheUnwatchedRun() throws {
    for interval: UInt64 in [1, 2, 3, 7, 1 << 14] {
      var plain = Simulation(model: RacingPairs(pairs: 40), tracing: true)
      let expected = try plain.run(seed: 9, strategy: .random(orderSeed: 5))
      var watched = Simulation(model: RacingPairs(pairs: 40), tracing: true, watch: RunWatch(interval: interval))
      let summary = try watched.run(seed: 9, strategy: .random(orderSeed: 5))
      #expect(summary == expected, "interval \(interval)")
      #expect(watched.model.log == plain.model.log, "interval \(interval)")
      #expect(watched.context.traceEntries == plain.context.traceEntries, "interval \(interval)")
    }
  }

  @Test func theEventLimitStopsAWatchedRunWhereItStopsAnUnwatchedOne() {
    var plain = Simulation(model: RacingPairs(pairs: 40), eventLimit: 10)
    let expected = #expect(throws: SimulationError.self) { try plain.run(seed: 1) }
    for interval: UInt64 in [1, 4, 10, 11, 100] {
      var watched = Simulation(model: RacingPairs(pairs: 40), eventLimit: 10, watch: RunWatch(interval: interval))
      let error = #expect(throws: SimulationError.self) { try watched.run(seed: 1) }
      #expect(error == expected, "interval \(interval)")
      #expect(watched.context.eventsHandled == 11, "interval \(interval)")
    }
  }

  @Test func aStopAskedForDuringARunEndsItAtTheNextCheck() {
    let watch = RunWatch(interval: 5)
    var watched = Simulation(model: StoppingAfter(events: 3, watch: watch), watch: watch)
    #expect(throws: SimulationError.interrupted(at: VirtualTime(nanoseconds: 1_010))) {
      try watched.run(seed: 1)
    }
    #expect(watched.context.eventsHandled == 5)
    #expect(watched.context.now == VirtualTime(nanoseconds: 1_010))
  }

  /// A run shorter than the interval is never checked inside, so a stop
  /// asked for before it is honoured before its first event: a sweep of
  /// short seeds or an exploration of short orders stops at its next run.
  @Test func aStopAskedForBeforeARunEndsItBeforeItsFirstEvent() {
    let watch = RunWatch(interval: 1 << 14)
    watch.requestStop()
    var watched = Simulation(model: RacingPairs(pairs: 40), watch: watch)
    #expect(throws: SimulationError.interrupted(at: .zero)) { try watched.run(seed: 1) }
    #expect(watched.context.eventsHandled == 0)
  }
}

/// ``RacingPairs`` that asks its watch to stop after some events, as a
/// signal handler on another thread would.
private struct StoppingAfter: SimulationModel {
  var inner = RacingPairs(pairs: 40)
  var events: Int
  let watch: RunWatch

  init(events: Int, watch: RunWatch) {
    self.events = events
    self.watch = watch
  }

  mutating func start(in context: inout SimulationContext<RacingPairs.Event>) throws(SimulationError) {
    try inner.start(in: &context)
  }

  mutating func handle(
    _ event: RacingPairs.Event, in context: inout SimulationContext<RacingPairs.Event>
  ) throws(SimulationError) {
    try inner.handle(event, in: &context)
    events -= 1
    if events == 0 { watch.requestStop() }
  }
}
