/// The calls the app makes on its background session.
extension TransferDaemon: BackgroundTransferSession {
  @usableFromInline
  mutating func connect(user: Int, to session: SessionIdentifier) {
    let previous = users[user].connectedSession
    users[user].connectedSession = session
    users[user].pendingHead = DaemonTask.endOfList
    users[user].pendingTail = DaemonTask.endOfList
    // The previous session's tasks are orphaned: the undelivered endings
    // are dropped, the live tasks go on for nobody.
    var index = users[user].firstTask
    while index != DaemonTask.endOfList {
      let task = Int(index)
      if tasks[task].session == previous {
        if tasks[task].state == .ended {
          tasks[task].state = .closed
          users[user].tasksOrphaned &+= 1
          if tasks[task].ending == .completed { files[Int(tasks[task].file)].orphanedTransfers &+= 1 }
        } else if tasks[task].isLive {
          users[user].tasksOrphaned &+= 1
        }
      }
      index = tasks[task].nextOfUser
    }
  }

  @usableFromInline
  mutating func createTask(
    for transfer: TransferAttemptIdentity, resumingFrom resumeFrom: UInt64,
    _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) -> TransferTaskID {
    let options = settings.options
    let file = transfer.file
    let user = file / settings.filesPerUser
    let random = context.random
    let size = fileSize(file, random)
    let spread = max(0, min(1, options.daemon.throughputSpread))
    let factor =
      1 - spread + 2 * spread
      * RandomConversion.unit(context.valueWord(DrawKey(transfer, TransferDraw.throughput.purpose)))
    var task = DaemonTask(
      updated: context.now, target: size, file: UInt32(file), user: UInt32(user),
      session: users[user].connectedSession)
    task.attempt = transfer.attempt
    task.throughputFactor = UInt32(max(1, (factor * 1_000).rounded()))
    task.moved = min(resumeFrom, size)
    if context.fault(options.daemon.failure, DrawKey(transfer, TransferDraw.failure.purpose)) {
      let point = RandomConversion.index(
        random.word(DrawKey(transfer, TransferDraw.failurePoint.purpose)), below: max(size, 1))
      if point > task.moved {
        task.target = point
        task.failsAtTarget = true
        // Missing resume data is a fault of its own.
        task.resumeDataOnFailure = !context.fault(
          1 - options.daemon.resumeData, DrawKey(transfer, TransferDraw.resumeData.purpose))
      }
    }
    task.nextOfUser = users[user].firstTask
    let index = tasks.count
    tasks.append(task)
    users[user].firstTask = Int32(index)
    files[file].aliveTasks &+= 1
    files[file].mostAlive = max(files[file].mostAlive, files[file].aliveTasks)
    // One draw per file (no ordinal): every task of it gets the same answer.
    if options.workload.contentLengthKnown < 1,
      random.bernoulli(
        1 - options.workload.contentLengthKnown, DrawKey(FileIdentity(file: file), TransferDraw.contentLength.purpose))
    {
      files[file].progressUnknown = true
    }
    context.traceMessage(
      from: TransferWorld.appName(user), to: TransferWorld.daemonName(user), "enqueue \(taskName(index))",
      "session=\(task.session) size=\(size)\(resumeFrom > 0 ? " resume=\(task.moved)" : "")")
    try updateTask(index, &context)
    try armConditionChange(user, &context)
    return TransferTaskID(slot: index)
  }

  @usableFromInline
  mutating func cancel(
    _ task: TransferTaskID, _ reason: TaskCancellation, _ context: inout SimulationContext<TransferEvent>
  ) {
    // The app cancelled it on the user's request and handles that itself.
    if cancelTask(task.index, reason.ending, &context) && reason == .user { tasks[task.index].state = .closed }
  }

  @usableFromInline
  func allTasks(of user: Int, into snapshots: inout [TransferTaskSnapshot]) {
    liveSessionTasks(of: user, into: &snapshots)
  }

  /// The file's size: a keyed draw by file, the same for every task.
  @usableFromInline
  func fileSize(_ file: Int, _ random: KeyedRandom) -> UInt64 {
    let workload = settings.options.workload
    let low = workload.minimumBytes
    let high = max(workload.maximumBytes, low)
    guard high > low else { return low }
    return low
      + RandomConversion.index(
        random.word(DrawKey(FileIdentity(file: file), TransferDraw.size.purpose)), below: high - low + 1)
  }
}
