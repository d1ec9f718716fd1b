extension TransferWorld {
  /// Runs one seed and returns its metrics, the engine's summary, the
  /// timeline (when tracing) and every file's final state.
  public static func run(
    _ options: TransferWorldOptions, seed: UInt64, strategy: OrderStrategy = .fifo, tracing: Bool = false
  ) throws(SimulationError) -> (
    metrics: TransferMetrics, summary: RunSummary, trace: [TraceEntry], finalState: [TransferFileOutcome]
  ) {
    var simulation = Simulation(model: TransferWorld(options), tracing: tracing)
    let summary = try simulation.run(seed: seed, strategy: strategy)
    return (
      simulation.model.metrics(events: summary.events), summary, simulation.context.traceEntries,
      simulation.model.finalState()
    )
  }

  /// Runs every seed of a range on one reused simulation and sums the
  /// metrics.
  public static func measure(
    _ options: TransferWorldOptions, seeds: SeedRange, strategy: OrderStrategy = .fifo
  ) throws(SimulationError) -> TransferMetrics {
    var simulation = Simulation(model: TransferWorld(options))
    var total = TransferMetrics()
    var seed = seeds.lowerBound
    while seed < seeds.upperBound {
      simulation.model.reset()
      let summary = try simulation.run(seed: seed, strategy: strategy)
      total.merge(simulation.model.metrics(events: summary.events))
      seed += 1
    }
    return total
  }
}
