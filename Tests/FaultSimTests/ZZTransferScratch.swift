import Testing
@testable import FaultSim
@Test func zzTransfer() throws {
  var o = TransferWorldOptions()
  o.workload.users = 3
  o.workload.filesPerUser = 10
  o.workload.minimumBytes = 20_000_000
  o.workload.maximumBytes = 200_000_000
  o.daemon.wifiBytesPerSecond = 100_000
  for policy in ReconcilePolicy.allCases {
    o.app.reconcile = policy
    let r = try TransferWorld.run(o, seed: 1, tracing: policy == .blind)
    print("ZZ", policy, "files", r.metrics.files, "once", r.metrics.transferredOnce, "dup", r.metrics.duplicated, "lost", r.metrics.lost, "alive@relaunch", r.metrics.aliveAtRelaunch, "tasks", r.metrics.tasksCreated, "wakes", r.metrics.wakeUps, "wasted", r.metrics.bytesWasted, "events", r.summary.events)
    if policy == .blind { for e in r.trace.prefix(60) { print("ZZT", e) } }
  }
}
