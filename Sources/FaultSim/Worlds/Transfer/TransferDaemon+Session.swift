/// The calls the app makes on its background session.
extension TransferDaemon: BackgroundTransferSession {
  @usableFromInline
  mutating func connect(user: Int, to session: SessionIdentifier) {
    var device = devices[user]
    let previous = device.connectedSession
    device.connectedSession = session
    device.newestPending = DaemonTask.endOfList
    // The previous session's tasks are orphaned: the undelivered endings
    // are dropped, the live tasks go on for nobody.
    var cursor = taskCursor(of: user)
    while let task = nextTask(&cursor) {
      if tasks[task].session == previous {
        if tasks[task].state == .ended {
          tasks[task].state = .closed
          device.tasksOrphaned &+= 1
          if tasks[task].ending == .completed { tasks[task].orphaned = true }
        } else if tasks[task].isLive {
          device.tasksOrphaned &+= 1
        }
      }
    }
    devices[user] = device
  }

  @usableFromInline
  mutating func createTask(
    for transfer: TransferAttemptIdentity, resumingFrom resumeFrom: UInt64,
    _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) -> TransferTaskID {
    let file = transfer.file
    let user = file / settings.filesPerUser
    let random = context.random
    let size = fileSize(file, random)
    let spread = max(0, min(1, settings.options.daemon.throughputSpread))
    let factor =
      1 - spread + 2 * spread
      * RandomConversion.unit(context.valueWord(DrawKey(transfer, TransferDraw.throughput.purpose)))
    var task = DaemonTask(
      updated: context.now, target: size, file: UInt32(file), user: UInt32(user),
      session: devices[user].connectedSession)
    task.attempt = transfer.attempt
    task.throughputFactor = Self.thousandths(factor)
    task.moved = min(resumeFrom, size)
    if context.fault(settings.options.daemon.failure, DrawKey(transfer, TransferDraw.failure.purpose)) {
      let point = RandomConversion.index(
        random.word(DrawKey(transfer, TransferDraw.failurePoint.purpose)), below: max(size, 1))
      if point > task.moved {
        task.target = point
        task.failsAtTarget = true
        // Missing resume data is a fault of its own.
        task.resumeDataOnFailure = !context.fault(
          1 - settings.options.daemon.resumeData, DrawKey(transfer, TransferDraw.resumeData.purpose))
      }
    }
    // Its first rate is set before it is stored, so that creating a task
    // writes its line once.
    let wasWaiting = setRate(&task, at: context.now)
    let index = tasks.count
    tasks.append(task)
    addToRuns(index, of: user)
    var fileState = devices[file: file, of: user]
    fileState.aliveTasks &+= 1
    fileState.mostAlive = max(fileState.mostAlive, fileState.aliveTasks)
    // One draw per file (no ordinal): every task of it gets the same answer.
    let contentLengthKnown = settings.options.workload.contentLengthKnown
    if contentLengthKnown < 1,
      random.bernoulli(
        1 - contentLengthKnown, DrawKey(FileIdentity(file: file), TransferDraw.contentLength.purpose))
    {
      fileState.progressUnknown = true
    }
    devices[file: file, of: user] = fileState
    context.traceMessage(
      from: TransferWorld.appName(user), to: TransferWorld.daemonName(user), "enqueue \(taskName(index))",
      "session=\(task.session) size=\(size)\(resumeFrom > 0 ? " resume=\(task.moved)" : "")")
    try scheduleEnd(of: task, at: index, wasWaiting: wasWaiting, &context)
    try settleUplinks(&context)
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

  /// `max(1, (factor · 1000).rounded())` for a factor in [0, 2] (or NaN),
  /// without the C library's `round` call (Linux's baseline x86-64 has
  /// no rounding instruction): the conversion truncates, the fraction is
  /// exact at this size, and a half rounds away from zero as `rounded()`
  /// does.
  @usableFromInline
  static func thousandths(_ factor: Double) -> UInt32 {
    let scaled = factor * 1_000
    guard scaled >= 1 else { return 1 }
    let whole = UInt32(scaled)
    return scaled - Double(whole) >= 0.5 ? whole + 1 : whole
  }

  /// The file's size: a keyed draw by file, the same for every task.
  @usableFromInline
  func fileSize(_ file: Int, _ random: KeyedRandom) -> UInt64 {
    let low = settings.options.workload.minimumBytes
    let high = max(settings.options.workload.maximumBytes, low)
    guard high > low else { return low }
    return low
      + RandomConversion.index(
        random.word(DrawKey(FileIdentity(file: file), TransferDraw.size.purpose)), below: high - low + 1)
  }
}
