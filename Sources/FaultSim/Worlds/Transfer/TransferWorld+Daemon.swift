/// The OS transfer daemon: tasks, their progress under changing network and
/// charging conditions, and their endings.
extension TransferWorld {
  /// Creates a task for `file` in the user's current session.
  ///
  /// - Parameter resumeFrom: Bytes already held from resume data.
  /// - Returns: The task's index.
  @discardableResult
  mutating func createTask(
    _ file: Int, resumeFrom: UInt64 = 0, _ context: inout SimulationContext<Event>
  ) throws(SimulationError) -> Int {
    let user = file / filesPerUser
    let random = context.random
    let attempt = TransferAttemptIdentity(file: file, attempt: files[file].attempts)
    let size = fileSize(file, random)
    let spread = max(0, min(1, settings.options.daemon.throughputSpread))
    let factor =
      1 - spread + 2 * spread
      * RandomConversion.unit(
        context.valueWord(DrawKey(attempt, TransferDraw.throughput.purpose)))
    var task = DaemonTask(
      updated: context.now.nanoseconds, target: size, file: UInt32(file), user: UInt32(user),
      session: apps[user].session)
    task.attempt = attempt.attempt
    task.throughputFactor = UInt32(max(1, (factor * 1_000).rounded()))
    task.moved = min(resumeFrom, size)
    if context.fault(
      settings.options.daemon.failure, DrawKey(attempt, TransferDraw.failure.purpose))
    {
      let point = RandomConversion.index(
        random.word(DrawKey(attempt, TransferDraw.failurePoint.purpose)), below: max(size, 1))
      if point > task.moved {
        task.target = point
        task.failsAtTarget = true
        // Missing resume data is a fault of its own.
        task.resumeDataOnFailure = !context.fault(
          1 - settings.options.daemon.resumeData,
          DrawKey(attempt, TransferDraw.resumeData.purpose))
      }
    }
    task.nextOfUser = apps[user].firstTask
    let index = tasks.count
    tasks.append(task)
    apps[user].firstTask = Int32(index)
    files[file].aliveTasks &+= 1
    files[file].mostAlive = max(files[file].mostAlive, files[file].aliveTasks)
    if files[file].requestedAt == 0 && files[file].attempts <= 1 { files[file].requestedAt = context.now.nanoseconds }
    // One draw per file (no ordinal): every task of it gets the same answer.
    if settings.options.workload.contentLengthKnown < 1,
      random.bernoulli(
        1 - settings.options.workload.contentLengthKnown,
        DrawKey(FileIdentity(file: file), TransferDraw.contentLength.purpose))
    {
      files[file].progressUnknown = true
    }
    context.traceMessage(
      from: Self.appName(user), to: Self.daemonName(user), "enqueue \(taskName(index))",
      "session=\(task.session) size=\(size)\(resumeFrom > 0 ? " resume=\(task.moved)" : "")")
    try updateTask(index, &context)
    try armConditionChange(user, &context)
    return index
  }

  /// The file's size: a keyed draw by file, the same for every task.
  func fileSize(_ file: Int, _ random: KeyedRandom) -> UInt64 {
    let low = settings.options.workload.minimumBytes
    let high = max(settings.options.workload.maximumBytes, low)
    guard high > low else { return low }
    return low
      + RandomConversion.index(
        random.word(DrawKey(FileIdentity(file: file), TransferDraw.size.purpose)), below: high - low + 1)
  }

  /// The rate a task gets at `time` under the user's conditions and the
  /// session's constraints, in bytes per second (0: waiting).
  func rate(of task: DaemonTask, at time: UInt64) -> UInt64 {
    var network = NetworkAvailability.wifi
    if hasConditionTimelines {
      let instant = VirtualTime(nanoseconds: time)
      if settings.options.constraints.requiresPower && !conditions[Int(task.user)].isCharging(at: instant) { return 0 }
      network = conditions[Int(task.user)].network(at: instant)
    }
    let base: UInt64
    switch network {
    case .offline: return 0
    case .cellular:
      if settings.options.constraints.wifiOnly { return 0 }
      base = settings.options.daemon.cellularBytesPerSecond
    case .wifi:
      base = settings.options.daemon.wifiBytesPerSecond
    }
    return min(UInt64(UInt32.max), max(1, base.multipliedFullWidth(by: UInt64(task.throughputFactor)).low / 1_000))
  }

