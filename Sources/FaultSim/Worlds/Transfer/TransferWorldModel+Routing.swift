/// How the world routes between the user, the app and the daemon: the
/// user's script, the hand-over of the daemon's endings to the app (now, or
/// after a background wake), and the races at their seams.
extension TransferWorldModel {
  // MARK: The user's script

  /// The user opens the app. On the relaunch, the app first receives the
  /// events that waited for it, then reconciles, then receives the endings
  /// the `finish-vs-enqueue` race held back.
  @inlinable
  mutating func userOpensApp(
    _ user: Int, _ launch: TransferEvent.Launch, _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    try app.open(user, launch, session: &daemon, &context)
    guard launch == .again else { return }
    try resolveRelaunchRaces(user, &context)
    try deliverPending(user, &context)
    try app.reconcile(user, by: .launch, session: &daemon, &context)
    try deliverPending(user, includingDeferred: true, &context)
    // The user asks again, a little later, for what they cancelled.
    for file in settings.files(of: user) where app.isCancelledByUser(file) {
      try context.schedule(TransferEvent(.userAsksAgain(file: UInt32(file)), user: user), after: .seconds(10))
    }
  }

  /// The user leaves the app, which submits its reconcile job (if any).
  @inlinable
  mutating func userLeavesApp(_ user: Int, _ context: inout SimulationContext<TransferEvent>) throws(SimulationError) {
    guard app.moveToBackground(user, &context) else { return }
    if settings.options.reconcileJob != nil { try submitReconcileJob(user, &context) }
  }

  /// The suspended app stops: the system terminates it, or the user
  /// force-quits it (a fault of its own) and the daemon cancels the
  /// session's transfers.
  @inlinable
  mutating func appStops(_ user: Int, _ context: inout SimulationContext<TransferEvent>) {
    guard app.state(of: user) == .suspended else { return }
    switch settings.options.lifecycle.termination {
    case .none:
      return
    case .system:
      app.terminatedBySystem(user, &context)
    case .forceQuit:
      // The force-quit is a fault too: without it, the system terminates.
      guard context.permit(DrawKey(UserIdentity(user: user), TransferDraw.forceQuit.purpose)) else {
        app.terminatedBySystem(user, &context)
        return
      }
      app.forceQuitByUser(user, &context)
      daemon.forceQuit(user, &context)
    }
  }

  /// The user cancels a file's transfer. A completion due within the race
  /// window may cross the cancellation (`cancel-vs-completion`).
  @inlinable
  mutating func userCancels(_ file: Int, _ context: inout SimulationContext<TransferEvent>) throws(SimulationError) {
    let user = file / settings.filesPerUser
    guard app.state(of: user) == .foreground, let task = app.currentTask(of: file) else { return }
    guard daemon.isLive(task) else { return }
    if let end = daemon.scheduledEnd(of: task), end.duration(since: context.now) <= settings.options.races.window {
      let completionFirst =
        context.choose(
          race: DrawKey(FileIdentity(file: file), TransferDraw.cancelVsCompletion.purpose),
          label: TransferDraw.cancelVsCompletion.name, alternatives: ["cancel first", "completion first"]) == 1
      if completionFirst {
        if daemon.finish(task, &context) { try routeEnding(of: task, user: user, &context) }
        context.trace(TransferWorld.appName(user), "user cancels \(settings.fileName(file)) too late", "it finished")
        return
      }
    }
    app.cancelOnUserRequest(file, task: task, session: &daemon, &context)
  }

  // MARK: Endings reaching the app

  /// A task's ending is queued for the app: it arrives now when the app
  /// runs (foreground, or its background task); a suspended app is woken,
  /// a terminated one relaunched when the session sends launch events; a
  /// force-quit app gets nothing until the user opens it.
  @inlinable
  mutating func routeEnding(
    of task: TransferTaskID, user: Int, _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    if app.runsBackgroundTask(user) {
      try deliver(task, &context)
      return
    }
    switch app.state(of: user) {
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

  /// Hands one ended task's event from the daemon to the app's delegate.
  @inlinable
  @inline(__always)
  mutating func deliver(_ task: TransferTaskID, _ context: inout SimulationContext<TransferEvent>)
    throws(SimulationError)
  {
    guard let callback = daemon.collect(task, &context) else { return }
    context.traceMessage(
      from: TransferWorld.daemonName(callback.transfer.file / settings.filesPerUser),
      to: TransferWorld.appName(callback.transfer.file / settings.filesPerUser),
      "\(callback.outcome) \(settings.taskName(callback.transfer))")
    try app.receive(callback, session: &daemon, &context)
  }

  /// Hands the connected session's ended tasks to the app in the order they
  /// ended; deferred ones stay queued unless `includingDeferred`.
  ///
  /// - Complexity: O(queued tasks).
  @inlinable
  @inline(__always)
  mutating func deliverPending(
    _ user: Int, includingDeferred: Bool = false, _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    var cursor = daemon.openDeliveryQueue(of: user)
    while let task = daemon.nextDelivery(&cursor, includingDeferred: includingDeferred) {
      try deliver(task, &context)
    }
  }

  /// Schedules a background wake after the system's growing relaunch
  /// delay: the k-th since the user last opened the app waits
  /// `min(cap, base·2ᵏ)`.
  @inlinable
  mutating func scheduleWake(_ user: Int, _ context: inout SimulationContext<TransferEvent>) throws(SimulationError) {
    guard let wakes = app.scheduleWake(user) else { return }
    try context.schedule(
      TransferEvent(.systemWakesApp, user: user), after: settings.options.lifecycle.wakeDelay(after: wakes))
  }

  /// The system wakes (or relaunches) the app in the background to deliver
  /// transfer events.
  @inlinable
  mutating func systemWakesApp(_ user: Int, _ context: inout SimulationContext<TransferEvent>) throws(SimulationError) {
    app.wakeArrives(user)
    let state = app.state(of: user)
    guard state == .suspended || (state == .terminated && settings.options.lifecycle.sendsLaunchEvents) else { return }
    let relaunched = state == .terminated
    app.wokenInBackground(user, relaunched: relaunched, session: &daemon, &context)
    // Launch code runs: it submits the reconcile job again.
    if relaunched && settings.options.reconcileJob != nil { try submitReconcileJob(user, &context) }
    try deliverPending(user, &context)
    try app.finishBackgroundWake(user, relaunched: relaunched, session: &daemon, &context)
  }

  // MARK: Races

  /// Races between the relaunch's reconcile and tasks ending around it: a
  /// task due within the window may finish first, its completion reaching
  /// the app only after the reconcile; one that just ended may have its
  /// completion delivered after the reconcile.
  @inlinable
  mutating func resolveRelaunchRaces(_ user: Int, _ context: inout SimulationContext<TransferEvent>)
    throws(SimulationError)
  {
    aliveAtRelaunch[user] = daemon.resolveRelaunchRaces(
      user, within: settings.options.races.window, candidates: &raceCandidates, &context)
  }
}
