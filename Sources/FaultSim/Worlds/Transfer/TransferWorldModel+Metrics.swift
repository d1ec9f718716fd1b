extension TransferWorldModel {
  /// The metrics of the run that just ended, read from every component.
  ///
  /// - Complexity: O(files + tasks).
  @inlinable
  func metrics(events: UInt64) -> TransferMetrics {
    var m = TransferMetrics()
    m.runs = 1
    m.events = events
    var tasks = DaemonTaskTotals()
    let daemonFiles = daemon.fileRecords(totals: &tasks)
    let useful = app.recordFiles(into: &m, daemonFiles: daemonFiles)
    m.tasksCreated &+= tasks.created
    m.transfersCompleted &+= tasks.completed
    m.cancelledByApp &+= tasks.cancelledByApp
    m.bytesTransferred = daemon.bytesTransferred
    m.bytesWasted = m.bytesTransferred - min(m.bytesTransferred, useful)
    app.recordLifecycles(into: &m)
    for user in aliveAtRelaunch.indices {
      m.aliveAtRelaunch &+= UInt64(aliveAtRelaunch[user])
      m.tasksOrphaned &+= UInt64(daemon.tasksOrphaned(of: user))
    }
    let jobs = taskScheduler.totals()
    m.reconcileJobs &+= jobs.launches
    m.reconcileJobsExpired &+= jobs.expirations
    return m
  }

  /// Each file's final state, in file order.
  ///
  /// - Complexity: O(files + tasks).
  @inlinable
  func finalState() -> EntityStates<TransferFileOutcome> {
    EntityStates(app.finalStates(daemonFiles: daemon.fileRecords()))
  }
}

extension TransferWorldModel: WorldModel {}
