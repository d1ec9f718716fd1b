/// The app: its lifecycle, the events it receives, its registry and its
/// reconcile on relaunch.
extension TransferWorld {
  // MARK: Lifecycle

  mutating func userLaunch(_ user: Int, initial: Bool, _ context: inout SimulationContext<Event>)
    throws(SimulationError)
  {
    context.trace(Self.appName(user), initial ? "user opens the app" : "user reopens the app")
    let processAlive = apps[user].state == .foreground || apps[user].state == .suspended
    if !initial && settings.options.app.sessionIdentifier == .freshPerLaunch && !processAlive {
      startFreshSession(user, &context)
    }
    apps[user].state = .foreground
    apps[user].backgroundWakes = 0
    if initial {
      for file in fileRange(of: user) { try enqueue(file, &context) }
      return
    }
    try resolveRelaunchRaces(user, &context)
    try deliverPending(user, &context)
    try reconcile(user, &context)
    try deliverPending(user, includingDeferred: true, &context)
    for file in fileRange(of: user) where files[file].cancelled && !files[file].wanted {
      try context.schedule(
        TransferEvent(.userRerequest, user: UInt32(user), index: UInt32(file)),
        at: VirtualTime(nanoseconds: context.now.nanoseconds &+ 10_000_000_000))
    }
  }

  /// A fresh session identifier: every task of the old one is orphaned.
  mutating func startFreshSession(_ user: Int, _ context: inout SimulationContext<Event>) {
    apps[user].session &+= 1
    apps[user].pendingHead = -1
    apps[user].pendingTail = -1
    var index = apps[user].firstTask
    while index >= 0 {
      let task = Int(index)
      if tasks[task].session == apps[user].session &- 1 {
        if tasks[task].state == .ended {
          tasks[task].state = .closed
          apps[user].tasksOrphaned &+= 1
          if tasks[task].ending == .completed { files[Int(tasks[task].file)].orphanedTransfers &+= 1 }
        } else if tasks[task].state == .waiting || tasks[task].state == .running {
          apps[user].tasksOrphaned &+= 1
        }
      }
      index = tasks[task].nextOfUser
    }
    context.trace(Self.appName(user), "new session identifier", "session=\(apps[user].session)")
  }

  mutating func goBackground(_ user: Int, _ context: inout SimulationContext<Event>) throws(SimulationError) {
    guard apps[user].state == .foreground else { return }
    apps[user].state = .suspended
    context.trace(Self.appName(user), "goes to the background, suspended")
    if settings.options.reconcileJob != nil { try submitReconcileJob(user, &context) }
  }

  mutating func terminate(_ user: Int, _ context: inout SimulationContext<Event>) throws(SimulationError) {
    guard apps[user].state == .suspended else { return }
    switch settings.options.lifecycle.termination {
    case .none:
      return
    case .system:
      apps[user].state = .terminated
      context.trace(Self.appName(user), "terminated by the system", "transfers go on")
    case .forceQuit:
      // The force-quit is a fault too: without it, the system terminates.
      guard context.permit(DrawKey(UserIdentity(user: user), TransferDraw.forceQuit.purpose)) else {
        apps[user].state = .terminated
        context.trace(Self.appName(user), "terminated by the system", "transfers go on")
        return
      }
      apps[user].state = .forceQuit
      context.trace(Self.appName(user), "force-quit by the user", "the session's transfers are cancelled")
      var index = apps[user].firstTask
      while index >= 0 {
        let task = Int(index)
        if tasks[task].session == apps[user].session {
          try cancelTask(task, .cancelledByForceQuit, &context)
        }
        index = tasks[task].nextOfUser
      }
    }
  }

  // MARK: Events reaching the app

