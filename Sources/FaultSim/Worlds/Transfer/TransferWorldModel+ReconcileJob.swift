/// The reconcile job in a `BGProcessingTask` (seed 001), routed between the
/// app and the OS task scheduler: submitted when the app goes to the
/// background or is launched, run when the scheduler decides, limited in
/// time; its expiration must not cancel the transfers it was checking.
extension TransferWorldModel {
  /// The app submits its reconcile request, guarded or replacing a pending
  /// one; the scheduler's answer decides the launch.
  @inlinable
  mutating func submitReconcileJob(_ user: Int, _ context: inout SimulationContext<TransferEvent>)
    throws(SimulationError)
  {
    guard let job = app.jobSchedule else { return }
    let submission = taskScheduler.submit(
      job.request(submittedAt: context.now), user: user, at: context.now, policy: job.submission,
      conditions: conditions[user], random: context.random)
    switch submission.result {
    case .keptPending:
      context.trace(TransferWorld.appName(user), "a reconcile request is pending: not submitted again")
    case .scheduled(let runTime), .replaced(_, let runTime):
      context.trace(
        TransferWorld.appName(user), "submits the reconcile job",
        runTime.map { "runs at \($0)" } ?? "the system will not run it"
      )
    }
    if let launch = submission.launch {
      try context.schedule(
        TransferEvent(.backgroundTaskLaunches(submission: launch.submission), user: user), at: launch.time)
    }
  }

  /// The scheduler launches the app for its reconcile job: pending events
  /// arrive as the launch recreates the session, then the job's work runs
  /// until it completes or expires.
  @inlinable
  mutating func reconcileJobLaunches(
    _ user: Int, submission: UInt32, _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    guard let job = app.jobSchedule,
      let launched = taskScheduler.launch(user, submission: submission, at: context.now)
    else { return }
    app.launchedForBackgroundTask(user, session: &daemon, &context)
    // The launch recreates the session: pending transfer events arrive.
    try app.deliverPending(user, session: &daemon, &context)
    let work = job.work(user: user, job: launched.launch, context.random)
    let run = taskScheduler.run(launched.request, startingAt: context.now, work: work, in: conditions[user])
    app.beginBackgroundTask(user, runtime: run.runtime)
    context.trace(TransferWorld.appName(user), "reconcile job starts", "work=\(work) \(run)")
    try context.schedule(TransferEvent(.backgroundTaskEnds(expired: run.expired), user: user), at: run.end)
  }

  /// The job's work is done, or its expiration handler runs; the
  /// cancellations an expiring job makes reach the app while it runs.
  @inlinable
  mutating func reconcileJobEnds(
    _ user: Int, expired: Bool, _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    guard app.endBackgroundTask(user), app.jobSchedule != nil else { return }
    guard expired else {
      try app.reconcileJobCompleted(user, session: &daemon, &context)
      return
    }
    taskScheduler.noteExpiration(user)
    let cancelled = app.reconcileJobExpired(user, session: &daemon, &context)
    for task in cancelled.reversed() { try app.endingArrives(task, user: user, session: &daemon, &context) }
  }
}
