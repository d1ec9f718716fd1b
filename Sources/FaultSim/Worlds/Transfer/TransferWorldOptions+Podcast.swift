extension TransferWorldOptions {
  /// The podcast relaunch of seed 000 (and `scenarios/podcast-relaunch-blind.json`
  /// and `podcast-relaunch-by-id.json` at 200 users): each user queues ten
  /// episodes of 20–120 MB and leaves the app after 60 s; the system
  /// terminates it after 5–10 minutes while the OS keeps downloading at
  /// 100 kB/s (±30% per task), and the user reopens it after 10–20 minutes.
  /// What the reopened app does about the episodes still downloading is
  /// `reconcile`.
  ///
  /// - Parameters:
  ///   - users: Users per run (10,000 in the transfer benchmark).
  ///   - reconcile: `.blind` re-enqueues every episode not stored (every one
  ///     still downloading starts twice); `.byIdentifier` asks the daemon first.
  public static func podcastRelaunch(users: Int = 200, reconcile: ReconcilePolicy = .blind) -> TransferWorldOptions {
    var options = TransferWorldOptions()
    options.workload.users = users
    options.workload.filesPerUser = 10
    options.workload.minimumBytes = 20_000_000
    options.workload.maximumBytes = 120_000_000
    options.lifecycle.backgroundAt = .fixed(.minutes(1))
    options.lifecycle.terminationAt = .uniform(min: .minutes(5), max: .minutes(10))
    options.lifecycle.relaunchAt = .uniform(min: .minutes(10), max: .minutes(20))
    options.daemon.wifiBytesPerSecond = 100_000
    options.daemon.throughputSpread = 0.3
    options.app.reconcile = reconcile
    return options
  }
}
