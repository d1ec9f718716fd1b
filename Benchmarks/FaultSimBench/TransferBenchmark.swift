import FaultSim

/// `faultsim-bench transfer`: the podcast-relaunch scenario scaled to many
/// users, as whole runs, against the reference request world in the same
/// process for the per-event cost ratio.
struct TransferBenchmark {
  var runs = 10
  var users = 10_000

  /// The podcast relaunch (scenarios/podcast-relaunch-blind.json) with
  /// `users` users of ten episodes each.
  static func podcast(users: Int) -> TransferWorldOptions {
    var options = TransferWorldOptions()
    options.workload.users = users
    options.workload.filesPerUser = 10
    options.workload.minimumBytes = 20_000_000
    options.workload.maximumBytes = 120_000_000
    options.lifecycle.backgroundAt = .fixed(.nanoseconds(60_000_000_000))
    options.lifecycle.terminationAt = .uniform(min: .nanoseconds(300_000_000_000), max: .nanoseconds(600_000_000_000))
    options.lifecycle.relaunchAt = .uniform(min: .nanoseconds(600_000_000_000), max: .nanoseconds(1_200_000_000_000))
    options.daemon.wifiBytesPerSecond = 100_000
    options.daemon.throughputSpread = 0.3
    options.app.reconcile = .blind
    return options
  }

  func run() throws(BenchmarkError) {
    var transferNs: [Double] = []
    var requestNs: [Double] = []
    var transferMs: [Double] = []
    var events: UInt64 = 0
    do {
      let transfer = TransferWorld.makeRunner(Self.podcast(users: users))
      let request = RequestWorld.makeRunner(RequestWorldOptions.checkoutReference())
      _ = try transfer.run(999, .fifo)
      _ = try request.run(999, .fifo)
      for seed in 0..<UInt64(runs) {
        var watch = Stopwatch()
        let (_, summary, _) = try transfer.run(seed, .fifo)
        let elapsed = watch.elapsedNanoseconds
        transferMs.append(elapsed / 1e6)
        transferNs.append(elapsed / Double(summary.events))
        events = summary.events
        watch = Stopwatch()
        let (_, requestSummary, _) = try request.run(seed, .fifo)
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
