/// A device's shared uplink (`daemon.uplink: shared`): its running uploads
/// progress under processor sharing, each at its own rate divided by their
/// number.
///
/// One pending "next upload ends" event per device: whenever the set of a
/// device's live uploads or their conditions change, ``reshareUplink(_:_:)``
/// brings every live upload to now at its old share, gives each its new
/// share, moves every task's generation on (so an end scheduled before is
/// stale) and schedules the earliest end alone. That is O(tasks of the
/// device) per change, and one event, instead of one event per task.
extension TransferDaemon {
  /// Whether this run's uploads share each device's uplink.
  @inlinable
  var sharesUplink: Bool { !settings.downloads && settings.options.daemon.uplink == .shared }

  /// Notes that `user`'s uploads must be reshared before time moves on
  /// (a task ended or was created, or its conditions changed).
  @inlinable
  mutating func uplinkChanged(_ user: Int) {
    guard sharesUplink, !changedUplinks.contains(user) else { return }
    changedUplinks.append(user)
  }

  /// Reshares every uplink noted as changed at this instant.
  ///
  /// - Complexity: O(tasks of the devices noted).
  @inlinable
  mutating func settleUplinks(_ context: inout SimulationContext<TransferEvent>) throws(SimulationError) {
    guard !changedUplinks.isEmpty else { return }
    var index = 0
    while index < changedUplinks.count {
      try reshareUplink(changedUplinks[index], &context)
      index += 1
    }
    changedUplinks.removeAll(keepingCapacity: true)
  }

  /// Brings `user`'s live uploads to now, gives each running one its share
  /// of the uplink — its rate under the conditions divided by the number
  /// running — and schedules the earliest end (ties: the lowest slot).
  ///
  /// - Complexity: O(tasks of the device).
  @usableFromInline
  mutating func reshareUplink(_ user: Int, _ context: inout SimulationContext<TransferEvent>)
    throws(SimulationError)
  {
    let now = context.now
    var running: UInt64 = 0
    var cursor = taskCursor(of: user)
    while let index = nextTask(&cursor) {
      var task = tasks[index]
      guard task.isLive else { continue }
      advance(&task, to: now)
      tasks[index] = task
      if rate(of: task, at: now) > 0 { running += 1 }
    }
    var earliest: (index: Int, duration: VirtualDuration)?
    cursor = taskCursor(of: user)
    while let index = nextTask(&cursor) {
      var task = tasks[index]
      guard task.isLive else { continue }
      let base = rate(of: task, at: now)
      task.rate = base == 0 ? 0 : UInt32(max(1, base / running))
      task.generation &+= 1
      task.state = task.rate > 0 ? .running : .waiting
      tasks[index] = task
      guard task.rate > 0 else { continue }
      let duration = Self.duration(bytes: task.target - task.moved, rate: UInt64(task.rate))
      if earliest.map({ duration < $0.duration }) ?? true { earliest = (index, duration) }
    }
    guard let earliest else { return }
    try context.schedule(
      TransferEvent(
        .taskReachesTarget(TransferTaskID(slot: earliest.index), generation: tasks[earliest.index].generation),
        user: UInt32(user)),
      at: now.advanced(saturatingBy: earliest.duration))
  }
}
