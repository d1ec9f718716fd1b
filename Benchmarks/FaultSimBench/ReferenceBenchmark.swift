import FaultSim

/// `faultsim-bench reference`: whole runs of the reference checkout scenario
/// (100,000 orders), model logic included.
struct ReferenceBenchmark {
  var runs = 30
  var orders = 100_000
  var csv = false

  func run() throws(BenchmarkError) {
    let options = RequestWorldOptions.checkoutReference(orders: orders)
    var world = RequestWorld(options)
    // As `faultsim run` and sweeps do: only the metrics are read.
    world.dropFinalStates()
    var simulation = Simulation(model: world, reservingCapacity: orders)
    var milliseconds: [Double] = []
    var eventsPerSecond: [Double] = []
    var events: UInt64 = 0
    var digest: UInt64 = 0
    // One warm-up run sizes every buffer.
    do {
      _ = try simulation.run(seed: 999_999)
      for seed in 0..<UInt64(runs) {
        simulation.model.reset()
        let watch = Stopwatch()
        let summary = try simulation.run(seed: seed)
        let metrics = simulation.model.metrics(events: summary.events)
        let elapsed = watch.elapsedNanoseconds
        milliseconds.append(elapsed / 1e6)
        eventsPerSecond.append(Double(summary.events) / (elapsed / 1e9) / 1e6)
        events = summary.events
        digest = digest &* 31 &+ metrics.duplicated
      }
    } catch {
      throw BenchmarkError("the reference run failed: \(error)")
    }
    blackHole(digest)
    let time = Percentiles(milliseconds)
    let rate = Percentiles(eventsPerSecond)
    if csv {
      print("benchmark,orders,runs,ms_p50,ms_p90,ms_p100,events_per_run,mevents_per_s_p50")
      print(
        "reference,\(orders),\(runs),\(format(time.p50, decimals: 3)),\(format(time.values[4], decimals: 3)),"
          + "\(format(time.values[6], decimals: 3)),\(events),\(format(rate.p50, decimals: 2))")
      return
    }
    print("reference checkout scenario: \(orders) orders per run, \(runs) runs (seeds 0..<\(runs))")
    print("                  " + Percentiles.header + "  samples")
    print("ms per run        " + time.formatted(decimals: 2) + String(runs).leftPadded(to: 9))
    print("Mevents/s         " + rate.formatted(decimals: 2) + String(runs).leftPadded(to: 9))
    print("events per run (last): \(events)")
  }
}
