/// Your ``BackgroundTransferApp`` as the transfer world's app component:
/// on every device, the processes of your app on the deterministic
/// runtime, what each process holds of the daemon (its connected session,
/// its tasks, the endings waiting for its delegate), and what it stored.
///
/// The router (``TransferWorldModel``) drives it with the same verbs as the
/// built-in app: the user opens, leaves and reopens the app, the system
/// terminates it, the user force-quits it, the system wakes or relaunches
/// it for transfer events. A process starts with a new `App(device:)` and
/// its launch code; it dies with everything it held in memory. Between
/// events, ``settle(session:_:)`` runs the code the event made ready and
/// carries out what it asked of its session.
///
/// What the built-in app does by itself — the user's cancellations in its
/// screen, the reconcile job in a `BGProcessingTask`, uploads — has no entry
/// point in your app: ``start(_:)`` refuses a scenario that has them.
@usableFromInline
struct UserCodeTransferApp<App: BackgroundTransferApp> {
  /// The definition and the names of files and tasks.
  let settings: TransferWorld.Settings
  /// The runtime the app's code runs on.
  let runtime: TaskRuntime
  /// The apps' side.
  let devices: UserCodeDevices<App>
  /// The devices' persistent storage.
  let disks: [SimulatedDisk]
  /// Scratch.
  var commands: [UserCodeDevices<App>.Command] = []
  var sleeps: [(VirtualTime, SleepTicket)] = []
  var snapshots: [TransferTaskSnapshot] = []

  /// The app on every device of `settings`' workload, with a runtime of
  /// its own.
  init(_ settings: TransferWorld.Settings) {
    self.settings = settings
    let runtime = TaskRuntime()
    self.runtime = runtime
    devices = UserCodeDevices(settings, runtime: runtime)
    disks = (0..<settings.options.workload.users).map { _ in SimulatedDisk(runtime: runtime) }
  }

  /// What the scenario asks of the built-in app that an app of your own
  /// has no entry point for, one phrase each.
  static func unsupported(_ options: TransferWorldOptions) -> [String] {
    var reasons: [String] = []
    if options.workload.kind != .download {
      reasons.append(
        "workload.kind is \(options.workload.kind.rawValue) (your app's session starts downloads only)")
    }
    if options.reconcileJob != nil {
      reasons.append("it has a reconcileJob (your app has no BGProcessingTask handler for the scheduler to launch)")
    }
    if options.app.userCancels > 0 {
      reasons.append(
        "app.userCancels is \(options.app.userCancels) (the user cancels in the built-in app's screen; "
          + "your app has no entry point for it)")
    }
    return reasons
  }
}

extension UserCodeTransferApp: TransferAppComponent {
  /// Your app has no reconcile job (``unsupported(_:)``).
  @usableFromInline
  var jobSchedule: ReconcileJobSchedule? { nil }

  @usableFromInline
  func reset() {
    devices.reset()
    runtime.reset()
    for disk in disks { disk.erase() }
  }

  /// Refuses what the app cannot do, then readies the runtime with the
  /// run's randomness.
  @usableFromInline
  func start(_ context: inout SimulationContext<TransferEvent>) throws(SimulationError) {
    let reasons = Self.unsupported(settings.options)
    guard reasons.isEmpty else {
      throw .model("an app of your own cannot run this transfer world: " + reasons.joined(separator: "; "))
    }
    runtime.reset()
    runtime.random = context.random
    devices.isTracing = context.isTracing
  }

  /// Marks the thread for the runtime for the whole run.
  @usableFromInline
  func beginRun() throws(SimulationError) {
    try runtime.enter()
  }

  /// Clears the mark ``beginRun()`` set.
  @usableFromInline
  func endRun() {
    runtime.leave()
  }

  @usableFromInline
  func enterEvent(at now: VirtualTime) throws(SimulationError) {
    try runtime.enter()
    runtime.now = now
  }

  @usableFromInline
  func leaveEvent() {
    runtime.leave()
  }

  /// Runs the code's ready jobs one at a time, carrying out what each
  /// posts, until every task waits.
  @usableFromInline
  mutating func settle(session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>)
    throws(SimulationError)
  {
    while true {
      try carryOutPosted(session: &session, &context)
      guard let job = runtime.nextJob(&context) else { return }
      try runtime.run(job)
    }
  }

  /// A running app whose code has not returned when the run is out of
  /// events waits on something the simulation does not drive.
  @usableFromInline
  func finish(_ context: inout SimulationContext<TransferEvent>) throws(SimulationError) {
    var waiting: [Int] = []
    for (user, device) in devices.devices.enumerated()
    where device.outstanding > 0 && device.held.isEmpty && device.state != .notRunning && device.state != .forceQuit {
      waiting.append(user)
    }
    // Code that waits is reported as waiting, whether or not the thread it
    // waits on resumed it before the run ended: the same in every process.
    guard let first = waiting.first else {
      if let escape = runtime.foreignEscape() { throw .escape(escape) }
      return
    }
    runtime.taint()
    let more = waiting.count > 1 ? " (and \(waiting.count - 1) more)" : ""
    throw .escape(
      SimulationEscape(
        .stillWaiting,
        "the app code of device \(first)\(more) had not returned when the run ran out of events at \(context.now): "
          + "it waits on something the simulation does not drive — a continuation resumed from a Dispatch queue or "
          + "a thread of your own, the main actor (MainActor.run, a @MainActor function), an actor with an executor "
          + "of its own, a real sleep, a real URLSession or socket, or a continuation nobody resumes"))
  }

