/// The background-transfer world (SPEC §4.2, seeds 000 and 001): on each of
/// many independent devices, an app hands transfers to the OS transfer
/// daemon, goes to the background, is terminated or force-quit, and is
/// reopened; its registry (a persisted copy of what it believes) is
/// reconciled with what the daemon really did.
///
/// The world is made of components, each owning its state behind a narrow
/// API, and routes the events between them:
/// - the OS transfer daemon (`TransferDaemon`): sessions, tasks, progress
///   under the device's conditions, endings, the delivery queue;
/// - the app (`TransferApp`): its lifecycle, registry and stored files,
///   reaching the daemon only through its background session
///   (`BackgroundTransferSession`) and learning of endings only from
///   callback messages (`TransferCallback`); its decisions are
///   `TransferAppDecisions`;
/// - the OS's `BGTaskScheduler` (`SystemTaskScheduler`), for the app's
///   reconcile job.
/// The world itself holds the user's script (open, leave, cancel, ask
/// again), the system's wake-ups, and the races between components.
///
/// Every random decision is a keyed draw on what it decides about — a user,
/// a file, or a file's n-th transfer (``TransferDraw``) — never on a task's
/// slot in the daemon's table, so two interleavings of one seed see the same
/// faults and one user's race choice leaves every other user's draws as they
/// were.
///
/// Races marked for the engine:
/// - a task finishing around the moment the reopened app reconciles
///   (`finish-vs-enqueue`, seed `bitme-ve-kuyruk`): the reconcile sees the
///   task, or it has already left the daemon's list while its completion has
///   not reached the app;
/// - a user's cancellation crossing the task's completion
///   (`cancel-vs-completion`);
/// - an app that moves a finished download after its delegate returns,
///   against the system deleting the temporary file (`move-vs-delete`).
public struct TransferWorld: SimulationModel {
  /// The world's events (``TransferEvent``): the user and the system act on the
  /// app's lifecycle, the daemon's tasks progress and end, the OS task
  /// scheduler launches and ends the app's background task.
  public typealias Event = TransferEvent

  /// The world's definition.
  public var options: TransferWorldOptions { settings.options }
  let settings: Settings
  /// The OS transfer daemon of every device.
  var daemon: TransferDaemon
  /// The app of every device.
  var app: TransferApp
  /// The OS task scheduler of every device (used by the reconcile job).
  var taskScheduler: SystemTaskScheduler
  /// Device conditions per user, when the options define them or a
  /// reconcile job needs the scheduler.
  var conditions: [DeviceConditions] = []
  /// Per user: the connected session's live tasks when the user last
  /// reopened the app (what `getAllTasks` would report then).
  var aliveAtRelaunch: [UInt32]
  /// Scratch for the relaunch races.
  var raceCandidates: [TransferTaskID] = []

  /// Immutable options shared by reference (see `RequestWorld.Settings`),
  /// with the names traces give files and tasks.
  final class Settings: Sendable {
    let options: TransferWorldOptions
    /// Derived once: read on every rate computation.
    let hasConditionTimelines: Bool
    let filesPerUser: Int

    init(_ options: TransferWorldOptions) {
      self.options = options
      hasConditionTimelines = options.conditions != nil
      filesPerUser = options.workload.filesPerUser
    }

    /// The user's files as a range of file indices.
    func files(of user: Int) -> Range<Int> {
      (user * filesPerUser)..<((user + 1) * filesPerUser)
    }

    /// `u3/f7`: a file's name in traces and reports.
    func fileName(_ file: Int) -> String {
      "u\(file / filesPerUser)/f\(file % filesPerUser)"
    }

    /// `u3/f7#2`: a task's name in traces, by what it is (the file's second
    /// transfer), never by its slot in the task table.
    func taskName(_ transfer: TransferAttemptIdentity) -> String {
      "\(fileName(transfer.file))#\(transfer.attempt)"
    }
  }

  /// Creates the world in its initial state.
  public init(_ options: TransferWorldOptions) {
    settings = Settings(options)
    daemon = TransferDaemon(settings)
    app = TransferApp(settings)
    taskScheduler = SystemTaskScheduler(options.scheduler)
    aliveAtRelaunch = Array(repeating: 0, count: options.workload.users)
  }