  /// Sends a task's event to the app now, or arranges for it to arrive.
  mutating func routeEvent(_ user: Int, task: Int, _ context: inout SimulationContext<Event>) throws(SimulationError) {
    if apps[user].jobRunning {
      // Running in the background for the reconcile job: events arrive now.
      try deliver(task, &context)
      return
    }
    switch apps[user].state {
    case .foreground:
      try deliver(task, &context)
    case .suspended:
      try scheduleWake(user, &context)
    case .terminated:
      if settings.options.lifecycle.sendsLaunchEvents { try scheduleWake(user, &context) }
    case .forceQuit:
      break
    }
  }

  /// Schedules a background wake after the growing relaunch delay.
  mutating func scheduleWake(_ user: Int, _ context: inout SimulationContext<Event>) throws(SimulationError) {
    guard !apps[user].wakePending else { return }
    let shift = min(apps[user].backgroundWakes, 62)
    let scaled = settings.options.lifecycle.relaunchDelayBase.nanoseconds.multipliedReportingOverflow(
      by: 1 << UInt64(shift))
    let delay =
      scaled.overflow
      ? settings.options.lifecycle.relaunchDelayCap.nanoseconds
      : min(settings.options.lifecycle.relaunchDelayCap.nanoseconds, scaled.partialValue)
    apps[user].wakePending = true
    try context.schedule(TransferEvent(.wake, user: UInt32(user)), after: .nanoseconds(delay))
  }

  /// The system wakes (or relaunches) the app in the background to deliver
  /// transfer events.
  mutating func wake(_ user: Int, _ context: inout SimulationContext<Event>) throws(SimulationError) {
    apps[user].wakePending = false
    let state = apps[user].state
    guard state == .suspended || (state == .terminated && settings.options.lifecycle.sendsLaunchEvents) else { return }
    apps[user].wakeUps &+= 1
    apps[user].backgroundWakes &+= 1
    apps[user].backgroundRuntime &+= settings.options.lifecycle.backgroundWorkPerWake.nanoseconds
    if state == .terminated {
      context.trace(Self.appName(user), "relaunched in the background for transfer events")
      if settings.options.app.sessionIdentifier == .freshPerLaunch { startFreshSession(user, &context) }
      // Launch code runs: it submits the reconcile job again.
      if settings.options.reconcileJob != nil { try submitReconcileJob(user, &context) }
    } else {
      context.trace(Self.appName(user), "woken in the background for transfer events")
    }
    try deliverPending(user, &context)
    if settings.options.app.reconcileOnBackgroundLaunch && state == .terminated { try reconcile(user, &context) }
    apps[user].state = .suspended
  }

  /// Delivers the connected session's ended tasks in the order they ended;
  /// deferred ones stay queued unless `includingDeferred`.
  ///
  /// - Complexity: O(pending tasks).
  mutating func deliverPending(
    _ user: Int, includingDeferred: Bool = false, _ context: inout SimulationContext<Event>
  ) throws(SimulationError) {
    var index = apps[user].pendingHead
    apps[user].pendingHead = -1
    apps[user].pendingTail = -1
    while index >= 0 {
      let task = Int(index)
      index = tasks[task].nextPending
      guard tasks[task].state == .ended else { continue }
      if tasks[task].deferred && !includingDeferred {
        queueDelivery(task)
        continue
      }
      tasks[task].deferred = false
      try deliver(task, &context)
    }
  }