  /// A process that runs code in the background reads as in the
  /// foreground; one the system terminated (or never started) as
  /// terminated.
  @usableFromInline
  func state(of user: Int) -> AppLifecycle.State {
    switch devices.devices[user].state {
    case .notRunning: .terminated
    case .foreground, .background: .foreground
    case .suspended: .suspended
    case .forceQuit: .forceQuit
    }
  }

  @usableFromInline
  func receivesEndings(_ user: Int) -> Bool { isRunning(user) }

  /// Whether `user`'s app runs code now.
  func isRunning(_ user: Int) -> Bool {
    let state = devices.devices[user].state
    return state == .foreground || state == .background
  }

  // MARK: The user's script

  /// The first open starts the first process; any open restarts the
  /// system's count of background wakes.
  @usableFromInline
  mutating func userOpens(
    _ user: Int, _ launch: TransferEvent.Launch, session: inout TransferDaemon,
    _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    devices.devices[user].backgroundWakes = 0
    guard launch == .first else { return }
    switch devices.devices[user].state {
    case .notRunning, .forceQuit:
      context.trace(TransferWorld.appName(user), "user opens the app")
      startProcess(user, .firstLaunch, &context)
    case .suspended, .background, .foreground:
      try bringBack(user, session: &session, &context)
    }
  }

  /// A new process if the old one is gone (`launched(.userOpened)`), else
  /// the running one comes back (`becameActive()`). Either way, endings a
  /// relaunch race deferred wait until the app has looked: until its first
  /// `getAllTasks` is answered, or a call into it returns.
  @usableFromInline
  mutating func reopened(_ user: Int, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>)
    throws(SimulationError)
  {
    devices.devices[user].holdsDeferred = true
    switch devices.devices[user].state {
    case .notRunning, .forceQuit:
      context.trace(TransferWorld.appName(user), "user reopens the app")
      startProcess(user, .userOpened, &context)
    case .suspended, .background, .foreground:
      try bringBack(user, session: &session, &context)
    }
  }

  /// The running process comes to the foreground: `becameActive()` runs,
  /// held wakes end and waiting endings reach the delegate.
  mutating func bringBack(_ user: Int, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>)
    throws(SimulationError)
  {
    devices.devices[user].state = .foreground
    context.trace(TransferWorld.appName(user), "user brings the app back")
    if let app = devices.devices[user].app {
      devices.devices[user].outstanding += 1
      let process = devices.devices[user].process
      let services = devices
      runtime.spawn {
        await app.becameActive()
        services.returned(user, process: process)
      }
    }
    resumeHeld(user)
    try deliverPending(user, session: &session, &context)
  }

  /// The user leaves the app (the script's one leave), or a background
  /// run's time is up: the app is suspended.
  @usableFromInline
  mutating func userLeaves(_ user: Int, _ context: inout SimulationContext<TransferEvent>) throws(SimulationError)
    -> Bool
  {
    switch devices.devices[user].state {
    case .foreground where !devices.devices[user].left:
      devices.devices[user].left = true
      devices.devices[user].state = .suspended
      context.trace(TransferWorld.appName(user), "goes to the background, suspended")
      return true
    case .background where context.now >= devices.devices[user].backgroundEnds:
      devices.devices[user].state = .suspended
      context.trace(TransferWorld.appName(user), "suspended again")
      return false
    default:
      return false  // a background run's end after the user reopened the app
    }
  }

  @usableFromInline
  mutating func terminatedBySystem(
    _ user: Int, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>
  ) {
    endProcess(user, .notRunning, session: &session)
    context.trace(TransferWorld.appName(user), "terminated by the system", "transfers go on")
  }

  @usableFromInline
  mutating func forceQuitByUser(
    _ user: Int, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>
  ) {
    endProcess(user, .forceQuit, session: &session)
    context.trace(TransferWorld.appName(user), "force-quit by the user", "the session's transfers are cancelled")
  }

  // MARK: Processes

