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
/// Its decisions — the reconcile, the completion handler, the background
/// task's work and expiration handler — are ``TransferAppDecisions``, generic
/// over the three a user may replace; this type is the mechanism that
/// carries them out.
@usableFromInline
struct TransferApp<Reconciler: TransferReconciler, Completion: TransferCompletionHandler, Job: ReconcileJobHandler> {
  @usableFromInline
  let settings: TransferWorld.Settings
  @usableFromInline
  var decisions: TransferAppDecisions<Reconciler, Completion, Job>
  /// Per device.
  @usableFromInline
  var lifecycles: CacheLineArray<AppLifecycle>
  /// Per file: its registry row and what really became of it.
  @usableFromInline
  var records: CacheLineArray<AppFileRecord>
  /// Per file: when the user asked for it (the first request, or again
  /// after cancelling). Apart from the records, which it would not fit:
  /// only the first enqueue, a request again and the metrics read it.
  @usableFromInline
  var requestedAt: [VirtualTime]
  /// Scratch for `getAllTasks`.
  @usableFromInline
  var taskList: [TransferTaskSnapshot] = []
  /// Scratch for one reconcile: `getAllTasks` grouped by file.
  @usableFromInline
  var listed = ListedTasks()

  /// The app of every device, deciding with `decisions`.
  @inlinable
  init(_ settings: TransferWorld.Settings, decisions: TransferAppDecisions<Reconciler, Completion, Job>) {
    self.settings = settings
    self.decisions = decisions
    let workload = settings.options.workload
    lifecycles = CacheLineArray(repeating: AppLifecycle(), count: workload.users)
    records = CacheLineArray(repeating: AppFileRecord(), count: workload.users * workload.filesPerUser)
    requestedAt = Array(repeating: .zero, count: workload.users * workload.filesPerUser)
  }

  /// Restores the initial state for another run, keeping the storage.
  @inlinable
  mutating func reset() {
    lifecycles.update(repeating: AppLifecycle())
    records.update(repeating: AppFileRecord())
    for index in requestedAt.indices { requestedAt[index] = .zero }
    decisions.reset()
  }

  /// The user's files as a range of file indices.
  @inlinable
  func files(of user: Int) -> Range<Int> { settings.files(of: user) }

  /// Where the user's app process is.
  @inlinable
  func state(of user: Int) -> AppLifecycle.State { lifecycles[user].state }

  /// Whether the user's app is running its background task.
  @inlinable
  func runsBackgroundTask(_ user: Int) -> Bool { lifecycles[user].runsBackgroundTask }

  /// The task the file's row refers to, if any.
  @inlinable
  func currentTask(of file: Int) -> TransferTaskID? { records[file].row.currentTask }

  /// Whether the user cancelled the file and has not asked for it again.
  @inlinable
  func isCancelledByUser(_ file: Int) -> Bool { records[file].row.cancelled && !records[file].row.wanted }

  // MARK: Lifecycle

  /// The user opens the app: it connects to a fresh session if its policy
  /// says so, and on the first launch enqueues every file.
  @inlinable
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
    var lifecycle = lifecycles[user]
    lifecycle.state = .foreground
    lifecycle.backgroundWakes = 0
    lifecycles[user] = lifecycle
    guard launch == .first else { return }
    for file in files(of: user) { try enqueue(file, session: &session, &context) }
  }

  /// A fresh session identifier: every task of the old one is orphaned.
  @inlinable
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
  @inlinable
  mutating func moveToBackground(_ user: Int, _ context: inout SimulationContext<TransferEvent>) -> Bool {
    guard lifecycles[user].state == .foreground else { return false }
    lifecycles[user].state = .suspended
    context.trace(TransferWorld.appName(user), "goes to the background, suspended")
    return true
  }

  /// The system terminates the suspended app; its transfers go on.
  @inlinable
  mutating func terminatedBySystem(_ user: Int, _ context: inout SimulationContext<TransferEvent>) {
    lifecycles[user].state = .terminated
    context.trace(TransferWorld.appName(user), "terminated by the system", "transfers go on")
  }

  /// The user force-quits the app (the daemon cancels its transfers).
  @inlinable
  mutating func forceQuitByUser(_ user: Int, _ context: inout SimulationContext<TransferEvent>) {
    lifecycles[user].state = .forceQuit
    context.trace(TransferWorld.appName(user), "force-quit by the user", "the session's transfers are cancelled")
  }

  /// Marks a background wake scheduled.
  ///
  /// - Returns: The background wakes since the user last opened the app
  ///   (the system's delay grows with them), or `nil` when a wake is
  ///   already scheduled.
  @inlinable
  mutating func scheduleWake(_ user: Int) -> UInt32? {
    guard !lifecycles[user].wakePending else { return nil }
    lifecycles[user].wakePending = true
    return lifecycles[user].backgroundWakes
  }

  /// The scheduled wake arrives (whether or not the app can be woken).
  @inlinable
  mutating func wakeArrives(_ user: Int) {
    lifecycles[user].wakePending = false
  }

  /// The system wakes the suspended app, or relaunches the terminated one,
  /// in the background to deliver transfer events: it runs for a while; a
  /// relaunched app starts its launch code (a fresh session if its policy
  /// says so).
  @inlinable
  mutating func wokenInBackground(
    _ user: Int, relaunched: Bool, session: inout some BackgroundTransferSession,
    _ context: inout SimulationContext<TransferEvent>
  ) {
    var lifecycle = lifecycles[user]
    lifecycle.wakeUps &+= 1
    lifecycle.backgroundWakes &+= 1
    lifecycle.backgroundRuntime.nanoseconds &+= settings.options.lifecycle.backgroundWorkPerWake.nanoseconds
    lifecycles[user] = lifecycle
    if relaunched {
      context.trace(TransferWorld.appName(user), "relaunched in the background for transfer events")
      if decisions.sessionIdentifier == .freshPerLaunch { startFreshSession(user, session: &session, &context) }
    } else {
      context.trace(TransferWorld.appName(user), "woken in the background for transfer events")
    }
  }

  /// The background wake's events are delivered: a relaunched app whose
  /// policy says so reconciles; then it is suspended again.
  @inlinable
  mutating func finishBackgroundWake(
    _ user: Int, relaunched: Bool, session: inout some BackgroundTransferSession,
    _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    if decisions.reconcilesOnBackgroundLaunch && relaunched {
      try reconcile(user, by: .launch, session: &session, &context)
    }
    lifecycles[user].state = .suspended
  }
}
