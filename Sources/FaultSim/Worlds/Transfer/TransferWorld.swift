/// The background-transfer world (SPEC §4.2, seeds 000 and 001): on each of
/// many independent devices, an app hands transfers to the OS transfer
/// daemon, goes to the background, is terminated or force-quit, and is
/// reopened; its registry (a persisted copy of what it believes) is
/// reconciled with what the daemon really did.
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
  public typealias Event = TransferEvent

  /// The world's definition.
  public var options: TransferWorldOptions { settings.options }
  let settings: Settings
  var apps: [AppRecord]
  var files: [FileRecord]
  var tasks: [DaemonTask] = []
  /// Device conditions per user, when the options define them or a
  /// reconcile job needs the scheduler.
  var conditions: [DeviceConditions] = []
  /// Whether network and charging vary (else: always Wi-Fi, plugged in).
  var hasConditionTimelines: Bool { settings.hasConditionTimelines }
  /// Per-file scratch flags for a reconcile's "listed by the daemon" set.
  var listed: [Bool]
  /// Bytes every task moved, summed as they move.
  var bytesMoved: UInt64 = 0
  /// Each user's pending background task requests.
  var pendingRequests: [PendingTaskRequests] = []

  /// Immutable options shared by reference (see `RequestWorld.Settings`).
  final class Settings: Sendable {
    let options: TransferWorldOptions
    /// Derived once: read on every rate computation.
    let hasConditionTimelines: Bool

    init(_ options: TransferWorldOptions) {
      self.options = options
      hasConditionTimelines = options.conditions != nil
    }
  }

  /// Creates the world in its initial state.
  public init(_ options: TransferWorldOptions) {
    settings = Settings(options)
    let users = options.workload.users
    let fileCount = users * options.workload.filesPerUser
    apps = Array(repeating: AppRecord(), count: users)
    files = Array(repeating: FileRecord(), count: fileCount)
    listed = Array(repeating: false, count: fileCount)
  }

  /// Restores the initial state for another run, keeping the storage.
  public mutating func reset() {
    for index in apps.indices { apps[index] = AppRecord() }
    for index in files.indices {
      files[index] = FileRecord()
      listed[index] = false
    }
    tasks.removeAll(keepingCapacity: true)
    conditions.removeAll(keepingCapacity: true)
    pendingRequests.removeAll(keepingCapacity: true)
    bytesMoved = 0
  }

  var filesPerUser: Int { settings.options.workload.filesPerUser }

  /// The user's files as a range of file indices.
  func fileRange(of user: Int) -> Range<Int> {
    (user * filesPerUser)..<((user + 1) * filesPerUser)
  }

  public mutating func start(in context: inout SimulationContext<Event>) throws(SimulationError) {
    let options = settings.options
    let horizon = VirtualTime(nanoseconds: options.horizon.nanoseconds)
    let random = context.random
    let needsConditions = options.conditions != nil || options.reconcileJob != nil
    for user in apps.indices {
      let identity = UserIdentity(user: user)
      let id = UInt32(user)
      try context.schedule(TransferEvent(.userLaunch, user: id), at: .zero)
      let background = options.lifecycle.backgroundAt.sample(
        random.word(DrawKey(identity, TransferDraw.backgroundAt.purpose)))
      try context.schedule(TransferEvent(.goBackground, user: id), at: VirtualTime(nanoseconds: background))
      var termination: UInt64?
      if options.lifecycle.termination != .none {
        let end = options.lifecycle.terminationAt.sample(
          random.word(DrawKey(identity, TransferDraw.terminationAt.purpose)))
        termination = max(end, background)
        try context.schedule(TransferEvent(.terminate, user: id), at: VirtualTime(nanoseconds: max(end, background)))
      }
      let relaunch = max(
        background, options.lifecycle.relaunchAt.sample(random.word(DrawKey(identity, TransferDraw.relaunchAt.purpose)))
      )
      if needsConditions {
        // The drawn network, charging and battery timelines, with the app's
        // own script for when it is in the foreground or force-quit.
        var device =
          options.conditions.map {
            DeviceConditions.generate($0, horizon: horizon, user: identity, random: random)
          } ?? DeviceConditions(horizon: horizon, charging: ConditionPeriods(from: .zero, until: horizon))
        device.foreground = ConditionPeriods([
          ConditionPeriod(start: .zero, end: VirtualTime(nanoseconds: background)),
          ConditionPeriod(start: VirtualTime(nanoseconds: relaunch), end: horizon),
        ])
        device.forceQuit =
          options.lifecycle.termination == .forceQuit && termination.map({ $0 < relaunch }) == true
          ? ConditionPeriods(
            from: VirtualTime(nanoseconds: termination ?? relaunch), until: VirtualTime(nanoseconds: relaunch))
          : ConditionPeriods()
        conditions.append(device)
        pendingRequests.append(PendingTaskRequests(user: identity))
      }
      for _ in 0..<max(1, options.lifecycle.relaunches) {
        try context.schedule(
          TransferEvent(.userLaunch, user: id, generation: 1), at: VirtualTime(nanoseconds: relaunch))
      }
      // Cancellations happen while the app is open, before it goes to the background.
      if options.app.userCancels > 0 {
        for file in fileRange(of: user) {
          let key = DrawKey(FileIdentity(file: file), TransferDraw.userCancel.purpose)
          guard context.fault(options.app.userCancels, key) else { continue }
          let at = RandomConversion.index(
            random.word(DrawKey(FileIdentity(file: file), TransferDraw.userCancelTime.purpose)),
            below: max(background, 1))
          try context.schedule(
            TransferEvent(.userCancel, user: id, index: UInt32(file)), at: VirtualTime(nanoseconds: at))
        }
      }
    }
  }

  public mutating func handle(_ event: Event, in context: inout SimulationContext<Event>) throws(SimulationError) {
    let user = Int(event.user)
    switch event.kind {
    case .userLaunch: try userLaunch(user, initial: event.generation == 0, &context)
    case .goBackground: try goBackground(user, &context)
    case .terminate: try terminate(user, &context)
    case .taskEnd: try taskEnd(Int(event.index), generation: event.generation, &context)
    case .conditionChange: try conditionChange(user, generation: event.generation, &context)
    case .wake: try wake(user, &context)
    case .userCancel: try userCancel(Int(event.index), &context)
    case .userRerequest: try userRerequest(Int(event.index), &context)
    case .reconcileJobStart: try reconcileJobStart(user, generation: event.generation, &context)
    case .reconcileJobEnd: try reconcileJobEnd(user, generation: event.generation, expired: event.index == 1, &context)
    }
  }

  /// `u3/f7`: a file's name in traces and reports.
  func fileName(_ file: Int) -> String {
    "u\(file / filesPerUser)/f\(file % filesPerUser)"
  }

  /// `u3/f7#2`: a task's name in traces, by what it is (the file's second
  /// transfer), never by its slot in the task table.
  func taskName(_ task: Int) -> String {
    "\(fileName(Int(tasks[task].file)))#\(tasks[task].attempt)"
  }

  static func appName(_ user: Int) -> String { "app#\(user)" }
  static func daemonName(_ user: Int) -> String { "daemon#\(user)" }
}