  /// Restores the initial state for another run, keeping the storage.
  public mutating func reset() {
    daemon.reset()
    app.reset()
    taskScheduler.reset(users: 0)
    conditions.removeAll(keepingCapacity: true)
    for index in aliveAtRelaunch.indices { aliveAtRelaunch[index] = 0 }
  }

  /// The user's script and the devices' conditions: every user opens the
  /// app at 0, leaves it, has it terminated and reopens it, by keyed draws.
  public mutating func start(in context: inout SimulationContext<Event>) throws(SimulationError) {
    let options = settings.options
    let horizon = VirtualTime(nanoseconds: options.horizon.nanoseconds)
    let random = context.random
    let needsConditions = options.conditions != nil || options.reconcileJob != nil
    for user in 0..<options.workload.users {
      let identity = UserIdentity(user: user)
      try context.schedule(TransferEvent(.userOpensApp(.first), user: user), at: .zero)
      let background = VirtualTime(
        nanoseconds: options.lifecycle.backgroundAt.sample(
          random.word(DrawKey(identity, TransferDraw.backgroundAt.purpose))))
      try context.schedule(TransferEvent(.userLeavesApp, user: user), at: background)
      var termination: VirtualTime?
      if options.lifecycle.termination != .none {
        let end = VirtualTime(
          nanoseconds: options.lifecycle.terminationAt.sample(
            random.word(DrawKey(identity, TransferDraw.terminationAt.purpose))))
        termination = max(end, background)
        try context.schedule(TransferEvent(.appStops, user: user), at: max(end, background))
      }
      let relaunch = max(
        background,
        VirtualTime(
          nanoseconds: options.lifecycle.relaunchAt.sample(
            random.word(DrawKey(identity, TransferDraw.relaunchAt.purpose)))))
      if needsConditions {
        // The drawn network, charging and battery timelines, with the app's
        // own script for when it is in the foreground or force-quit.
        var device =
          options.conditions.map {
            DeviceConditions.generate($0, horizon: horizon, user: identity, random: random)
          } ?? DeviceConditions(horizon: horizon, charging: ConditionPeriods(from: .zero, until: horizon))
        device.foreground = ConditionPeriods([
          ConditionPeriod(start: .zero, end: background),
          ConditionPeriod(start: relaunch, end: horizon),
        ])
        device.forceQuit =
          options.lifecycle.termination == .forceQuit && termination.map({ $0 < relaunch }) == true
          ? ConditionPeriods(from: termination ?? relaunch, until: relaunch)
          : ConditionPeriods()
        conditions.append(device)
      }
      for _ in 0..<max(1, options.lifecycle.relaunches) {
        try context.schedule(TransferEvent(.userOpensApp(.again), user: user), at: relaunch)
      }
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
    daemon.conditions = conditions
    if options.reconcileJob != nil { taskScheduler.reset(users: options.workload.users) }
  }

  /// Routes one event to the component it concerns.
  public mutating func handle(_ event: Event, in context: inout SimulationContext<Event>) throws(SimulationError) {
    let user = Int(event.user)
    switch event.kind {
    case .userOpensApp(let launch): try userOpensApp(user, launch, &context)
    case .userLeavesApp: try userLeavesApp(user, &context)
    case .appStops: appStops(user, &context)
    case .taskReachesTarget(let task, let generation):
      if daemon.reachTarget(task, generation: generation, &context) { try routeEnding(of: task, user: user, &context) }
    case .conditionsChange(let generation): try daemon.conditionsChange(user, generation: generation, &context)
    case .systemWakesApp: try systemWakesApp(user, &context)
    case .userCancels(let file): try userCancels(Int(file), &context)
    case .userAsksAgain(let file): try app.userAsksAgain(Int(file), session: &daemon, &context)
    case .backgroundTaskLaunches(let submission): try reconcileJobLaunches(user, submission: submission, &context)
    case .backgroundTaskEnds(let expired): try reconcileJobEnds(user, expired: expired, &context)
    }
  }

  static func appName(_ user: Int) -> String { "app#\(user)" }
  static func daemonName(_ user: Int) -> String { "daemon#\(user)" }
}
