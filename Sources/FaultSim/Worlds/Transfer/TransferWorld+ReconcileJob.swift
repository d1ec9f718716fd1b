/// The reconcile job in a `BGProcessingTask` (seed 001): submitted when the
/// app goes to the background or is launched, run when the OS scheduler
/// decides, limited in time; its expiration must not cancel the transfers
/// it was checking.
extension TransferWorld {
  static let reconcileIdentifier = "reconcile"

  /// The request the app submits.
  func reconcileRequest(at now: VirtualTime) -> BackgroundTaskRequest? {
    guard let job = settings.options.reconcileJob else { return nil }
    let (begin, overflow) = now.nanoseconds.addingReportingOverflow(job.earliestBeginAfter.nanoseconds)
    return .processing(
      Self.reconcileIdentifier, earliestBeginDate: VirtualTime(nanoseconds: overflow ? .max : begin),
      requiresNetworkConnectivity: job.requiresNetwork, requiresExternalPower: job.requiresPower)
  }

  /// Submits the reconcile request, guarded or replacing a pending one.
  mutating func submitReconcileJob(_ user: Int, _ context: inout SimulationContext<Event>) throws(SimulationError) {
    guard let job = settings.options.reconcileJob, let request = reconcileRequest(at: context.now) else { return }
    let result = pendingRequests[user].submit(
      request, at: context.now, policy: job.guardedSubmission ? .guarded : .replace,
      scheduler: BackgroundTaskScheduler(settings.options.scheduler), conditions: conditions[user],
      random: context.random)
    switch result {
    case .keptPending:
      context.trace(Self.appName(user), "a reconcile request is pending: not submitted again")
    case .scheduled(let runTime), .replaced(_, let runTime):
      apps[user].jobGeneration &+= 1
      context.trace(
        Self.appName(user), "submits the reconcile job", runTime.map { "runs at \($0)" } ?? "the system will not run it"
      )
      if let runTime {
        try context.schedule(
          TransferEvent(.reconcileJobStart, user: UInt32(user), generation: apps[user].jobGeneration), at: runTime)
      }
    }
  }

  mutating func reconcileJobStart(
    _ user: Int, generation: UInt32, _ context: inout SimulationContext<Event>
  ) throws(SimulationError) {
    guard apps[user].jobGeneration == generation, let job = settings.options.reconcileJob,
      let request = reconcileRequest(at: context.now)
    else { return }
    _ = pendingRequests[user].start(dueAt: context.now)
    if apps[user].state == .terminated {
      context.trace(Self.appName(user), "launched in the background for the reconcile job")
      if settings.options.app.sessionIdentifier == .freshPerLaunch { startFreshSession(user, &context) }
    }
    if apps[user].state != .foreground { apps[user].state = .suspended }
    // The launch recreates the session: pending transfer events arrive.
    try deliverPending(user, &context)
    apps[user].wakeUps &+= 1
    apps[user].jobsRun &+= 1
    let work = VirtualDuration(
      nanoseconds: job.work.sample(
        context.random.word(
          DrawKey(ReconcileJobIdentity(user: user, job: apps[user].jobsRun), TransferDraw.jobWork.purpose))))
    let run = BackgroundTaskScheduler(settings.options.scheduler).run(
      request, startingAt: context.now, work: work, in: conditions[user])
    apps[user].backgroundRuntime &+= run.runtime.nanoseconds
    apps[user].jobRunning = true
    context.trace(Self.appName(user), "reconcile job starts", "work=\(work) \(run)")
    try context.schedule(
      TransferEvent(.reconcileJobEnd, user: UInt32(user), index: run.expired ? 1 : 0, generation: generation),
      at: run.end)
  }

  mutating func reconcileJobEnd(
    _ user: Int, generation: UInt32, expired: Bool, _ context: inout SimulationContext<Event>
  ) throws(SimulationError) {
    guard apps[user].jobRunning else { return }
    apps[user].jobRunning = false
    try reconcileJobFinished(user, expired: expired, &context)
  }

  /// The job's work is done, or its expiration handler runs.
  mutating func reconcileJobFinished(
    _ user: Int, expired: Bool, _ context: inout SimulationContext<Event>
  ) throws(SimulationError) {
    guard let job = settings.options.reconcileJob else { return }
    if !expired {
      context.trace(Self.appName(user), "reconcile job completes")
      try reconcile(user, as: .state, &context)
      return
    }
    apps[user].jobsExpired &+= 1
    guard job.expirationCancelsTransfers else {
      context.trace(Self.appName(user), "reconcile job expires: its work stops, the transfers go on")
      return
    }
    context.trace(Self.appName(user), "reconcile job expires and cancels the transfers it was checking")
    var index = apps[user].firstTask
    var cancelled: [Int] = []
    while index >= 0 {
      let task = Int(index)
      if tasks[task].session == apps[user].session && (tasks[task].state == .waiting || tasks[task].state == .running) {
        try cancelTask(task, .cancelledByApp, &context)
        cancelled.append(task)
      }
      index = tasks[task].nextOfUser
    }
    for task in cancelled.reversed() { try deliver(task, &context) }
  }
}
