extension BackgroundFetchWorld {
  /// The metrics of the run that just ended.
  public func metrics(events: UInt64 = 0) -> BackgroundFetchMetrics {
    var metrics = tally
    metrics.runs = 1
    metrics.events = events
    metrics.users = UInt64(users.count)
    metrics.userTime = UInt64(users.count) &* settings.options.population.duration.nanoseconds
    for (record, times) in zip(users, arrivals) {
      metrics.contentItems &+= UInt64(times.count)
      metrics.undelivered &+= UInt64(times.count - record.delivered)
      if record.fetches == 0 { metrics.usersNeverWoken &+= 1 }
    }
    return metrics
  }

  /// Runs one seed and returns its metrics and the engine's summary.
  ///
  /// - Parameter tracing: Whether to record the timeline (returned in the
  ///   third element; empty otherwise).
  public static func run(
    _ options: BackgroundFetchWorldOptions, seed: UInt64, strategy: OrderStrategy = .fifo, tracing: Bool = false
  ) throws(SimulationError) -> (metrics: BackgroundFetchMetrics, summary: RunSummary, trace: [TraceEntry]) {
    var simulation = Simulation(model: BackgroundFetchWorld(options), tracing: tracing)
    let summary = try simulation.run(seed: seed, strategy: strategy)
    return (simulation.model.metrics(events: summary.events), summary, simulation.context.traceEntries)
  }

  /// Runs every seed of a range on one reused simulation and sums the
  /// metrics.
  ///
  /// - Complexity: O(seeds × (users × conditions spells + events per run)).
  public static func measure(
    _ options: BackgroundFetchWorldOptions, seeds: SeedRange, strategy: OrderStrategy = .fifo
  ) throws(SimulationError) -> BackgroundFetchMetrics {
    var simulation = Simulation(model: BackgroundFetchWorld(options))
    var total = BackgroundFetchMetrics()
    var seed = seeds.lowerBound
    while seed < seeds.upperBound {
      let summary = try simulation.run(seed: seed, strategy: strategy)
      total.merge(simulation.model.metrics(events: summary.events))
      seed += 1
    }
    return total
  }
}