  /// The app's delegate receives one task's ending.
  mutating func deliver(_ task: Int, _ context: inout SimulationContext<Event>) throws(SimulationError) {
    guard tasks[task].state == .ended else { return }
    tasks[task].state = .closed
    let file = Int(tasks[task].file)
    let user = Int(tasks[task].user)
    let isCurrent = files[file].currentTask == Int32(task)
    context.traceMessage(
      from: Self.daemonName(user), to: Self.appName(user), "\(tasks[task].ending) \(taskName(task))")
    switch tasks[task].ending {
    case .completed:
      try receiveCompletion(task, file: file, &context)
    case .failed:
      context.trace(Self.appName(user), "receives failure of \(taskName(task))")
      guard isCurrent, files[file].wanted else { return }
      let resume = settings.options.app.usesResumeData && tasks[task].resumeDataOnFailure ? tasks[task].moved : 0
      try retry(file, resumeFrom: resume, &context)
    case .cancelledByForceQuit:
      context.trace(Self.appName(user), "receives cancellation of \(taskName(task))", "by=force-quit")
      guard isCurrent, files[file].wanted, !appSeesDone(file) else { return }
      files[file].row = .queued
      try enqueue(file, &context)
    case .cancelledByApp:
      context.trace(Self.appName(user), "receives cancellation of \(taskName(task))", "by=app")
      if isCurrent { files[file].row = .failed }
    case .cancelledByUser, .none:
      break
    }
  }

  /// A finished transfer: validate, move into place, update the row.
  mutating func receiveCompletion(_ task: Int, file: Int, _ context: inout SimulationContext<Event>)
    throws(SimulationError)
  {
    let user = Int(tasks[task].user)
    let random = context.random
    let attempt = tasks[task].identity
    let key = DrawKey(attempt, TransferDraw.content.purpose)
    let isCurrent = files[file].currentTask == Int32(task)
    if settings.options.workload.kind == .upload {
      if context.fault(
        settings.options.daemon.rejection, DrawKey(attempt, TransferDraw.rejection.purpose))
      {
        files[file].lastStatus = 413
        files[file].rejected = true
        if settings.options.app.stagingDeletion == .afterAnyCompletion {
          files[file].staging = false
          if isCurrent { files[file].row = .done }
          context.trace(Self.appName(user), "upload of \(taskName(task)) answered 413", "staging=deleted row=done")
        } else {
          if isCurrent { files[file].row = .failed }
          context.trace(Self.appName(user), "upload of \(taskName(task)) rejected with 413", "staging=kept row=failed")
        }
        return
      }
      files[file].lastStatus = 200
      store(file, task: task, corrupt: false, &context)
      files[file].staging = false
      return
    }
    // Downloads: what arrived, and what the app's validation notices.
    let draw = random.unit(key)
    var threshold = settings.options.daemon.errorStatus
    var content: Content
    if draw < threshold {
      content = .errorStatus
    } else if draw
      < {
        threshold += settings.options.daemon.errorPage
        return threshold
      }()
    {
      content = .errorPage
    } else if draw
      < {
        threshold += settings.options.daemon.truncated
        return threshold
      }()
    {
      content = .truncated
    } else if draw
      < {
        threshold += settings.options.daemon.corruptedBytes
        return threshold
      }()
    {
      content = .corruptedBytes
    } else {
      content = .good
    }
    // Bad content is a fault: suppressed when shrinking removes it.
    if content != .good && !context.permit(key) { content = .good }
    files[file].lastStatus = content == .errorStatus ? 404 : 200
    if content != .good && content.isDetected(by: settings.options.app.validation) {
      context.trace(Self.appName(user), "rejects the download of \(taskName(task))", "content=\(content)")
      if isCurrent && files[file].wanted { try retry(file, resumeFrom: 0, &context) }
      return
    }
    if settings.options.app.moveTiming == .afterReturn {
      let moveFirst =
        context.choose(
          race: DrawKey(attempt, TransferDraw.moveVsDelete.purpose),
          label: TransferDraw.moveVsDelete.name,
          alternatives: ["system deletes the file first", "app moves the file first"]) == 1
      if !moveFirst {
        if isCurrent { files[file].row = .done }
        context.trace(Self.appName(user), "moves \(taskName(task)) too late", "the temporary file is gone")
        return
      }
    }
    let overlapped = settings.options.app.destinationWrites == .direct && files[file].mostAlive >= 2
    store(file, task: task, corrupt: content != .good || overlapped, &context)
  }

