/// How the daemon's tasks progress: their rate under the device's network
/// and charging conditions and the session's constraints, and the end each
/// is heading for.
extension TransferDaemon {
  /// The rate a task gets at `time` under the user's conditions and the
  /// session's constraints, in bytes per second (0: waiting).
  ///
  /// Always inlined: a call from a mutating method passes the whole
  /// daemon, 144 bytes, as a copy.
  @usableFromInline
  @inline(__always)
  func rate(of task: DaemonTask, at time: VirtualTime) -> UInt64 {
    var network = NetworkAvailability.wifi
    if settings.hasConditionTimelines {
      if settings.options.constraints.requiresPower && !conditions[Int(task.user)].isCharging(at: time) { return 0 }
      network = conditions[Int(task.user)].network(at: time)
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
  @usableFromInline
  mutating func updateTask(_ index: Int, _ context: inout SimulationContext<TransferEvent>) throws(SimulationError) {
    var task = tasks[index]
    guard task.isLive else { return }
    advance(&task, to: context.now)
    let wasWaiting = setRate(&task, at: context.now)
    tasks[index] = task
    try scheduleEnd(of: task, at: index, wasWaiting: wasWaiting, &context)
  }

  /// Sets a live task's rate for the conditions at `now`, running or
  /// waiting by it, and moves its generation on (an end scheduled before
  /// is stale).
  ///
  /// - Returns: Whether it was waiting.
  @inlinable
  @inline(__always)
  func setRate(_ task: inout DaemonTask, at now: VirtualTime) -> Bool {
    task.rate = UInt32(rate(of: task, at: now))
    task.generation &+= 1
    let wasWaiting = task.state == .waiting
    task.state = task.rate > 0 ? .running : .waiting
    return wasWaiting
  }

  /// Schedules the end of the task in slot `index` (as stored) at its
  /// rate, if it runs, and traces its start if it was waiting.
  @usableFromInline
  mutating func scheduleEnd(
    of task: DaemonTask, at index: Int, wasWaiting: Bool, _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    if wasWaiting && task.rate > 0 {
      context.trace(TransferWorld.daemonName(Int(task.user)), "start \(taskName(index))")
    }
    // A shared uplink schedules one end per device, after resharing.
    if sharesUplink { return uplinkChanged(Int(task.user)) }
    guard task.rate > 0 else { return }
    let remaining = task.target - task.moved
    let duration = Self.duration(bytes: remaining, rate: UInt64(task.rate))
    try context.schedule(
      TransferEvent(
        .taskReachesTarget(TransferTaskID(slot: index), generation: task.generation), user: task.user),
      at: context.now.advanced(saturatingBy: duration))
  }

  /// Brings a task's moved bytes (and the daemon's total) to `now` at its
  /// current rate.
  @inlinable
  @inline(__always)
  mutating func advance(_ task: inout DaemonTask, to now: VirtualTime) {
    if task.rate > 0 && now > task.updated {
      let moved = min(
        task.target, task.moved &+ Self.bytes(rate: UInt64(task.rate), over: now.duration(since: task.updated)))
      bytesMoved &+= moved - task.moved
      task.moved = moved
    }
    task.updated = now
  }

  /// When the task will reach its target at its current rate.
  @usableFromInline
  func scheduledEnd(of index: Int) -> VirtualTime? {
    let task = tasks[index]
    guard task.state == .running, task.rate > 0 else { return nil }
    return try? task.updated.advanced(by: Self.duration(bytes: task.target - task.moved, rate: UInt64(task.rate)))
  }

  /// Bytes moved at `rate` bytes/s over `duration`.
  @usableFromInline
  static func bytes(rate: UInt64, over duration: VirtualDuration) -> UInt64 {
    let product = rate.multipliedFullWidth(by: duration.nanoseconds)
    guard product.high < 1_000_000_000 else { return .max }
    // A product that fits 64 bits (the common case) divides in one
    // instruction; the 128-bit division is a call into the runtime.
    guard product.high != 0 else { return product.low / 1_000_000_000 }
    return UInt64(1_000_000_000).dividingFullWidth(product).quotient
  }

  /// The time to move `bytes` at `rate` bytes/s, rounded up to the
  /// nanosecond; the longest duration when it does not fit.
  @usableFromInline
  static func duration(bytes: UInt64, rate: UInt64) -> VirtualDuration {
    let product = bytes.multipliedFullWidth(by: 1_000_000_000)
    guard product.high < rate else { return .nanoseconds(.max) }
    // As in `bytes(rate:over:)`: 64 bits when the product fits.
    let (quotient, remainder) =
      product.high == 0 ? product.low.quotientAndRemainder(dividingBy: rate) : rate.dividingFullWidth(product)
    return .nanoseconds(remainder == 0 ? quotient : quotient &+ 1)
  }

  /// Keeps one condition-change event pending for a user with live tasks.
  ///
  /// Always inlined: without condition timelines (the common case) it is
  /// one test at the call.
  @inlinable
  @inline(__always)
  mutating func armConditionChange(_ user: Int, _ context: inout SimulationContext<TransferEvent>)
    throws(SimulationError)
  {
    guard settings.hasConditionTimelines else { return }
    try armConditionChangeOnTimeline(user, &context)
  }

  @usableFromInline
  mutating func armConditionChangeOnTimeline(_ user: Int, _ context: inout SimulationContext<TransferEvent>)
    throws(SimulationError)
  {
    guard !devices[user].conditionEventPending else { return }
    guard let next = nextConditionChange(user, after: context.now) else { return }
    devices[user].conditionEventPending = true
    devices[user].conditionGeneration &+= 1
    try context.schedule(
      TransferEvent(.conditionsChange(generation: devices[user].conditionGeneration), user: user), at: next)
  }

  /// The next instant after `time` at which the user's network or charging
  /// changes, within the horizon.
  @usableFromInline
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

  /// The device's network or charging changed: every live task gets its
  /// new rate.
  @usableFromInline
  mutating func conditionsChange(
    _ user: Int, generation: UInt32, _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    guard devices[user].conditionGeneration == generation else { return }
    devices[user].conditionEventPending = false
    var cursor = taskCursor(of: user)
    var live = false
    while let task = nextTask(&cursor) {
      if tasks[task].isLive {
        live = true
        try updateTask(task, &context)
      }
    }
    if live { try armConditionChange(user, &context) }
    try settleUplinks(&context)
  }
}
