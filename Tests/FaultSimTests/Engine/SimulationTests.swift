import Testing

@testable import FaultSim

/// A small world for engine tests: `pairs` pairs of events, each pair racing
/// within a window, plus a keyed "fault" per pair so tests can check that
/// order strategies never change faults.
struct RacingPairs: SimulationModel {
  enum Event: BitwiseCopyable {
    case start(pair: Int)
    case deliver(pair: Int, side: Int)
    case nested(pair: Int, side: Int)
  }

  static let faultPurpose = DrawPurpose(rawValue: 77)
  static let racePurpose = DrawPurpose(rawValue: 78)

  var pairs: Int
  /// When true, swapping pair 0 creates one more race (a tree that is not a
  /// full product).
  var nestedRace = false
  var log: [String] = []
  var faults: [Bool] = []

  mutating func start(in context: inout SimulationContext<Event>) throws(SimulationError) {
    for pair in 0..<pairs {
      try context.schedule(.start(pair: pair), at: VirtualTime(nanoseconds: UInt64(pair) * 1_000))
    }
  }

  mutating func handle(_ event: Event, in context: inout SimulationContext<Event>) throws(SimulationError) {
    switch event {
    case .start(let pair):
      faults.append(context.random.bernoulli(0.5, DrawKey(rawEntity: UInt64(pair), purpose: Self.faultPurpose)))
      let now = context.now
      let swapped = try context.scheduleRacing(
        .deliver(pair: pair, side: 0), at: VirtualTime(nanoseconds: now.nanoseconds + 10), named: "left",
        .deliver(pair: pair, side: 1), at: VirtualTime(nanoseconds: now.nanoseconds + 12), named: "right",
        window: .nanoseconds(5), race: DrawKey(rawEntity: UInt64(pair), purpose: Self.racePurpose), label: "pair")
      if swapped && nestedRace && pair == 0 {
        try context.scheduleRacing(
          .nested(pair: pair, side: 0), at: VirtualTime(nanoseconds: now.nanoseconds + 20), named: "up",
          .nested(pair: pair, side: 1), at: VirtualTime(nanoseconds: now.nanoseconds + 20), named: "down",
          window: .zero, race: DrawKey(rawEntity: 100, purpose: Self.racePurpose), label: "nested")
      }
    case .deliver(let pair, let side):
      log.append("p\(pair)\(side == 0 ? "L" : "R")")
      context.trace("pair\(pair)", "deliver", "side=\(side)")
    case .nested(let pair, let side):
      log.append("n\(pair)\(side)")
    }
  }
}

@Suite struct SimulationTests {
  @Test func fifoDeliversInTimeOrder() throws {
    var simulation = Simulation(model: RacingPairs(pairs: 2))
    let summary = try simulation.run(seed: 1)
    #expect(simulation.model.log == ["p0L", "p0R", "p1L", "p1R"])
    #expect(summary.choiceSequence == [0, 0])
    #expect(summary.events == 6)
    #expect(summary.finalTime == VirtualTime(nanoseconds: 1_012))
  }

  @Test func replayingAChoiceSequenceSwapsOnlyThatRace() throws {
    var simulation = Simulation(model: RacingPairs(pairs: 2))
    _ = try simulation.run(seed: 1, strategy: .replay([0, 1]))
    #expect(simulation.model.log == ["p0L", "p0R", "p1R", "p1L"])
  }

  @Test func differentOrdersSeeTheSameFaults() throws {
    var faults: [[Bool]] = []
    for strategy in [OrderStrategy.fifo, .random(orderSeed: 1), .random(orderSeed: 2), .replay([1, 1, 1, 1])] {
      var simulation = Simulation(model: RacingPairs(pairs: 4))
      _ = try simulation.run(seed: 42, strategy: strategy)
      faults.append(simulation.model.faults)
    }
    #expect(Set(faults).count == 1)
  }

  @Test func randomOrderIsReproducibleAndVaries() throws {
    func order(_ orderSeed: UInt64) throws -> [String] {
      var simulation = Simulation(model: RacingPairs(pairs: 12))
      _ = try simulation.run(seed: 5, strategy: .random(orderSeed: orderSeed))
      return simulation.model.log
    }
    #expect(try order(9) == order(9))
    let distinct = Set(try (0..<8 as Range<UInt64>).map(order))
    #expect(distinct.count > 1)
  }