  /// What a finished download holds.
  enum Content: CustomStringConvertible {
    case good
    case errorStatus
    case errorPage
    case truncated
    case corruptedBytes

    func isDetected(by validation: TransferWorldOptions.AppPolicy.Validation) -> Bool {
      switch validation {
      case .none: return false
      case .status: return self == .errorStatus
      case .size: return self != .corruptedBytes
      case .checksum: return true
      }
    }

    var description: String {
      switch self {
      case .good: return "good"
      case .errorStatus: return "HTTP error status"
      case .errorPage: return "error page sent with 200"
      case .truncated: return "truncated body"
      case .corruptedBytes: return "corrupted bytes"
      }
    }
  }

  mutating func store(_ file: Int, task: Int, corrupt: Bool, _ context: inout SimulationContext<Event>) {
    let copy = files[file].stored
    if !copy {
      files[file].storedAt = context.now.nanoseconds
      files[file].usefulBytes = fileSize(file, context.random)
    }
    files[file].stored = true
    files[file].corrupt = files[file].corrupt || corrupt
    // Whichever task delivered it, the file is now on disk: the row says so.
    files[file].row = .done
    // A second copy of a stored file is the duplicate the world measures.
    context.trace(
      Self.appName(Int(tasks[task].user)),
      "stores \(copy ? "a duplicate of " : "")\(fileName(file)) from \(taskName(task))",
      corrupt ? "content=corrupt" : "")
  }

  // MARK: Registry and reconcile

  /// Creates a task for a file and records it in the registry.
  mutating func enqueue(_ file: Int, resumeFrom: UInt64 = 0, _ context: inout SimulationContext<Event>)
    throws(SimulationError)
  {
    guard Int(files[file].attempts) < settings.options.app.maximumAttempts else {
      files[file].row = .failed
      context.trace(
        Self.appName(file / filesPerUser), "gives up on \(fileName(file))", "attempts=\(files[file].attempts)")
      return
    }
    files[file].attempts &+= 1
    let task = try createTask(file, resumeFrom: resumeFrom, &context)
    files[file].row = .active
    files[file].currentTask = Int32(task)
  }

  mutating func retry(_ file: Int, resumeFrom: UInt64, _ context: inout SimulationContext<Event>)
    throws(SimulationError)
  {
    files[file].row = .queued
    try enqueue(file, resumeFrom: resumeFrom, &context)
  }

  /// Whether the app can tell the file needs no transfer: a download is on
  /// disk; an upload's row says done (the app cannot see the server).
  func appSeesDone(_ file: Int) -> Bool {
    settings.options.workload.kind == .download ? files[file].stored : files[file].row == .done
  }

  /// The reconcile at relaunch (seed 000 and 001), with the app's policy
  /// unless another is given.
  mutating func reconcile(
    _ user: Int, as chosen: ReconcilePolicy? = nil, _ context: inout SimulationContext<Event>
  ) throws(SimulationError) {
    let policy = chosen ?? settings.options.app.reconcile
    // The daemon's task list: `getAllTasks` of the connected session.
    var index = apps[user].firstTask
    while index >= 0 {
      let task = tasks[Int(index)]
      if (task.state == .waiting || task.state == .running) && task.session == apps[user].session {
        listed[Int(task.file)] = true
      }
      index = task.nextOfUser
    }
    var enqueued = 0
    for file in fileRange(of: user) {
      let wantedMissing = files[file].wanted && !appSeesDone(file) && files[file].row != .failed
      switch policy {
      case .blind:
        if wantedMissing {
          try enqueue(file, &context)
          enqueued += 1
        }
      case .byIdentifier:
        if wantedMissing && !listed[file] {
          try enqueue(file, &context)
          enqueued += 1
        }
      case .state:
        if files[file].row == .active && !listed[file] { files[file].row = .queued }
        if files[file].row == .queued {
          try enqueue(file, &context)
          enqueued += 1
        }
      }
    }
    for file in fileRange(of: user) { listed[file] = false }
    context.trace(Self.appName(user), "reconciles (\(policy.rawValue))", "enqueued=\(enqueued)")
  }

