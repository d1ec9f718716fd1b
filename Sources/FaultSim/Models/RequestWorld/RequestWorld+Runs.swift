extension RequestWorld {
  /// Runs one seed and returns its metrics and the engine's summary.
  ///
  /// - Parameter tracing: Whether to record the timeline (returned in the
  ///   third element; empty otherwise).
  public static func run(
    _ options: RequestWorldOptions, seed: UInt64, strategy: OrderStrategy = .fifo, tracing: Bool = false
  ) throws(SimulationError) -> (metrics: RequestMetrics, summary: RunSummary, trace: [TraceEntry]) {
    var simulation = Simulation(model: RequestWorld(options), tracing: tracing)
    let summary = try simulation.run(seed: seed, strategy: strategy)
    return (simulation.model.metrics(events: summary.events), summary, simulation.context.traceEntries)
  }

  /// Runs every seed of a range on one reused simulation and sums the
  /// metrics.
  ///
  /// - Complexity: O(seeds × events per run).
  public static func measure(
    _ options: RequestWorldOptions, seeds: SeedRange, strategy: OrderStrategy = .fifo
  ) throws(SimulationError) -> RequestMetrics {
    var simulation = Simulation(model: RequestWorld(options))
    var total = RequestMetrics()
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