  /// A new process of `user`'s app: a new app object, then its launch code.
  mutating func startProcess(_ user: Int, _ launch: AppLaunch, _ context: inout SimulationContext<TransferEvent>) {
    devices.devices[user].process &+= 1
    let process = devices.devices[user].process
    devices.devices[user].state = launch == .backgroundEvents ? .background : .foreground
    devices.devices[user].connected = nil
    devices.devices[user].deliveries.removeAll(keepingCapacity: true)
    devices.devices[user].head = 0
    devices.devices[user].delivering = false
    devices.devices[user].waitingRunner = nil
    devices.devices[user].outstanding = 1
    context.trace(TransferWorld.appName(user), "process \(process) starts: \(launch.rawValue)")
    let device = SimulatedDevice(
      user: user, wanted: devices.wanted(user), disk: disks[user],
      clock: SimulatedClock(runtime, owner: SleepOwner(device: UInt32(user), process: process)),
      random: SimulatedRandom(runtime.random, operation: user), process: process, devices: devices)
    let app = App(device: device)
    devices.devices[user].app = app
    let services = devices
    runtime.spawn {
      await app.launched(launch)
      services.returned(user, process: process)
    }
  }

  /// The process of `user` dies: nothing of it runs again; the endings it
  /// had not been handed go back to the daemon's queue for the next one.
  mutating func endProcess(_ user: Int, _ state: UserCodeDevices<App>.State, session: inout TransferDaemon) {
    var device = devices.devices[user]
    for task in device.deliveries[device.head...] { session.queueDelivery(task.index) }
    device.state = state
    device.app = nil
    device.connected = nil
    device.deliveries.removeAll(keepingCapacity: true)
    device.head = 0
    device.delivering = false
    device.waitingRunner = nil
    device.held.removeAll(keepingCapacity: true)
    device.outstanding = 0
    device.holdsDeferred = false
    devices.devices[user] = device
  }

  // MARK: Background wakes

  @usableFromInline
  mutating func scheduleWake(_ user: Int) -> UInt32? {
    guard !devices.devices[user].wakePending else { return nil }
    devices.devices[user].wakePending = true
    return devices.devices[user].backgroundWakes
  }

  @usableFromInline
  mutating func wakeArrives(_ user: Int) {
    devices.devices[user].wakePending = false
  }

  /// The app runs in the background for the scenario's time per wake: a
  /// terminated app in a new process (`launched(.backgroundEvents)`).
  @usableFromInline
  mutating func wokenInBackground(
    _ user: Int, relaunched: Bool, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    let lifecycle = settings.options.lifecycle
    devices.devices[user].wakeUps &+= 1
    devices.devices[user].backgroundWakes &+= 1
    devices.devices[user].backgroundEnds = try context.now + lifecycle.backgroundWorkPerWake
    try context.schedule(TransferEvent(.userLeavesApp, user: user), at: devices.devices[user].backgroundEnds)
    if relaunched {
      context.trace(TransferWorld.appName(user), "relaunched in the background for transfer events")
      startProcess(user, .backgroundEvents, &context)
      return
    }
    context.trace(TransferWorld.appName(user), "woken in the background for transfer events")
    devices.devices[user].state = .background
  }

  /// A woken process's held wakes end and its waiting endings reach the
  /// delegate; a relaunched one receives them once it connects its session.
  @usableFromInline
  mutating func runBackgroundWake(
    _ user: Int, relaunched: Bool, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    guard !relaunched else { return }
    resumeHeld(user)
    try deliverPending(user, session: &session, &context)
  }

  /// A task of the app's code wakes: at once if its process runs, later if
  /// it is suspended; never if its process is gone.
  @usableFromInline
  mutating func wake(_ ticket: SleepTicket, user: Int) {
    guard let owner = runtime.owner(of: ticket) else { return }
    let device = Int(owner.device)
    guard device < devices.devices.count, owner.process == devices.devices[device].process,
      devices.devices[device].app != nil
    else {
      runtime.drop(ticket)
      return
    }
    if isRunning(device) {
      runtime.wake(ticket)
    } else {
      devices.devices[device].held.append(ticket)
    }
  }

  /// The app runs again: its held wakes end.
  mutating func resumeHeld(_ user: Int) {
    let held = devices.devices[user].held
    devices.devices[user].held.removeAll(keepingCapacity: true)
    for ticket in held { runtime.wake(ticket) }
  }

  // MARK: What only the built-in app does

  // ``start(_:)`` refuses a scenario with user cancellations or a
  // reconcile job, so the router never reaches these with your app.

  @usableFromInline
  func currentTask(of file: Int) -> TransferTaskID? { nil }

  @usableFromInline
  func isCancelledByUser(_ file: Int) -> Bool { false }

  @usableFromInline
  func cancelOnUserRequest(
    _ file: Int, task: TransferTaskID, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>
  ) {}

  @usableFromInline
  func userAsksAgain(_ file: Int, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>)
    throws(SimulationError)
  {}

  @usableFromInline
  func launchedForBackgroundTask(
    _ user: Int, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>
  ) {}

  @usableFromInline
  func beginBackgroundTask(_ user: Int, runtime: VirtualDuration) {}

  @usableFromInline
  func endBackgroundTask(_ user: Int) -> Bool { false }

  @usableFromInline
  func reconcileJobCompleted(
    _ user: Int, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {}

  @usableFromInline
  func reconcileJobExpired(
    _ user: Int, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>
  ) -> [TransferTaskID] { [] }
}
