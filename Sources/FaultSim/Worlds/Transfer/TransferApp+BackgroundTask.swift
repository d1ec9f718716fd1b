/// The app's side of its `BGProcessingTask` reconcile job: being launched
/// for it, running it, and its completion and expiration handlers.
extension TransferApp {
  /// The OS task scheduler launches the app for its background task: a
  /// terminated app starts (a fresh session if its policy says so); any
  /// app not in the foreground runs in the background.
  @inlinable
  mutating func launchedForBackgroundTask(
    _ user: Int, session: inout some BackgroundTransferSession, _ context: inout SimulationContext<TransferEvent>
  ) {
    if lifecycles[user].state == .terminated {
      context.trace(TransferWorld.appName(user), "launched in the background for the reconcile job")
      if decisions.sessionIdentifier == .freshPerLaunch { startFreshSession(user, session: &session, &context) }
    }
    if lifecycles[user].state != .foreground { lifecycles[user].state = .suspended }
  }

  /// The background task runs for `runtime`: a wake, background time, and
  /// events reach the app at once until it ends.
  @inlinable
  mutating func beginBackgroundTask(_ user: Int, runtime: VirtualDuration) {
    lifecycles[user].wakeUps &+= 1
    lifecycles[user].backgroundRuntime.nanoseconds &+= runtime.nanoseconds
    lifecycles[user].runsBackgroundTask = true
  }

  /// The background task ends.
  ///
  /// - Returns: Whether one was running.
  @inlinable
  mutating func endBackgroundTask(_ user: Int) -> Bool {
    guard lifecycles[user].runsBackgroundTask else { return false }
    lifecycles[user].runsBackgroundTask = false
    return true
  }

  /// The job's work completed: it runs its reconcile
  /// (``ReconcileJobHandler/work``).
  @inlinable
  mutating func reconcileJobCompleted(
    _ user: Int, session: inout some BackgroundTransferSession, _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    context.trace(TransferWorld.appName(user), "reconcile job completes")
    try reconcile(user, by: .job, session: &session, &context)
  }

  /// The job's expiration handler runs: its work stops, and it cancels the
  /// listed tasks its ``ReconcileJobHandler`` names (a handle the snapshot
  /// did not list is ignored).
  ///
  /// - Returns: The tasks it cancelled, in the handler's order; their
  ///   cancellations reach the app while it runs.
  /// - Complexity: O(listed × named tasks).
  @inlinable
  mutating func reconcileJobExpired(
    _ user: Int, session: inout some BackgroundTransferSession, _ context: inout SimulationContext<TransferEvent>
  ) -> [TransferTaskID] {
    session.allTasks(of: user, into: &taskList)
    switch decisions.job.expired(listing: taskList, &context.decisions) {
    case .stopWork:
      context.trace(TransferWorld.appName(user), "reconcile job expires: its work stops, the transfers go on")
      return []
    case .cancel(let named):
      context.trace(TransferWorld.appName(user), "reconcile job expires and cancels the transfers it was checking")
      var cancelled: [TransferTaskID] = []
      for task in named where taskList.contains(where: { $0.task == task }) && !cancelled.contains(task) {
        session.cancel(task, .app, &context)
        cancelled.append(task)
      }
      return cancelled
    }
  }
}
