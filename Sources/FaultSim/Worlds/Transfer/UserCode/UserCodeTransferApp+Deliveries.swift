/// The endings on their way to your app's delegate, and what its code asks
/// of its session, carried out on the daemon after each job.
extension UserCodeTransferApp {
  /// An ending is ready while the app runs: it joins the delegate's queue.
  @usableFromInline
  mutating func endingArrives(
    _ task: TransferTaskID, user: Int, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    try deliverPending(user, session: &session, &context)
  }

  /// Moves the daemon's waiting endings to the app's delivery queue, once
  /// its process has connected the session, and starts the delivery task.
  ///
  /// An ending a relaunch race deferred (the task finished just before the
  /// reopened app looked) is held back until the new process has looked:
  /// until its first `getAllTasks` is answered, or a call into it returns.
  @usableFromInline
  mutating func deliverPending(
    _ user: Int, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    guard isRunning(user), devices.devices[user].connected != nil else { return }
    var cursor = session.openDeliveryQueue(of: user)
    while let task = session.nextDelivery(&cursor, includingDeferred: !devices.devices[user].holdsDeferred) {
      devices.devices[user].deliveries.append(task)
    }
    if let waiting = devices.devices[user].waitingRunner {
      devices.devices[user].waitingRunner = nil
      waiting.resume(returning: handOver(user, session: &session, &context))
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
  mutating func releaseDeferred(
    _ user: Int, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    guard devices.devices[user].holdsDeferred else { return }
    devices.devices[user].holdsDeferred = false
    try deliverPending(user, session: &session, &context)
  }

  /// The next ending for `user`'s delegate, collected from the daemon, or
  /// `nil` when none waits.
  mutating func handOver(
    _ user: Int, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>
  ) -> UserCodeDevices<App>.Delivery? {
    while devices.devices[user].head < devices.devices[user].deliveries.count {
      let task = devices.devices[user].deliveries[devices.devices[user].head]
      devices.devices[user].head += 1
      guard let callback = session.collect(task, &context) else { continue }
      let info = devices.taskInfo[task.index]
      context.traceMessage(
        from: TransferWorld.daemonName(user), to: TransferWorld.appName(user),
        "\(callback.outcome) \(settings.taskName(callback.transfer))", "task=\(info.identifier)")
      var delivery = UserCodeDevices<App>.Delivery(
        task: TransferTaskInfo(
          taskIdentifier: info.identifier, taskDescription: info.description, url: info.url, state: .completed,
          bytesReceived: session.snapshot(of: task).moved),
        file: nil, error: nil)
      switch callback.outcome {
      case .completed(.download(let content), let bytes):
        devices.deliveriesMade &+= 1
        let expected = session.target(of: task)
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

  /// The connected session's tasks that completed or failed but whose
  /// events the app has not received: `getAllTasks` still lists them, as
  /// completed — except one that a relaunch race let end just before the
  /// app looked (it has left the list, and its event comes later). Tasks
  /// a force-quit or the app cancelled are not listed; their cancellation
  /// still reaches the delegate.
  func endedAwaitingDelivery(_ user: Int, session: TransferDaemon) -> [TransferTaskInfo] {
    var ended: [TransferTaskSnapshot] = []
    session.endedAwaitingDelivery(of: user, into: &ended)
    return ended.map { ended in
      let info = devices.taskInfo[ended.task.index]
      return TransferTaskInfo(
        taskIdentifier: info.identifier, taskDescription: info.description, url: info.url, state: .completed,
        bytesReceived: ended.moved)
    }
  }

  /// Carries out what the code posted, in order, and schedules the wakes
  /// of the sleeps it began.
  mutating func carryOutPosted(
    session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    if devices.hasCommands {
      devices.takeCommands(into: &commands)
      for command in commands { try carryOut(command, session: &session, &context) }
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
    _ command: UserCodeDevices<App>.Command, session: inout TransferDaemon,
    _ context: inout SimulationContext<TransferEvent>
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
      let connecting = SessionIdentifier(generation: UInt32(generation))
      if session.connectedSession(of: user) != connecting {
        session.connect(user: user, to: connecting)
        context.trace(
          TransferWorld.appName(user), "connects a new session \"\(identifier)\"", "session=\(connecting)")
      }
      devices.devices[user].connected = identifier
      try deliverPending(user, session: &session, &context)
    case .download(let user, let process, let task, let file, let description, let url, let resume):
      guard process == devices.devices[user].process else { return }
      devices.stored[file].tasks &+= 1
      let id = try session.createTask(
        for: TransferAttemptIdentity(file: file, attempt: devices.stored[file].tasks), resumingFrom: resume, &context)
      while devices.taskInfo.count <= id.index {
        devices.taskInfo.append(.init(identifier: 0, description: "", url: ""))
      }
      devices.taskInfo[id.index] = .init(identifier: task, description: description, url: url)
      devices.devices[user].tasks[task] = id
    case .cancel(let user, let process, let task):
      guard process == devices.devices[user].process, let id = devices.devices[user].tasks[task] else { return }
      session.cancel(id, .app, &context)
    case .allTasks(let user, let process, let continuation):
      guard process == devices.devices[user].process else { return }
      session.allTasks(of: user, into: &snapshots)
      var tasks = snapshots.map { snapshot in
        let info = devices.taskInfo[snapshot.task.index]
        return TransferTaskInfo(
          taskIdentifier: info.identifier, taskDescription: info.description, url: info.url, state: .running,
          bytesReceived: snapshot.moved)
      }
      tasks += endedAwaitingDelivery(user, session: session)
      context.trace(TransferWorld.appName(user), "getAllTasks", "tasks=\(tasks.count)")
      continuation.resume(returning: tasks)
      try releaseDeferred(user, session: &session, &context)
    case .note(let user, let event, let details):
      context.trace(TransferWorld.appName(user), event, details)
    case .returned(let user, let process):
      guard process == devices.devices[user].process else { return }
      devices.devices[user].outstanding -= 1
      try releaseDeferred(user, session: &session, &context)
    case .nextDelivery(let user, let process, let continuation):
      guard process == devices.devices[user].process else { return }
      if isRunning(user) {
        continuation.resume(returning: handOver(user, session: &session, &context))
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
