/// How the world routes between the user, the app and the daemon: the
/// user's script, the hand-over of the daemon's endings to the app (now, or
/// after a background wake), and the races at their seams.
extension TransferWorldModel {
  // MARK: The user's script

  /// The user opens the app. On a reopen, the relaunch races are answered
  /// before the app looks at its tasks: a task due within the window may
  /// finish first, its completion reaching the app only afterwards.
  @inlinable
  mutating func userOpensApp(
    _ user: Int, _ launch: TransferEvent.Launch, _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    try app.userOpens(user, launch, session: &daemon, &context)
    guard launch == .again else { return }
    try resolveRelaunchRaces(user, &context)
    try app.reopened(user, session: &daemon, &context)
  }

  /// The user leaves the app, which submits its reconcile job (if any).
  @inlinable
  mutating func userLeavesApp(_ user: Int, _ context: inout SimulationContext<TransferEvent>) throws(SimulationError) {
    guard try app.userLeaves(user, &context) else { return }
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
      app.terminatedBySystem(user, session: &daemon, &context)
    case .forceQuit:
      // The force-quit is a fault too: without it, the system terminates.
      guard context.permit(DrawKey(UserIdentity(user: user), TransferDraw.forceQuit.purpose)) else {
        app.terminatedBySystem(user, session: &daemon, &context)
        return
      }
      app.forceQuitByUser(user, session: &daemon, &context)
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
  /// runs (foreground, or in the background); a suspended app is woken, a
  /// terminated one relaunched when the session sends launch events; a
  /// force-quit app gets nothing until the user opens it.
  @inlinable
  @inline(__always)
  mutating func routeEnding(
    of task: TransferTaskID, user: Int, _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    if app.receivesEndings(user) {
      try app.endingArrives(task, user: user, session: &daemon, &context)
      return
    }
    switch app.state(of: user) {
    case .suspended:
      try scheduleWake(user, &context)
    case .terminated:
      if settings.options.lifecycle.sendsLaunchEvents { try scheduleWake(user, &context) }
    case .foreground, .forceQuit:
      break
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
    try app.wokenInBackground(user, relaunched: relaunched, session: &daemon, &context)
    // Launch code runs: it submits the reconcile job again.
    if relaunched && settings.options.reconcileJob != nil { try submitReconcileJob(user, &context) }
    try app.runBackgroundWake(user, relaunched: relaunched, session: &daemon, &context)
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
