import FaultSim
import Foundation

/// `faultsim-bench sweep`: seeds per second of the reference scenario swept
/// with 1 and with N worker threads, alternating, so the scaling ratio is
/// measured in one run.
struct SweepBenchmark {
  var repetitions = 5
  var seeds: UInt64 = 16
  var orders = 100_000
  var jobs = 2

  func run() throws(BenchmarkError) {
    let scenario = """
      {"description": "reference", "workload": {"operations": \(orders), "kind": "keyless-write",
       "arrival": {"distribution": "uniform", "over": "10s"}},
       "client": {"timeout": "1s", "attempts": 3,
       "backoff": {"growth": "exponential", "jitter": "full", "base": "100ms", "cap": "2s"}},
       "network": {"latency": {"distribution": "uniform", "min": "20ms", "max": "80ms"},
       "requestLoss": 0.05, "responseLoss": 0.10}}
      """
    var single: [Double] = []
    var parallel: [Double] = []
    var tables: Set<String> = []
    do {
      let sweep = try Sweep<RequestWorld>(
        file: "reference.json", bytes: Array(scenario.utf8), settings: [], grid: SweepGrid(),
        seeds: try SeedRange(0, seeds))
      for _ in 0..<repetitions {
        for (count, samples) in [(1, 0), (jobs, 1)] {
          let execution = SweepExecution(sweep: sweep)
          let watch = Stopwatch()
          _ = try execution.run(jobs: count)
          let rate = Double(seeds) / (watch.elapsedNanoseconds / 1e9)
          if samples == 0 { single.append(rate) } else { parallel.append(rate) }
          tables.insert(execution.table() ?? "")
        }
      }
    } catch {
      throw BenchmarkError("the sweep benchmark failed: \(error)")
    }
    guard tables.count == 1 else { throw BenchmarkError("the tables differ between job counts") }
    let one = Percentiles(single)
    let many = Percentiles(parallel)
    print("sweep of the reference scenario: \(seeds) seeds of \(orders) orders, \(repetitions) repetitions")
    print("seeds per second       " + Percentiles.header + "  samples")
    print("--jobs 1               " + one.formatted(decimals: 2) + String(repetitions).leftPadded(to: 9))
    print("--jobs \(jobs)".rightPadded(to: 23) + many.formatted(decimals: 2) + String(repetitions).leftPadded(to: 9))
    print("speed-up at p50: \(format(many.p50 / one.p50, decimals: 2))x (tables identical: yes)")
  }
}
