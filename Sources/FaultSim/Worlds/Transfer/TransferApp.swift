/// The app on every device of the world: its lifecycle (``AppLifecycle``),
/// its registry (``RegistryRow``, the app's persisted belief) and what it
/// stored (``FileResult``), per file in an ``AppFileRecord``.
///
/// It reaches the OS transfer daemon only through a
/// ``BackgroundTransferSession`` the world hands it for the call — create,
/// cancel, `getAllTasks` — and learns how tasks ended only from the
/// ``TransferCallback`` messages the world routes to ``receive(_:session:_:)``.
/// It never reads or edits a daemon task, and nothing else edits its rows.
///
/// Its decisions — the relaunch reconcile, completion handling, the
/// background task's work — are ``TransferAppDecisions`` values; this type
/// is the mechanism that carries them out.
struct TransferApp {
  let settings: TransferWorld.Settings
  let decisions: TransferAppDecisions
  /// Per device.
  var lifecycles: [AppLifecycle]
  /// Per file: its registry row and what really became of it.
  var records: [AppFileRecord]
  /// Per file, scratch for one reconcile: listed by the daemon.
  var listed: [Bool]
  /// Scratch for `getAllTasks`.
  var taskList: [TransferTaskSnapshot] = []

  init(_ settings: TransferWorld.Settings) {
    self.settings = settings
    decisions = TransferAppDecisions(settings.options)
    let workload = settings.options.workload
    let files = workload.users * workload.filesPerUser
    lifecycles = Array(repeating: AppLifecycle(), count: workload.users)
    records = Array(repeating: AppFileRecord(), count: files)
    listed = Array(repeating: false, count: files)
  }

  /// Restores the initial state for another run, keeping the storage.
  mutating func reset() {
    for index in lifecycles.indices { lifecycles[index] = AppLifecycle() }
    for index in records.indices { records[index] = AppFileRecord() }
    for index in listed.indices { listed[index] = false }
  }

  /// The user's files as a range of file indices.
  func files(of user: Int) -> Range<Int> { settings.files(of: user) }

  /// Where the user's app process is.
  func state(of user: Int) -> AppLifecycle.State { lifecycles[user].state }

  /// Whether the user's app is running its background task.
  func runsBackgroundTask(_ user: Int) -> Bool { lifecycles[user].runsBackgroundTask }

  /// The task the file's row refers to, if any.
  func currentTask(of file: Int) -> TransferTaskID? { records[file].row.currentTask }

  /// Whether the user cancelled the file and has not asked for it again.
  func isCancelledByUser(_ file: Int) -> Bool { records[file].row.cancelled && !records[file].row.wanted }

  // MARK: Lifecycle

  /// The user opens the app: it connects to a fresh session if its policy
  /// says so, and on the first launch enqueues every file.
  mutating func open(
    _ user: Int, _ launch: TransferEvent.Launch, session: inout some BackgroundTransferSession,
    _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    context.trace(
      TransferWorld.appName(user), launch == .first ? "user opens the app" : "user reopens the app")
    let processAlive = lifecycles[user].state == .foreground || lifecycles[user].state == .suspended
    if launch == .again && decisions.sessionIdentifier == .freshPerLaunch && !processAlive {
      startFreshSession(user, session: &session, &context)
    }
    lifecycles[user].state = .foreground
    lifecycles[user].backgroundWakes = 0
    guard launch == .first else { return }
    for file in files(of: user) { try enqueue(file, session: &session, &context) }
  }

  /// A fresh session identifier: every task of the old one is orphaned.
  mutating func startFreshSession(
    _ user: Int, session: inout some BackgroundTransferSession, _ context: inout SimulationContext<TransferEvent>
  ) {
    lifecycles[user].session = lifecycles[user].session.next
    session.connect(user: user, to: lifecycles[user].session)
    context.trace(TransferWorld.appName(user), "new session identifier", "session=\(lifecycles[user].session)")
  }

  /// The user leaves the app.
  ///
  /// - Returns: Whether it was in the foreground (and is now suspended).
  mutating func moveToBackground(_ user: Int, _ context: inout SimulationContext<TransferEvent>) -> Bool {
    guard lifecycles[user].state == .foreground else { return false }
    lifecycles[user].state = .suspended
    context.trace(TransferWorld.appName(user), "goes to the background, suspended")
    return true
  }

  /// The system terminates the suspended app; its transfers go on.
  mutating func terminatedBySystem(_ user: Int, _ context: inout SimulationContext<TransferEvent>) {
    lifecycles[user].state = .terminated
    context.trace(TransferWorld.appName(user), "terminated by the system", "transfers go on")
  }

  /// The user force-quits the app (the daemon cancels its transfers).
  mutating func forceQuitByUser(_ user: Int, _ context: inout SimulationContext<TransferEvent>) {
    lifecycles[user].state = .forceQuit
    context.trace(TransferWorld.appName(user), "force-quit by the user", "the session's transfers are cancelled")
  }

  /// Marks a background wake scheduled.
  ///
  /// - Returns: The background wakes since the user last opened the app
  ///   (the system's delay grows with them), or `nil` when a wake is
  ///   already scheduled.
  mutating func scheduleWake(_ user: Int) -> UInt32? {
    guard !lifecycles[user].wakePending else { return nil }
    lifecycles[user].wakePending = true
    return lifecycles[user].backgroundWakes
  }

  /// The scheduled wake arrives (whether or not the app can be woken).
  mutating func wakeArrives(_ user: Int) {
    lifecycles[user].wakePending = false
  }

  /// The system wakes the suspended app, or relaunches the terminated one,
  /// in the background to deliver transfer events: it runs for a while; a
  /// relaunched app starts its launch code (a fresh session if its policy
  /// says so).
  mutating func wokenInBackground(
    _ user: Int, relaunched: Bool, session: inout some BackgroundTransferSession,
    _ context: inout SimulationContext<TransferEvent>
  ) {
    lifecycles[user].wakeUps &+= 1
    lifecycles[user].backgroundWakes &+= 1
    lifecycles[user].backgroundRuntime.nanoseconds &+= settings.options.lifecycle.backgroundWorkPerWake.nanoseconds
    if relaunched {
      context.trace(TransferWorld.appName(user), "relaunched in the background for transfer events")
      if decisions.sessionIdentifier == .freshPerLaunch { startFreshSession(user, session: &session, &context) }
    } else {
      context.trace(TransferWorld.appName(user), "woken in the background for transfer events")
    }
  }

  /// The background wake's events are delivered: a relaunched app whose
  /// policy says so reconciles; then it is suspended again.
  mutating func finishBackgroundWake(
    _ user: Int, relaunched: Bool, session: inout some BackgroundTransferSession,
    _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    if decisions.reconcilesOnBackgroundLaunch && relaunched { try reconcile(user, session: &session, &context) }
    lifecycles[user].state = .suspended
  }
}