  /// Brings a live task's progress to now, sets its rate for the current
  /// conditions and schedules its end.
  mutating func updateTask(_ index: Int, _ context: inout SimulationContext<Event>) throws(SimulationError) {
    let now = context.now.nanoseconds
    var task = tasks[index]
    guard task.state == .waiting || task.state == .running else { return }
    advance(&task, to: now)
    task.rate = UInt32(rate(of: task, at: now))
    task.generation &+= 1
    let wasWaiting = task.state == .waiting
    task.state = task.rate > 0 ? .running : .waiting
    tasks[index] = task
    if wasWaiting && task.rate > 0 {
      context.trace(Self.daemonName(Int(task.user)), "start \(taskName(index))")
    }
    guard task.rate > 0 else { return }
    let remaining = task.target - task.moved
    let duration = Self.duration(bytes: remaining, rate: UInt64(task.rate))
    let (end, overflow) = now.addingReportingOverflow(duration)
    try context.schedule(
      TransferEvent(.taskEnd, user: task.user, index: UInt32(index), generation: task.generation),
      at: VirtualTime(nanoseconds: overflow ? .max : end))
  }

  /// Brings a task's moved bytes (and the world's total) to `now` at its
  /// current rate.
  mutating func advance(_ task: inout DaemonTask, to now: UInt64) {
    if task.rate > 0 && now > task.updated {
      let moved = min(task.target, task.moved &+ Self.bytes(rate: UInt64(task.rate), over: now - task.updated))
      bytesMoved &+= moved - task.moved
      task.moved = moved
    }
    task.updated = now
  }

  /// When the task will reach its target at its current rate.
  func scheduledEnd(of index: Int) -> UInt64? {
    let task = tasks[index]
    guard task.state == .running, task.rate > 0 else { return nil }
    let (end, overflow) = task.updated.addingReportingOverflow(
      Self.duration(bytes: task.target - task.moved, rate: UInt64(task.rate)))
    return overflow ? nil : end
  }

  /// Bytes moved at `rate` bytes/s over `nanoseconds`.
  static func bytes(rate: UInt64, over nanoseconds: UInt64) -> UInt64 {
    let product = rate.multipliedFullWidth(by: nanoseconds)
    guard product.high < 1_000_000_000 else { return .max }
    return UInt64(1_000_000_000).dividingFullWidth(product).quotient
  }

  /// Nanoseconds to move `bytes` at `rate` bytes/s, rounded up.
  static func duration(bytes: UInt64, rate: UInt64) -> UInt64 {
    let product = bytes.multipliedFullWidth(by: 1_000_000_000)
    guard product.high < rate else { return .max }
    let (quotient, remainder) = rate.dividingFullWidth(product)
    return remainder == 0 ? quotient : quotient &+ 1
  }

  /// Keeps one condition-change event pending for a user with live tasks.
  mutating func armConditionChange(_ user: Int, _ context: inout SimulationContext<Event>) throws(SimulationError) {
    guard hasConditionTimelines, !apps[user].conditionEventPending else { return }
    guard let next = nextConditionChange(user, after: context.now) else { return }
    apps[user].conditionEventPending = true
    apps[user].conditionGeneration &+= 1
    try context.schedule(
      TransferEvent(.conditionChange, user: UInt32(user), generation: apps[user].conditionGeneration), at: next)
  }