  @Test func exhaustiveExplorationRunsEveryOrderOnce() throws {
    let exploration = try InterleavingExplorer.explore(limit: 1_000) { strategy in
      var simulation = Simulation(model: RacingPairs(pairs: 3))
      let summary = try simulation.run(seed: 1, strategy: strategy)
      return (summary, simulation.model.log)
    }
    #expect(exploration.isComplete)
    #expect(exploration.knownOrders == 8)
    #expect(exploration.groups.count == 8)
    #expect(Set(exploration.interleavings.map(\.sequence)).count == 8)
    #expect(exploration.interleavings.first?.sequence == [0, 0, 0])
  }

  @Test func explorationFollowsRacesThatOnlySomeOrdersCreate() throws {
    let exploration = try InterleavingExplorer.explore(limit: 100) { strategy in
      var simulation = Simulation(model: RacingPairs(pairs: 1, nestedRace: true))
      let summary = try simulation.run(seed: 1, strategy: strategy)
      return (summary, simulation.model.log)
    }
    #expect(exploration.isComplete)
    #expect(exploration.interleavings.map(\.sequence) == [[0], [1, 0], [1, 1]])
    let witness = try #require(exploration.witness)
    #expect(witness.first.sequence == [0])
    #expect(witness.second.sequence == [1, 0], "the witness differs from FIFO with the fewest swaps")
  }

  @Test func boundedExplorationSaysItIsIncomplete() throws {
    let exploration = try InterleavingExplorer.explore(limit: 5) { strategy in
      var simulation = Simulation(model: RacingPairs(pairs: 4))
      let summary = try simulation.run(seed: 1, strategy: strategy)
      return (summary, simulation.model.log)
    }
    #expect(!exploration.isComplete)
    #expect(exploration.interleavings.count == 5)
    #expect(exploration.knownOrders > 5 && exploration.knownOrders <= 16)
  }

  @Test func tracingRecordsOnlyWhenAskedFor() throws {
    var quiet = Simulation(model: RacingPairs(pairs: 2))
    _ = try quiet.run(seed: 1)
    #expect(quiet.context.traceEntries.isEmpty)
    var traced = Simulation(model: RacingPairs(pairs: 2), tracing: true)
    _ = try traced.run(seed: 1)
    let lines = traced.context.traceEntries.map(\.description)
    #expect(lines.count == 6)
    #expect(lines[0].contains("race pair#0: left first (1 of 2)"))
    #expect(lines[1].contains("pair0") && lines[1].contains("deliver"))
  }

  @Test func aRunawayModelStopsAtTheEventLimit() {
    struct Forever: SimulationModel {
      enum Event: BitwiseCopyable { case tick }
      mutating func start(in context: inout SimulationContext<Event>) throws(SimulationError) {
        try context.schedule(.tick, at: .zero)
      }
      mutating func handle(_ event: Event, in context: inout SimulationContext<Event>) throws(SimulationError) {
        try context.schedule(.tick, after: .nanoseconds(1))
      }
    }
    var simulation = Simulation(model: Forever(), eventLimit: 1_000)
    #expect(throws: SimulationError.eventLimitExceeded(limit: 1_000, at: VirtualTime(nanoseconds: 1_000))) {
      try simulation.run(seed: 0)
    }
  }

  @Test func schedulingPastTheClockRangeIsAnErrorNotATrap() {
    struct FarFuture: SimulationModel {
      enum Event: BitwiseCopyable { case first, second }
      mutating func start(in context: inout SimulationContext<Event>) throws(SimulationError) {
        try context.schedule(.first, at: VirtualTime(nanoseconds: .max - 1))
      }
      mutating func handle(_ event: Event, in context: inout SimulationContext<Event>) throws(SimulationError) {
        try context.schedule(.second, after: .nanoseconds(10))
      }
    }
    var simulation = Simulation(model: FarFuture())
    #expect(throws: SimulationError.self) { try simulation.run(seed: 0) }
  }

  @Test func aSimulationIsReusableAcrossSeeds() throws {
    var simulation = Simulation(model: RacingPairs(pairs: 3))
    let first = try simulation.run(seed: 10, model: RacingPairs(pairs: 3))
    let faultsFirst = simulation.model.faults
    _ = try simulation.run(seed: 11, model: RacingPairs(pairs: 3))
    let again = try simulation.run(seed: 10, model: RacingPairs(pairs: 3))
    #expect(again == first)
    #expect(simulation.model.faults == faultsFirst)
  }
}
