/// The transfer world with its app written as your code: the OS transfer
/// daemon, the devices' conditions and the scenario's lifecycle are the
/// transfer world's; what the app does at launch, with its background
/// session and with every ending its delegate receives is your
/// ``BackgroundTransferApp``'s.
///
/// Each device runs the scenario's script: the user opens the app (a
/// process starts: a new `App(device:)`, then `launched(.firstLaunch)`),
/// leaves it (suspended: no code runs; sleeps that end meanwhile wait),
/// the system terminates it or the user force-quits it (the process is
/// gone with everything it held in memory; its tasks never run again; a
/// force-quit cancels the session's transfers), and the user opens it
/// again (a new process, `launched(.userOpened)`). Transfers that end
/// while the app is suspended or terminated wake or relaunch it in the
/// background (`launched(.backgroundEvents)`) when the scenario's
/// lifecycle sends launch events. Endings reach the delegate methods one
/// at a time, in the order the daemon delivers them, once the process has
/// connected its session.
///
/// Your code runs on the same deterministic runtime as the request
/// world's user code: the same seed gives the same interleaving, faults
/// and trace in every process, interleavings of ready tasks — the
/// relaunched app's launch code and the deliveries of endings that
/// happened while it was gone, say — are choice points, and work that
/// leaves the simulation stops the run with ``SimulationError/escape(_:)``.
///
/// Make one with ``Scenario/transferWorld(app:)``.
public struct UserCodeTransferWorld<App: BackgroundTransferApp>: SimulationModel {
  /// The transfer world's events, and the code's wake-ups.
  public typealias Event = TransferEvent

  /// A scenario's transfer world with your app.
  public struct Options: Sendable {
    /// The scenario's options: workload, daemon, lifecycle, conditions,
    /// races.
    public var scenario: TransferWorldOptions

    /// The options of a world that runs `App` in `scenario`.
    public init(scenario: TransferWorldOptions) {
      self.scenario = scenario
    }
  }

  /// The definition and the names of files and tasks.
  let settings: TransferWorld.Settings
  /// The runtime the app's code runs on.
  let runtime: TaskRuntime
  /// The apps' side.
  let devices: UserCodeDevices<App>
  /// The devices' persistent storage.
  let disks: [SimulatedDisk]
  /// The OS transfer daemon of every device.
  var daemon: TransferDaemon
  /// Device conditions per user, when the options define them.
  var conditions: [DeviceConditions] = []
  /// Scratch.
  var commands: [UserCodeDevices<App>.Command] = []
  var sleeps: [(VirtualTime, SleepTicket)] = []
  var snapshots: [TransferTaskSnapshot] = []
  var raceCandidates: [TransferTaskID] = []

  /// Creates the world in its initial state.
  public init(_ options: Options) {
    settings = TransferWorld.Settings(options.scenario)
    let runtime = TaskRuntime()
    self.runtime = runtime
    devices = UserCodeDevices(settings, runtime: runtime)
    disks = (0..<options.scenario.workload.users).map { _ in SimulatedDisk(runtime: runtime) }
    daemon = TransferDaemon(settings)
  }

  /// Restores the initial state for another run, keeping the storage.
  public mutating func reset() {
    devices.reset()
    runtime.reset()
    for disk in disks { disk.erase() }
    daemon.reset()
    conditions.removeAll(keepingCapacity: true)
  }

  /// The devices' scripts and conditions, by keyed draws.
  public mutating func start(in context: inout SimulationContext<Event>) throws(SimulationError) {
    runtime.reset()
    runtime.random = context.random
    let options = settings.options
    let horizon = VirtualTime(nanoseconds: options.horizon.nanoseconds)
    for user in 0..<options.workload.users {
      let script = try TransferLifecycleScript.schedule(
        user, options, conditions: options.conditions != nil, horizon: horizon, &context)
      if let device = script.conditions { conditions.append(device) }
    }
    daemon.conditions = conditions
  }

  /// Routes one event, then runs the app code it made ready until every
  /// task waits again.
  public mutating func handle(_ event: Event, in context: inout SimulationContext<Event>) throws(SimulationError) {
    try runtime.enter()
    defer { runtime.leave() }
    runtime.now = context.now
    let user = Int(event.user)
    switch event.kind {
    case .userOpensApp(let launch): try userOpensApp(user, launch, &context)
    case .userLeavesApp: userLeavesApp(user, &context)
    case .appStops: appStops(user, &context)
    case .taskReachesTarget(let task, let generation):
      if daemon.reachTarget(task, generation: generation, user: user, &context) {
        try routeEnding(of: task, user: user, &context)
      }
    case .conditionsChange(let generation): try daemon.conditionsChange(user, generation: generation, &context)
    case .systemWakesApp: try systemWakesApp(user, &context)
    case .wake(let ticket): wake(ticket, user: user)
    case .userCancels, .userAsksAgain, .backgroundTaskLaunches, .backgroundTaskEnds:
      break  // scenario features of the built-in app, refused when plugging an app of your own
    }
    try runCode(&context)
  }

  /// The run is out of events: a running app whose code has not returned
  /// waits on something the simulation does not drive.
  public mutating func finish(in context: inout SimulationContext<Event>) throws(SimulationError) {
    if let escape = runtime.foreignEscape() { throw .escape(escape) }
    var waiting: [Int] = []
    for (user, device) in devices.devices.enumerated()
    where device.outstanding > 0 && device.held.isEmpty && device.state != .notRunning && device.state != .forceQuit {
      waiting.append(user)
    }
    guard let first = waiting.first else { return }
    runtime.taint()
    let more = waiting.count > 1 ? " (and \(waiting.count - 1) more)" : ""
    throw .escape(
      SimulationEscape(
        .stillWaiting,
        "the app code of device \(first)\(more) had not returned when the run ran out of events at \(context.now): "
          + "it waits on something the simulation does not drive — a real Task.sleep or ContinuousClock, a real "
          + "URLSession or socket, a continuation nobody resumes, the main actor, or an actor with an executor of "
          + "its own"))
  }

  /// `app#3`.
  static func appName(_ user: Int) -> String { TransferWorld.appName(user) }
}
