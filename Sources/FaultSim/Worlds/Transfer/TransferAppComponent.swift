/// The app side of the transfer world, as the one router
/// (``TransferWorldModel``) drives it: what the app does when the user
/// opens or leaves it, when the system stops, wakes or relaunches it, and
/// when the daemon has an ending for it.
///
/// Two apps implement it. ``TransferApp`` is the built-in app, whose
/// decisions are built in or given in Swift (``TransferWorld``,
/// ``CustomTransferWorld``); ``UserCodeTransferApp`` runs your
/// ``BackgroundTransferApp`` on the deterministic runtime
/// (``UserCodeTransferWorld``). The router owns the script, the system's
/// wake-ups, the force-quit draw, the relaunch races and the OS task
/// scheduler, so every one of them reaches both apps the same way; the app
/// owns its lifecycle, its processes and what it stored, and answers with
/// these verbs.
///
/// The model is generic over its app, so the built-in app is specialised
/// and nothing on the hot path is an existential.
///
/// The lifecycle the router sees is ``AppLifecycle/State``: an app that
/// runs code in the background (woken for transfer events) reads as
/// ``AppLifecycle/State/foreground`` — it receives endings at once, and it
/// can be neither stopped nor woken.
@usableFromInline
protocol TransferAppComponent {
  /// The app's reconcile job, when it has one (the router submits it and
  /// runs it through the OS task scheduler).
  var jobSchedule: ReconcileJobSchedule? { get }

  /// Restores the initial state for another run, keeping the storage.
  mutating func reset()

  /// Prepares a run, before the script is scheduled.
  ///
  /// - Throws: ``SimulationError/model(_:)`` when the scenario asks for
  ///   something this app cannot do (the scenario's checks refuse it
  ///   earlier, with its file and key).
  mutating func start(_ context: inout SimulationContext<TransferEvent>) throws(SimulationError)

  /// A run begins (before ``start(_:)``): an app that runs code marks its
  /// thread for its runtime here, once per run, so that each event's
  /// ``enterEvent(at:)`` is a counter's step instead of thread-local calls.
  mutating func beginRun() throws(SimulationError)

  /// The run has ended, however it ended: undoes ``beginRun()``.
  mutating func endRun()

  /// An event is about to be routed at `now`.
  mutating func enterEvent(at now: VirtualTime) throws(SimulationError)

  /// The event has been routed (or routing it threw).
  mutating func leaveEvent()

  /// After each event: the app runs what the event made ready.
  mutating func settle(session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>)
    throws(SimulationError)

  /// The run is out of events: an app still waiting on something the
  /// simulation does not drive is an escape.
  func finish(_ context: inout SimulationContext<TransferEvent>) throws(SimulationError)

  /// Where the user's app is, as the router sees it.
  func state(of user: Int) -> AppLifecycle.State

  /// Whether an ending reaches the user's app at once (it runs code).
  func receivesEndings(_ user: Int) -> Bool

  /// The user opens the app (for the first time, or again): the part before
  /// the relaunch races.
  mutating func userOpens(
    _ user: Int, _ launch: TransferEvent.Launch, session: inout TransferDaemon,
    _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError)

  /// The user has opened the app again and the relaunch races are
  /// answered: the app looks at its tasks and receives what waited.
  mutating func reopened(_ user: Int, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>)
    throws(SimulationError)

  /// The user leaves the app, or the app's time in the background is up.
  ///
  /// - Returns: Whether the user left a foreground app (its launch code's
  ///   reconcile job is submitted then).
  mutating func userLeaves(_ user: Int, _ context: inout SimulationContext<TransferEvent>) throws(SimulationError)
    -> Bool

  /// The system terminates the suspended app; its transfers go on.
  mutating func terminatedBySystem(
    _ user: Int, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>)

  /// The user force-quits the suspended app (the router has the daemon
  /// cancel the session's transfers).
  mutating func forceQuitByUser(
    _ user: Int, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>)

  /// Marks a background wake scheduled.
  ///
  /// - Returns: The background wakes since the user last opened the app
  ///   (the system's delay grows with them), or `nil` when a wake is
  ///   already scheduled.
  mutating func scheduleWake(_ user: Int) -> UInt32?

  /// The scheduled wake arrives (whether or not the app can be woken).
  mutating func wakeArrives(_ user: Int)

  /// The system wakes the suspended app, or relaunches the terminated one,
  /// in the background for transfer events.
  mutating func wokenInBackground(
    _ user: Int, relaunched: Bool, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError)

  /// The background wake's events reach the app.
  mutating func runBackgroundWake(
    _ user: Int, relaunched: Bool, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError)

  /// A task's ending is ready while the app runs: it reaches the app.
  mutating func endingArrives(
    _ task: TransferTaskID, user: Int, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError)

  /// The endings the daemon queued for the user reach the app, in the
  /// order they ended.
  mutating func deliverPending(
    _ user: Int, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError)

  /// A sleep of the app's code ends.
  mutating func wake(_ ticket: SleepTicket, user: Int)

  // MARK: The user's cancellations

  /// The task of the file the user can cancel in the app, if any.
  func currentTask(of file: Int) -> TransferTaskID?

  /// Whether the user cancelled the file and has not asked for it again.
  func isCancelledByUser(_ file: Int) -> Bool

  /// The user cancels the file's live task in the app.
  mutating func cancelOnUserRequest(
    _ file: Int, task: TransferTaskID, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>)

  /// The user asks again for a file they cancelled.
  mutating func userAsksAgain(
    _ file: Int, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>)
    throws(SimulationError)

  // MARK: The reconcile job

  /// The OS task scheduler launches the app for its background task.
  mutating func launchedForBackgroundTask(
    _ user: Int, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>)

  /// The background task runs for `runtime`.
  mutating func beginBackgroundTask(_ user: Int, runtime: VirtualDuration)

  /// The background task ends.
  ///
  /// - Returns: Whether one was running.
  mutating func endBackgroundTask(_ user: Int) -> Bool

  /// The job's work completed.
  mutating func reconcileJobCompleted(
    _ user: Int, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError)

  /// The job's expiration handler runs.
  ///
  /// - Returns: The tasks it cancelled, whose cancellations reach the app.
  mutating func reconcileJobExpired(
    _ user: Int, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>
  ) -> [TransferTaskID]

  // MARK: Results

  /// Adds what the app stored, per file, to `metrics`, against the
  /// daemon's records of the same files.
  ///
  /// - Returns: The bytes of good stored copies (the useful part of what
  ///   the daemon moved).
  func recordFiles(into metrics: inout TransferMetrics, daemonFiles: [DaemonFileRecord]) -> UInt64

  /// Adds the app's background wakes and background time to `metrics`.
  func recordLifecycles(into metrics: inout TransferMetrics)

  /// Each file's final state, in file order, against the daemon's records.
  func finalStates(daemonFiles: [DaemonFileRecord]) -> [TransferFileOutcome]
}
