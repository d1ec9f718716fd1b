import FaultSim

/// The size of an exploration, checked before it starts: every order is a
/// full run and every order run is kept, so `--limit` multiplies both the
/// time and the memory. The FIFO run measures one order (its events, choice
/// points and final state); the check refuses, with the value to lower, an
/// exploration that would exceed the memory budget or
/// ``maximumEvents``.
enum ExplorationBound {
  /// The most simulated events one exploration may take: 4 to 8 minutes of
  /// a release build (measured 1 to 2.3 million events a second, the
  /// fewer the events an order, the slower).
  static let maximumEvents: UInt64 = 500_000_000
  /// Bytes a kept order holds per choice point (its race, label and
  /// alternatives), per entity of its final state, and besides. Measured
  /// (release, peak RSS): 5.7 KB an order with 20 choice points and 20
  /// operations, 344 KB with 1,998 and 2,000 — about 2.3 KB an order and 86
  /// bytes per choice point and entity.
  static let bytesPerChoice: UInt64 = 160
  static let bytesPerEntity: UInt64 = 64
  static let bytesPerOrder: UInt64 = 4_096

  /// Refuses an exploration of up to `limit` orders of `seed` that would
  /// not fit `budget` or ``maximumEvents``.
  ///
  /// - Parameter watch: What looks at the run it measures (an interrupt
  ///   stops it as it stops the exploration).
  /// - Complexity: one run of the scenario.
  static func check<World: ScenarioWorld>(
    _ world: World.Type, _ options: World.Options, seed: UInt64, limit: Int, budget: MemoryBudget,
    scenario: String, watch: RunWatch? = nil
  ) throws(CommandFailure) {
    try budget.check(World.self, [options], jobs: 1, scenario: scenario)
    let fifo: WorldRun<World.Metrics, World.FinalState>
    do {
      fifo = try World.runOnce(
        options, seed: seed, strategy: .fifo, tracing: false, faults: .live, simplifiesValues: false, watch: watch)
    } catch {
      throw .simulation(error, scenario: scenario)
    }
    // Without a race there is one order, whatever the limit.
    let choices = UInt64(fifo.summary.choices.count)
    let orders: UInt64 = choices == 0 ? 1 : UInt64(limit)
    let perOrder = choices * bytesPerChoice + UInt64(fifo.finalState.entityCount) * bytesPerEntity + bytesPerOrder
    let (kept, overflow) = orders.multipliedReportingOverflow(by: perOrder)
    let (total, overflowTotal) = kept.addingReportingOverflow(World.engine.estimatedBytes(options))
    let simulation = World.engine.estimatedBytes(options)
    let fitting = budget.bytes > simulation ? (budget.bytes - simulation) / perOrder : 0
    try budget.check(
      needed: overflow || overflowTotal ? nil : total,
      what:
        "exploring up to \(orders) orders and keeping each (\(choices) choice points and a final state of \(fifo.finalState.entityCount) entities an order) needs",
      lower: fitting > 0 ? "--limit to \(fitting) or less, or \(World.engine.sizeKey)" : World.engine.sizeKey,
      scenario: scenario)
    let eventsPerOrder = max(1, fifo.summary.events)
    let (events, eventsOverflow) = orders.multipliedReportingOverflow(by: eventsPerOrder)
    guard eventsOverflow || events > maximumEvents else { return }
    let most = max(1, maximumEvents / eventsPerOrder)
    throw .data(
      "\(FileName.display(scenario)): exploring up to \(orders) orders of \(eventsPerOrder) events each is \(eventsOverflow ? "more than \(UInt64.max)" : "\(events)") events, more than \(maximumEvents.formatted) (minutes of work); lower --limit to \(most) or less, or \(World.engine.sizeKey)"
    )
  }
}

extension UInt64 {
  /// `2,000,000,000`.
  var formatted: String {
    let digits = Array(String(self))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
      text.append(digit)
    }
    return text
  }
}
