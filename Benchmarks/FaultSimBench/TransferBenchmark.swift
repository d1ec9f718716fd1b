import FaultSim

/// `faultsim-bench transfer`: the podcast-relaunch scenario scaled to many
/// users, as whole runs, against the reference request world in the same
/// process for the per-event cost ratio.
struct TransferBenchmark {
  var runs = 10
  var users = 10_000

  func run() throws(BenchmarkError) {
    var transferNs: [Double] = []
    var requestNs: [Double] = []
    var transferMs: [Double] = []
    var events: UInt64 = 0
    do {
      let transfer = TransferWorld.makeRunner(TransferWorldOptions.podcastRelaunch(users: users, reconcile: .blind))
      let request = RequestWorld.makeRunner(RequestWorldOptions.checkoutReference())
      _ = try transfer.run(999, .fifo)
      _ = try request.run(999, .fifo)
      for seed in 0..<UInt64(runs) {
        var watch = Stopwatch()
        let summary = try transfer.run(seed, .fifo).summary
        let elapsed = watch.elapsedNanoseconds
        transferMs.append(elapsed / 1e6)
        transferNs.append(elapsed / Double(summary.events))
        events = summary.events
        watch = Stopwatch()
        let requestSummary = try request.run(seed, .fifo).summary
        requestNs.append(watch.elapsedNanoseconds / Double(requestSummary.events))
      }
    } catch {
      throw BenchmarkError("the transfer benchmark failed: \(error)")
    }
    let perEvent = Percentiles(transferNs)
    let baseline = Percentiles(requestNs)
    print("podcast relaunch: \(users) users x 10 episodes per run, \(runs) runs; \(events) events per run")
    print("                        " + Percentiles.header + "  samples")
    print("ms per run              " + Percentiles(transferMs).formatted(decimals: 2) + String(runs).leftPadded(to: 9))
    print("ns per event (transfer) " + perEvent.formatted(decimals: 1) + String(runs).leftPadded(to: 9))
    print("ns per event (request)  " + baseline.formatted(decimals: 1) + String(runs).leftPadded(to: 9))
    print("events per second (p50): \(format(1e9 / perEvent.p50 / 1e6, decimals: 2)) M")
    print("per-event cost, transfer / request world (p50): \(format(perEvent.p50 / baseline.p50, decimals: 2))x")
  }
}
