/// The transfer world's components and its one router, generic over the
/// app (``TransferAppComponent``).
///
/// This is the one code path of the transfer world. ``TransferWorld`` (the
/// scenario files' world) runs it with the built-in app and its built-in
/// decisions; ``CustomTransferWorld`` with the built-in app deciding as
/// given in Swift (``TransferApp``); ``UserCodeTransferWorld`` with your
/// async code as the app (``UserCodeTransferApp``). All three are thin
/// wrappers, so the compiler specialises the model for each app and
/// nothing on the hot path is an existential; and every fault source —
/// the script's kills and reopens, the relaunch races, the daemon's faults
/// and the devices' conditions — reaches every app the same way.
///
/// The components each own their state behind a narrow API, and the model
/// routes the events between them:
/// - the OS transfer daemon (`TransferDaemon`): sessions, tasks, progress
///   under the device's conditions, endings, the delivery queue;
/// - the app (`App`): its lifecycle, its processes, its registry and
///   stored files, reaching the daemon only through its session;
/// - the OS's `BGTaskScheduler` (`SystemTaskScheduler`), for the app's
///   reconcile job.
/// The model itself holds the user's script (open, leave, cancel, ask
/// again), the system's wake-ups, and the races between components.
@usableFromInline
struct TransferWorldModel<App: TransferAppComponent> {
  /// The definition and the names traces give files and tasks.
  @usableFromInline
  let settings: TransferWorld.Settings
  /// The OS transfer daemon of every device.
  @usableFromInline
  var daemon: TransferDaemon
  /// The app of every device.
  @usableFromInline
  var app: App
  /// The OS task scheduler of every device (used by the reconcile job).
  @usableFromInline
  var taskScheduler: SystemTaskScheduler
  /// Device conditions per user, when the options define them or a
  /// reconcile job needs the scheduler.
  @usableFromInline
  var conditions: [DeviceConditions] = []
  /// Per user: the connected session's live tasks when the user last
  /// reopened the app (what `getAllTasks` would report then).
  @usableFromInline
  var aliveAtRelaunch: [UInt32]
  /// Scratch for the relaunch races.
  @usableFromInline
  var raceCandidates: [TransferTaskID] = []

  /// The world of `options` with `app`.
  @inlinable
  init(_ settings: TransferWorld.Settings, app: App) {
    self.settings = settings
    daemon = TransferDaemon(settings)
    self.app = app
    taskScheduler = SystemTaskScheduler(settings.options.scheduler)
    aliveAtRelaunch = Array(repeating: 0, count: settings.options.workload.users)
  }

  /// Restores the initial state for another run, keeping the storage.
  ///
  /// - Complexity: O(users + files).
  @inlinable
  mutating func reset() {
    daemon.reset()
    app.reset()
    taskScheduler.reset(users: 0)
    conditions.removeAll(keepingCapacity: true)
    for index in aliveAtRelaunch.indices { aliveAtRelaunch[index] = 0 }
  }

  /// The user's script and the devices' conditions: every user opens the
  /// app at 0, leaves it, has it terminated and reopens it, by keyed draws.
  @inlinable
  mutating func start(in context: inout SimulationContext<TransferEvent>) throws(SimulationError) {
    try app.start(&context)
    let options = settings.options
    let horizon = VirtualTime(nanoseconds: options.horizon.nanoseconds)
    let random = context.random
    let needsConditions = options.conditions != nil || options.reconcileJob != nil
    for user in 0..<options.workload.users {
      let script = try TransferLifecycleScript.schedule(
        user, options, conditions: needsConditions, horizon: horizon, &context)
      if let device = script.conditions { conditions.append(device) }
      let background = script.background
      // Cancellations happen while the app is open, before it goes to the background.
      if options.app.userCancels > 0 {
        for file in settings.files(of: user) {
          let key = DrawKey(FileIdentity(file: file), TransferDraw.userCancel.purpose)
          guard context.fault(options.app.userCancels, key) else { continue }
          let at = RandomConversion.index(
            random.word(DrawKey(FileIdentity(file: file), TransferDraw.userCancelTime.purpose)),
            below: max(background.nanoseconds, 1))
          try context.schedule(
            TransferEvent(.userCancels(file: UInt32(file)), user: user), at: VirtualTime(nanoseconds: at))
        }
      }
    }
    daemon.follow(conditions)
    if options.reconcileJob != nil { taskScheduler.reset(users: options.workload.users) }
  }

  /// The app's run begins: one that runs code marks its thread for the
  /// run (``TransferAppComponent/beginRun()``).
  @inlinable
  mutating func beginRun(in context: inout SimulationContext<TransferEvent>) throws(SimulationError) {
    try app.beginRun()
  }

  /// Undoes ``beginRun(in:)``, however the run ended.
  @inlinable
  mutating func endRun() {
    app.endRun()
  }

  /// Routes one event to the component it concerns.
  @inlinable
  @inline(__always)
  mutating func handle(_ event: TransferEvent, in context: inout SimulationContext<TransferEvent>)
    throws(SimulationError)
  {
    try app.enterEvent(at: context.now)
    defer { app.leaveEvent() }
    let user = Int(event.user)
    switch event.kind {
    case .userOpensApp(let launch): try userOpensApp(user, launch, &context)
    case .userLeavesApp: try userLeavesApp(user, &context)
    case .appStops: appStops(user, &context)
    case .taskReachesTarget(let task, let generation):
      let ended = daemon.reachTarget(task, generation: generation, user: user, &context)
      try daemon.settleUplinks(&context)
      if ended { try routeEnding(of: task, user: user, &context) }
    case .conditionsChange(let generation): try daemon.conditionsChange(user, generation: generation, &context)
    case .systemWakesApp: try systemWakesApp(user, &context)
    case .userCancels(let file): try userCancels(Int(file), &context)
    case .userAsksAgain(let file): try app.userAsksAgain(Int(file), session: &daemon, &context)
    case .backgroundTaskLaunches(let submission): try reconcileJobLaunches(user, submission: submission, &context)
    case .backgroundTaskEnds(let expired): try reconcileJobEnds(user, expired: expired, &context)
    case .wake(let ticket): app.wake(ticket, user: user)
    }
    try app.settle(session: &daemon, &context)
    try daemon.settleUplinks(&context)
  }

  /// The run is out of events: the app says whether its code still waits.
  @inlinable
  func finish(in context: inout SimulationContext<TransferEvent>) throws(SimulationError) {
    try app.finish(&context)
  }
}

extension TransferWorldModel {
  /// The world of `options` with the built-in app deciding with these
  /// decisions, each prepared for the options
  /// (`ScenarioConfigured`).
  @inlinable
  init<Reconciler, Completion, Job>(
    _ options: TransferWorldOptions, reconciler: Reconciler, completion: Completion, job: Job
  ) where App == TransferApp<Reconciler, Completion, Job> {
    let settings = TransferWorld.Settings(options)
    self.init(
      settings,
      app: TransferApp(
        settings, decisions: TransferAppDecisions(options, reconciler: reconciler, completion: completion, job: job)))
  }
}
