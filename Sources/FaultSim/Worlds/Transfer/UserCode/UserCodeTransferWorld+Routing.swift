/// The router of the user-code transfer world: the devices' scripts, the
/// app processes' lives, the daemon's endings on their way to the
/// delegate, and what the app's code posts.
extension UserCodeTransferWorld {
  // MARK: Processes

  /// A new process of `user`'s app: a new app object, then its launch code.
  mutating func startProcess(_ user: Int, _ launch: AppLaunch, _ context: inout SimulationContext<Event>) {
    devices.devices[user].process &+= 1
    let process = devices.devices[user].process
    devices.devices[user].state = launch == .backgroundEvents ? .background : .foreground
    devices.devices[user].connected = nil
    devices.devices[user].deliveries.removeAll(keepingCapacity: true)
    devices.devices[user].head = 0
    devices.devices[user].delivering = false
    devices.devices[user].waitingRunner = nil
    devices.devices[user].outstanding = 1
    context.trace(Self.appName(user), "process \(process) starts: \(launch.rawValue)")
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
  mutating func endProcess(_ user: Int, _ state: UserCodeDevices<App>.State) {
    var device = devices.devices[user]
    for task in device.deliveries[device.head...] { daemon.queueDelivery(task.index) }
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

  /// Whether `user`'s app runs code now.
  func isRunning(_ user: Int) -> Bool {
    let state = devices.devices[user].state
    return state == .foreground || state == .background
  }

  // MARK: The user's script

  mutating func userOpensApp(
    _ user: Int, _ launch: TransferEvent.Launch, _ context: inout SimulationContext<Event>
  ) throws(SimulationError) {
    devices.devices[user].backgroundWakes = 0
    switch devices.devices[user].state {
    case .notRunning, .forceQuit:
      if launch == .again {
        // Seed 000's finish-vs-enqueue race, as for the built-in app.
        devices.devices[user].aliveAtRelaunch = daemon.resolveRelaunchRaces(
          user, within: settings.options.races.window, candidates: &raceCandidates, &context)
        devices.devices[user].holdsDeferred = true
        context.trace(Self.appName(user), "user reopens the app")
      } else {
        context.trace(Self.appName(user), "user opens the app")
      }
      startProcess(user, launch == .first ? .firstLaunch : .userOpened, &context)
    case .suspended, .background:
      devices.devices[user].state = .foreground
      context.trace(Self.appName(user), "user brings the app back")
      devices.devices[user].outstanding += 1
      if let app = devices.devices[user].app {
        let process = devices.devices[user].process
        let services = devices
        runtime.spawn {
          await app.becameActive()
          services.returned(user, process: process)
        }
      }
      resumeHeld(user)
      try deliverPending(user, &context)
    case .foreground:
      break
    }
  }

  /// The user leaves the app (the script's one leave), or a background
  /// run's time is up: the app is suspended.
  mutating func userLeavesApp(_ user: Int, _ context: inout SimulationContext<Event>) {
    switch devices.devices[user].state {
    case .foreground where !devices.devices[user].left:
      devices.devices[user].left = true
      devices.devices[user].state = .suspended
      context.trace(Self.appName(user), "goes to the background, suspended")
    case .background where context.now >= devices.devices[user].backgroundEnds:
      devices.devices[user].state = .suspended
      context.trace(Self.appName(user), "suspended again")
    default:
      break  // a background run's end after the user reopened the app
    }
  }

  mutating func appStops(_ user: Int, _ context: inout SimulationContext<Event>) {
    guard devices.devices[user].state == .suspended else { return }
    switch settings.options.lifecycle.termination {
    case .none:
      return
    case .system:
      endProcess(user, .notRunning)
      context.trace(Self.appName(user), "terminated by the system", "transfers go on")
    case .forceQuit:
      // The force-quit is a fault too: without it, the system terminates.
      guard context.permit(DrawKey(UserIdentity(user: user), TransferDraw.forceQuit.purpose)) else {
        endProcess(user, .notRunning)
        context.trace(Self.appName(user), "terminated by the system", "transfers go on")
        return
      }
      endProcess(user, .forceQuit)
      context.trace(Self.appName(user), "force-quit by the user", "the session's transfers are cancelled")
      daemon.forceQuit(user, &context)
    }
  }

  /// A task of the app's code wakes: at once if its process runs, later if
  /// it is suspended; never if its process is gone.
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

  /// The app runs again: its held wakes end, and a delivery task waiting
  /// for the next ending gets it.
  mutating func resumeHeld(_ user: Int) {
    let held = devices.devices[user].held
    devices.devices[user].held.removeAll(keepingCapacity: true)
    for ticket in held { runtime.wake(ticket) }
  }

  // MARK: Endings

  mutating func routeEnding(
    of task: TransferTaskID, user: Int, _ context: inout SimulationContext<Event>
  ) throws(SimulationError) {
    switch devices.devices[user].state {
    case .foreground, .background:
      try deliverPending(user, &context)
    case .suspended:
      try scheduleWake(user, &context)
    case .notRunning:
      if settings.options.lifecycle.sendsLaunchEvents { try scheduleWake(user, &context) }
    case .forceQuit:
      break
    }
  }

  /// Moves the daemon's waiting endings to the app's delivery queue, once
  /// its process has connected the session, and starts the delivery task.
  ///
  /// An ending a relaunch race deferred (the task finished just before the
  /// reopened app looked) is held back until the new process has looked:
  /// until its first `getAllTasks` is answered, or a call into it returns.
  mutating func deliverPending(_ user: Int, _ context: inout SimulationContext<Event>) throws(SimulationError) {
    guard isRunning(user), devices.devices[user].connected != nil else { return }
    var cursor = daemon.openDeliveryQueue(of: user)
    while let task = daemon.nextDelivery(&cursor, includingDeferred: !devices.devices[user].holdsDeferred) {
      devices.devices[user].deliveries.append(task)
    }
    if let waiting = devices.devices[user].waitingRunner {
      devices.devices[user].waitingRunner = nil
      waiting.resume(returning: handOver(user, &context))
      return
    }
    guard !devices.devices[user].delivering, devices.devices[user].head < devices.devices[user].deliveries.count,
      let app = devices.devices[user].app
    else { return }
    devices.devices[user].delivering = true
    devices.devices[user].outstanding += 1
    let process = devices.devices[user].process
    let services = devices
    runtime.spawn {
      while let delivery = await services.nextDelivery(user, process: process) {
        if let file = delivery.file {
          services.openDelivery = file.delivery
          await app.downloadFinished(delivery.task, file: file)
          services.openDelivery = nil
        }
        await app.taskCompleted(delivery.task, error: delivery.error)
      }
      services.returned(user, process: process)
    }
  }

  /// The reopened app has looked: endings the relaunch race deferred may
  /// reach its delegate now.
  mutating func releaseDeferred(_ user: Int, _ context: inout SimulationContext<Event>) throws(SimulationError) {
    guard devices.devices[user].holdsDeferred else { return }
    devices.devices[user].holdsDeferred = false
    try deliverPending(user, &context)
  }

  /// The next ending for `user`'s delegate, collected from the daemon, or
  /// `nil` when none waits.
  mutating func handOver(_ user: Int, _ context: inout SimulationContext<Event>) -> UserCodeDevices<App>.Delivery? {
    while devices.devices[user].head < devices.devices[user].deliveries.count {
      let task = devices.devices[user].deliveries[devices.devices[user].head]
      devices.devices[user].head += 1
      guard let callback = daemon.collect(task, &context) else { continue }
      let info = devices.taskInfo[task.index]
      context.traceMessage(
        from: TransferWorld.daemonName(user), to: Self.appName(user),
        "\(callback.outcome) \(settings.taskName(callback.transfer))", "task=\(info.identifier)")
      var delivery = UserCodeDevices<App>.Delivery(
        task: TransferTaskInfo(
          taskIdentifier: info.identifier, taskDescription: info.description, url: info.url, state: .completed,
          bytesReceived: daemon.tasks[task.index].moved),
        file: nil, error: nil)
      switch callback.outcome {
      case .completed(.download(let content), let bytes):
        devices.deliveriesMade &+= 1
        let expected = daemon.tasks[task.index].target
        let received: UInt64 =
          switch content {
          case .good, .corruptedBytes: bytes
          case .truncated: bytes / 2
          case .errorStatus, .errorPage: min(1_024, bytes)
          }
        delivery.file = DownloadedFile(
          status: Int(content.status), byteCount: received, expectedByteCount: expected,
          checksumMatches: content == .good, mover: devices, delivery: devices.deliveriesMade,
          file: callback.transfer.file, isGood: content == .good)
      case .completed(.upload, _):
        break  // refused when plugging: the world runs downloads
      case .failed(let resumeData):
        delivery.error = .failed(resumeData: resumeData.map { ResumeData(bytes: $0) })
      case .cancelled:
        delivery.error = .cancelled
      }
      return delivery
    }
    devices.devices[user].delivering = false
    return nil
  }

  mutating func scheduleWake(_ user: Int, _ context: inout SimulationContext<Event>) throws(SimulationError) {
    guard !devices.devices[user].wakePending else { return }
    devices.devices[user].wakePending = true
    try context.schedule(
      TransferEvent(.systemWakesApp, user: user),
      after: settings.options.lifecycle.wakeDelay(after: devices.devices[user].backgroundWakes))
  }

  mutating func systemWakesApp(_ user: Int, _ context: inout SimulationContext<Event>) throws(SimulationError) {
    devices.devices[user].wakePending = false
    let state = devices.devices[user].state
    let lifecycle = settings.options.lifecycle
    guard state == .suspended || (state == .notRunning && lifecycle.sendsLaunchEvents) else { return }
    devices.devices[user].wakeUps &+= 1
    devices.devices[user].backgroundWakes &+= 1
    devices.devices[user].backgroundEnds = try context.now + lifecycle.backgroundWorkPerWake
    try context.schedule(TransferEvent(.userLeavesApp, user: user), at: devices.devices[user].backgroundEnds)
    if state == .notRunning {
      context.trace(Self.appName(user), "relaunched in the background for transfer events")
      startProcess(user, .backgroundEvents, &context)
      return
    }
    context.trace(Self.appName(user), "woken in the background for transfer events")
    devices.devices[user].state = .background
    resumeHeld(user)
    try deliverPending(user, &context)
  }

  /// The connected session's tasks that completed or failed but whose
  /// events the app has not received: `getAllTasks` still lists them, as
  /// completed — except one that a relaunch race let end just before the
  /// app looked (it has left the list, and its event comes later). Tasks
  /// a force-quit or the app cancelled are not listed; their cancellation
  /// still reaches the delegate.
  func endedAwaitingDelivery(_ user: Int) -> [TransferTaskInfo] {
    var ended: [TransferTaskInfo] = []
    let session = daemon.connectedSession(of: user)
    var cursor = daemon.taskCursor(of: user)
    while let index = daemon.nextTask(&cursor) {
      let task = daemon.tasks[index]
      if task.session == session, task.state == .ended, !task.deferred,
        task.ending == .completed || task.ending == .failed
      {
        let info = devices.taskInfo[index]
        ended.append(
          TransferTaskInfo(
            taskIdentifier: info.identifier, taskDescription: info.description, url: info.url, state: .completed,
            bytesReceived: task.moved))
      }
    }
    return ended
  }

  // MARK: The code

  /// Runs the code's ready jobs one at a time, carrying out what each
  /// posts, until every task waits.
  mutating func runCode(_ context: inout SimulationContext<Event>) throws(SimulationError) {
    while true {
      try carryOutPosted(&context)
      guard let job = runtime.nextJob(&context) else { return }
      try runtime.run(job)
    }
  }

  /// Carries out what the code posted, in order, and schedules the wakes
  /// of the sleeps it began.
  mutating func carryOutPosted(_ context: inout SimulationContext<Event>) throws(SimulationError) {
    if devices.hasCommands {
      devices.takeCommands(into: &commands)
      for command in commands { try carryOut(command, &context) }
      commands.removeAll(keepingCapacity: true)
    }
    if runtime.hasSleepRequests {
      runtime.takeSleepRequests(into: &sleeps)
      for (deadline, ticket) in sleeps {
        let owner = runtime.owner(of: ticket)
        let user = owner.map { $0.device == .max ? 0 : Int($0.device) } ?? 0
        try context.schedule(TransferEvent(.wake(ticket), user: user), at: max(deadline, context.now))
      }
    }
  }

  mutating func carryOut(
    _ command: UserCodeDevices<App>.Command, _ context: inout SimulationContext<Event>
  ) throws(SimulationError) {
    switch command {
    case .connect(let user, let process, let identifier):
      guard process == devices.devices[user].process else { return }
      let generation: Int
      if let known = devices.devices[user].identifiers.firstIndex(of: identifier) {
        generation = known
      } else {
        devices.devices[user].identifiers.append(identifier)
        generation = devices.devices[user].identifiers.count - 1
      }
      let session = SessionIdentifier(generation: UInt32(generation))
      if daemon.connectedSession(of: user) != session {
        daemon.connect(user: user, to: session)
        context.trace(Self.appName(user), "connects a new session \"\(identifier)\"", "session=\(session)")
      }
      devices.devices[user].connected = identifier
      try deliverPending(user, &context)
    case .download(let user, let process, let task, let file, let description, let url, let resume):
      guard process == devices.devices[user].process else { return }
      devices.stored[file].tasks &+= 1
      let id = try daemon.createTask(
        for: TransferAttemptIdentity(file: file, attempt: devices.stored[file].tasks), resumingFrom: resume, &context)
      while devices.taskInfo.count <= id.index {
        devices.taskInfo.append(.init(identifier: 0, description: "", url: ""))
      }
      devices.taskInfo[id.index] = .init(identifier: task, description: description, url: url)
      devices.devices[user].tasks[task] = id
    case .cancel(let user, let process, let task):
      guard process == devices.devices[user].process, let id = devices.devices[user].tasks[task] else { return }
      daemon.cancel(id, .app, &context)
    case .allTasks(let user, let process, let continuation):
      guard process == devices.devices[user].process else { return }
      daemon.allTasks(of: user, into: &snapshots)
      var tasks = snapshots.map { snapshot in
        let info = devices.taskInfo[snapshot.task.index]
        return TransferTaskInfo(
          taskIdentifier: info.identifier, taskDescription: info.description, url: info.url, state: .running,
          bytesReceived: snapshot.moved)
      }
      tasks += endedAwaitingDelivery(user)
      context.trace(Self.appName(user), "getAllTasks", "tasks=\(tasks.count)")
      continuation.resume(returning: tasks)
      try releaseDeferred(user, &context)
    case .note(let user, let event, let details):
      context.trace(Self.appName(user), event, details)
    case .returned(let user, let process):
      guard process == devices.devices[user].process else { return }
      devices.devices[user].outstanding -= 1
      try releaseDeferred(user, &context)
    case .nextDelivery(let user, let process, let continuation):
      guard process == devices.devices[user].process else { return }
      if isRunning(user) {
        continuation.resume(returning: handOver(user, &context))
      } else {
        devices.devices[user].waitingRunner = continuation
      }
    case .unknownURL(let user, let url):
      throw .model(
        "app#\(user) started a download of \(url), which is not one of its wanted downloads "
          + "(SimulatedDevice.wanted lists their URLs)")
    }
  }
}
