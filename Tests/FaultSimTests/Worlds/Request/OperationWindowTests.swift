import Testing

@testable import FaultSim

/// The request world keeps records only for the operations in flight
/// (`OperationWindow`) and folds the others into its metrics: the ring, its
/// spilled stragglers, and runs that fold and spill giving what a run that
/// kept every record gave.
@Suite struct OperationWindowTests {
  @Test func theRingOpensInOrderGrowsRetiresAndSpills() {
    var window = OperationWindow<Int>(capacity: 16)
    for operation in 0..<40 { window.open(operation, operation * 10) }
    #expect(window.count == 40 && window.holds(0) && window.holds(39) && !window.holds(40))
    #expect((0..<40).allSatisfy { window[$0] == $0 * 10 }, "growing keeps every record at its operation")
    window.retire(below: 5)
    #expect(!window.holds(4) && window.holds(5) && window.count == 35)
    window.spillOldest()
    window.spillOldest()
    #expect(window.retired == 7 && window.holds(5) && window.holds(6) && window.spilledOperations == [5, 6])
    window[6] += 1
    #expect(window[6] == 61 && window[7] == 70)
    window.forgetSpilled(5)
    #expect(!window.holds(5) && window.holds(6) && window.count == 34)
    window.removeAll()
    #expect(window.count == 0 && window.opened == 0 && !window.holds(6))
  }

  /// A debug build passes a struct of more than four words by address,
  /// and then looks up a generic struct's metadata at each call (about 370
  /// instructions): the ring's mask and span share a word to stay at four.
  @Test func theWindowIsFourWords() {
    #expect(MemoryLayout<OperationWindow<Int>>.size == 4 * MemoryLayout<Int>.size)
    #expect(MemoryLayout<OperationWindow<String>>.size == 4 * MemoryLayout<Int>.size)
  }

  /// Records that need deinitialising (here, objects that count their
  /// frees) are freed exactly once: when retired, forgotten after a
  /// spill, or with the window, however far it grew.
  @Test func recordsThatNeedDeinitialisingAreFreedExactlyOnce() {
    final class Frees { var count = 0 }
    final class Tracked {
      let frees: Frees
      init(_ frees: Frees) { self.frees = frees }
      deinit { frees.count += 1 }
    }
    let frees = Frees()
    do {
      var window = OperationWindow<Tracked>(capacity: 16)
      for operation in 0..<100 { window.open(operation, Tracked(frees)) }
      #expect(window.opened == 100 && window.count == 100 && frees.count == 0)
      window.retire(below: 10)
      #expect(frees.count == 10 && window.retired == 10 && window.count == 90)
      window.spillOldest()
      window.spillOldest()
      #expect(window.retired == 12 && window.opened == 100 && window.count == 90 && frees.count == 10)
      window.forgetSpilled(10)
      #expect(frees.count == 11 && window.holds(11) && !window.holds(10))
      for operation in 100..<140 { window.open(operation, Tracked(frees)) }
      #expect(window.holds(139) && !window.holds(140) && window.count == 129)
    }
    #expect(frees.count == 140, "every record freed once when the window goes")
  }

  @Test func aCopySharesNothingOnceMadeUnique() {
    var window = OperationWindow<Int>(capacity: 16)
    window.open(0, 1)
    var copy = window
    copy.makeUnique()
    copy[0] = 2
    #expect(window[0] == 1 && copy[0] == 2)
  }

  /// 30,000 orders over 3 s: about 10,000 start per second and a few retry
  /// for seconds, so the ring fills, spills stragglers and folds thousands
  /// of orders while they are still arriving.
  static var busyCheckout: RequestWorldOptions {
    var options = RequestWorldOptions.checkoutReference(orders: 30_000)
    options.workload.arrival = .uniform(over: .seconds(3))
    return options
  }

  @Test func foldingAndSpillingGiveTheMetricsOfARunThatKeptEveryRecord() throws {
    // What `faultsim run scenarios/checkout-reference.json --seed 1 --set
    // workload.operations=30000 --set workload.arrival.over=3s` printed at
    // 253f4f9, which kept a record per order for the whole run.
    let run = try RequestWorld.runOnce(Self.busyCheckout, seed: 1)
    #expect(run.metrics.succeeded == 29_914 && run.metrics.duplicated == 3_082)
    #expect(run.metrics.lost == 2 && run.metrics.uncertain == 86)
    #expect(run.metrics.applied == 33_358 && run.metrics.attempts == 35_061 && run.metrics.serverRequests == 33_358)
    #expect(run.metrics.completion.count == 30_000)
    // And the run did spill: the ring stayed far below one slot per order.
    var world = RequestWorld(Self.busyCheckout)
    world.dropFinalStates()
    var context = SimulationContext<RequestEvent>(seed: 1)
    try world.start(in: &context)
    var mostSpilled = 0
    var largestRing = 0
    while let event = try context.takeNextEvent(limit: .max) {
      try world.handle(event, in: &context)
      mostSpilled = max(mostSpilled, world.model.client.records.spilledCount)
      largestRing = max(largestRing, world.model.client.records.mask + 1)
    }
    try world.finish(in: &context)
    #expect(mostSpilled > 0 && largestRing <= 16_384, "spilled \(mostSpilled), ring \(largestRing)")
    #expect(world.metrics(events: context.eventsHandled) == run.metrics)
  }

  @Test func theFoldedDigestIsTheSumOfTheKeptFinalStates() throws {
    let kept = try RequestWorld.runOnce(Self.busyCheckout, seed: 2).finalState
    var sum: UInt64 = 0
    for state in kept.entities {
      let outcome = try #require(
        ([.pending, .succeeded, .failed, .uncertain] as [ClientOutcome]).first { $0.description == state.outcome })
      sum &+= PackedOutcome(applied: state.applied, outcome: outcome).hash(operation: state.operation)
    }
    let runner = RequestWorld.makeRunner(Self.busyCheckout)
    let folded = try runner.run(2, .fifo)
    #expect(folded.metrics == (try RequestWorld.runOnce(Self.busyCheckout, seed: 2)).metrics)
    var world = RequestWorld(Self.busyCheckout)
    world.dropFinalStates()
    var simulation = Simulation(model: world)
    _ = try simulation.run(seed: 2)
    #expect(simulation.model.finalStateDigest() == sum)
  }
}