  /// The next instant after `time` at which the user's network or charging
  /// changes, within the horizon.
  func nextConditionChange(_ user: Int, after time: VirtualTime) -> VirtualTime? {
    let device = conditions[user]
    var next: VirtualTime?
    for spell in device.network.spells where spell.start > time {
      next = spell.start
      break
    }
    if settings.options.constraints.requiresPower {
      let boundary =
        device.isCharging(at: time)
        ? device.charging.nextEnd(atOrAfter: time) : device.charging.nextStart(atOrAfter: time)
      if let boundary, boundary > time { next = next.map { min($0, boundary) } ?? boundary }
    }
    guard let next, next < device.horizon else { return nil }
    return next
  }

  mutating func conditionChange(
    _ user: Int, generation: UInt32, _ context: inout SimulationContext<Event>
  ) throws(SimulationError) {
    guard apps[user].conditionGeneration == generation else { return }
    apps[user].conditionEventPending = false
    var index = apps[user].firstTask
    var live = false
    while index >= 0 {
      let task = Int(index)
      if tasks[task].state == .waiting || tasks[task].state == .running {
        live = true
        try updateTask(task, &context)
      }
      index = tasks[task].nextOfUser
    }
    if live { try armConditionChange(user, &context) }
  }

  /// A task reaches its completion or failure point.
  mutating func taskEnd(_ index: Int, generation: UInt32, _ context: inout SimulationContext<Event>)
    throws(SimulationError)
  {
    guard tasks[index].generation == generation, tasks[index].state == .running else { return }
    try finishTask(index, &context)
  }

  /// Ends a running task now at its target (completion or failure) and
  /// routes its event to the app.
  mutating func finishTask(_ index: Int, deliver: Bool = true, _ context: inout SimulationContext<Event>)
    throws(SimulationError)
  {
    var task = tasks[index]
    let file = Int(task.file)
    let user = Int(task.user)
    bytesMoved &+= task.target - task.moved
    task.moved = task.target
    task.updated = context.now.nanoseconds
    task.state = .ended
    task.ending = task.failsAtTarget ? .failed : .completed
    task.generation &+= 1
    let completed = task.ending == .completed
    files[file].aliveTasks &-= 1
    if completed { files[file].completedTransfers &+= 1 }
    context.trace(
      Self.daemonName(user), completed ? "finish \(taskName(index))" : "\(taskName(index)) fails",
      "bytes=\(task.moved)")
    // A session the app no longer uses: the event goes nowhere.
    guard task.session == apps[user].session else {
      task.state = .closed
      tasks[index] = task
      if completed { files[file].orphanedTransfers &+= 1 }
      context.trace(Self.daemonName(user), "\(taskName(index)) orphaned", "no app listens to session=\(task.session)")
      return
    }
    tasks[index] = task
    queueDelivery(index)
    if deliver { try routeEvent(user, task: index, &context) }
  }

  /// Puts an ended task of the connected session in its user's
  /// pending-delivery queue.
  mutating func queueDelivery(_ index: Int) {
    let user = Int(tasks[index].user)
    guard tasks[index].session == apps[user].session else { return }
    tasks[index].nextPending = -1
    if apps[user].pendingTail >= 0 {
      tasks[Int(apps[user].pendingTail)].nextPending = Int32(index)
    } else {
      apps[user].pendingHead = Int32(index)
    }
    apps[user].pendingTail = Int32(index)
  }

  /// Cancels a live task now (`ending` says why).
  mutating func cancelTask(
    _ index: Int, _ ending: DaemonTask.Ending, _ context: inout SimulationContext<Event>
  ) throws(SimulationError) {
    var task = tasks[index]
    guard task.state == .waiting || task.state == .running else { return }
    advance(&task, to: context.now.nanoseconds)
    task.state = .ended
    task.ending = ending
    task.generation &+= 1
    tasks[index] = task
    let file = Int(task.file)
    files[file].aliveTasks &-= 1
    queueDelivery(index)
    context.trace(Self.daemonName(Int(task.user)), "cancel \(taskName(index))", "reason=\(ending)")
  }
}