  /// Races between the relaunch's reconcile and tasks ending around it.
  mutating func resolveRelaunchRaces(_ user: Int, _ context: inout SimulationContext<Event>) throws(SimulationError) {
    let window = settings.options.races.window.nanoseconds
    let now = context.now.nanoseconds
    var candidates: [Int] = []
    var alive: UInt32 = 0
    var index = apps[user].firstTask
    while index >= 0 {
      let task = Int(index)
      if tasks[task].session == apps[user].session {
        if tasks[task].state == .waiting || tasks[task].state == .running { alive &+= 1 }
        if let end = scheduledEnd(of: task), end - now <= window {
          candidates.append(task)
        } else if tasks[task].state == .ended, now - tasks[task].endedAt <= window {
          candidates.append(task)
        }
      }
      index = tasks[task].nextOfUser
    }
    // What the daemon reports to `getAllTasks` as the app reopens.
    apps[user].aliveAtRelaunch = alive
    for task in candidates.reversed() {
      let running = tasks[task].state == .running
      let alternatives =
        running
        ? ["enqueue first", "finish first"] : ["completion delivered first", "reconcile first"]
      let flipped =
        context.choose(
          race: DrawKey(
            RelaunchRaceIdentity(tasks[task].identity, session: apps[user].session),
            TransferDraw.finishVsEnqueue.purpose),
          label: TransferDraw.finishVsEnqueue.name, alternatives: alternatives) == 1
      if running && flipped {
        // The task finishes before the reconcile looks, and its completion
        // reaches the app only after the reconcile.
        try finishTask(task, deliver: false, &context)
        tasks[task].deferred = true
      } else if !running && flipped {
        tasks[task].deferred = true
      }
    }
  }

  // MARK: The user

  mutating func userCancel(_ file: Int, _ context: inout SimulationContext<Event>) throws(SimulationError) {
    let user = file / filesPerUser
    guard apps[user].state == .foreground, files[file].currentTask >= 0 else { return }
    let task = Int(files[file].currentTask)
    guard tasks[task].state == .waiting || tasks[task].state == .running else { return }
    let window = settings.options.races.window.nanoseconds
    let now = context.now.nanoseconds
    if let end = scheduledEnd(of: task), end - now <= window {
      let completionFirst =
        context.choose(
          race: DrawKey(FileIdentity(file: file), TransferDraw.cancelVsCompletion.purpose),
          label: TransferDraw.cancelVsCompletion.name, alternatives: ["cancel first", "completion first"]) == 1
      if completionFirst {
        try finishTask(task, &context)
        context.trace(Self.appName(user), "user cancels \(fileName(file)) too late", "it finished")
        return
      }
    }
    try cancelTask(task, .cancelledByUser, &context)
    tasks[task].state = .closed
    files[file].cancelled = true
    files[file].wanted = false
    if settings.options.app.cancelRemovesRow {
      files[file].row = .none
      files[file].currentTask = -1
      context.trace(Self.appName(user), "user cancels \(fileName(file))", "row removed")
    } else {
      context.trace(Self.appName(user), "user cancels \(fileName(file))", "row kept as active")
    }
  }

  mutating func userRerequest(_ file: Int, _ context: inout SimulationContext<Event>) throws(SimulationError) {
    let user = file / filesPerUser
    files[file].wanted = true
    files[file].requestedAt = context.now.nanoseconds
    files[file].cancelled = false
    guard files[file].row == .none else {
      context.trace(
        Self.appName(user), "user asks again for \(fileName(file))",
        "the registry says it is already coming: nothing enqueued")
      return
    }
    context.trace(Self.appName(user), "user asks again for \(fileName(file))")
    try enqueue(file, &context)
  }
}
