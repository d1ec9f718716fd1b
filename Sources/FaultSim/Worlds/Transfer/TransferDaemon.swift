/// The OS transfer daemon (`nsurlsessiond`) of every device in the world:
/// it owns the tasks of each session identifier, moves their bytes under
/// the device's network and charging conditions, ends them (completion,
/// failure, cancellation), and queues each ending until the app can
/// receive it.
///
/// Other components talk to it only through its API:
/// - the app through ``BackgroundTransferSession`` (connect, create, cancel,
///   `getAllTasks`);
/// - the world, which routes events: a task reaching its target
///   (``reachTarget(_:generation:user:_:)``), a condition change, a user
///   force-quit (``forceQuit(_:_:)``), and the hand-over of endings as
///   ``TransferCallback`` values (``openDeliveryQueue(of:)``,
///   ``collect(_:_:)``).
///
/// It never reads or edits the app's registry. Its draws — size,
/// throughput, failure, resume data, the server's response — are keyed by
/// the file or by the transfer (``TransferAttemptIdentity``), never by a
/// task's slot.
@usableFromInline
struct TransferDaemon {
  @usableFromInline
  let settings: TransferWorld.Settings
  /// Every task ever created in this run, by slot, one cache line each.
  @usableFromInline
  var tasks = CacheLineArray<DaemonTask>()
  /// Each device's tasks as runs of adjacent slots (``DaemonTaskRun``).
  @usableFromInline
  var runs = CacheLineArray<DaemonTaskRun>()
  /// Per device its state and its files' (``DaemonDeviceTable``): one
  /// cache line for a device of up to 13 files.
  @usableFromInline
  var devices: DaemonDeviceTable
  /// The delivery queue being handed over, newest first
  /// (``openDeliveryQueue(of:)``).
  @usableFromInline
  var deliveryOrder = CacheLineArray<Int32>()
  /// Delivery queues opened so far, to catch a cursor used after another
  /// queue was opened.
  @usableFromInline
  var deliveryOpenings: UInt32 = 0
  /// Bytes every task moved, summed as they move.
  @usableFromInline
  var bytesMoved: UInt64 = 0
  /// Each device's network and charging timelines (shared with the OS task
  /// scheduler; read only during a run). Unused without condition
  /// timelines: then every device is on Wi-Fi and plugged in.
  @usableFromInline
  var conditions: [DeviceConditions] = []
  /// The devices whose uplink must be reshared before time moves on
  /// (``settleUplinks(_:)``); empty between events.
  @usableFromInline
  var changedUplinks: [Int] = []

  @usableFromInline
  init(_ settings: TransferWorld.Settings) {
    self.settings = settings
    let workload = settings.options.workload
    devices = DaemonDeviceTable(devices: workload.users, filesPerDevice: workload.filesPerUser)
  }

  /// Restores the initial state for another run, keeping the storage.
  @usableFromInline
  mutating func reset() {
    tasks.removeAll(keepingCapacity: true)
    runs.removeAll(keepingCapacity: true)
    devices.reset()
    bytesMoved = 0
    conditions = []
    changedUplinks.removeAll(keepingCapacity: true)
  }

  /// Follows `conditions` — each device's network and charging timelines —
  /// for the run.
  @inlinable
  mutating func follow(_ conditions: [DeviceConditions]) {
    self.conditions = conditions
  }

  /// The bytes every task moved so far, useful or not.
  @inlinable
  var bytesTransferred: UInt64 { bytesMoved }

  /// The session whose events reach the user's app.
  @usableFromInline
  func connectedSession(of user: Int) -> SessionIdentifier { devices[user].connectedSession }

  /// A task as it is now.
  ///
  /// - Complexity: O(1).
  @usableFromInline
  func snapshot(of task: TransferTaskID) -> TransferTaskSnapshot {
    snapshot(task.index)
  }

  @usableFromInline
  func snapshot(_ index: Int) -> TransferTaskSnapshot {
    let task = tasks[index]
    return TransferTaskSnapshot(
      task: TransferTaskID(slot: index), transfer: task.identity, state: task.state, moved: task.moved)
  }

  /// Whether the task is waiting or running.
  @usableFromInline
  func isLive(_ task: TransferTaskID) -> Bool { tasks[task.index].isLive }

  /// Whether the task is running now.
  @usableFromInline
  func isRunning(_ task: TransferTaskID) -> Bool { tasks[task.index].state == .running }

  /// When a running task reaches its target at its current rate (`nil`:
  /// not running, or beyond the clock's range).
  @usableFromInline
  func scheduledEnd(of task: TransferTaskID) -> VirtualTime? { scheduledEnd(of: task.index) }

  /// What the task transfers (its `taskDescription`).
  @usableFromInline
  func transfer(of task: TransferTaskID) -> TransferAttemptIdentity { tasks[task.index].identity }

  /// The connected session's tasks whose ending falls within `window` of
  /// `now` — running tasks due by then, ended ones whose event has waited
  /// no longer — newest first, in `candidates`.
  ///
  /// - Returns: How many of the connected session's tasks are live (what
  ///   `getAllTasks` would list).
  /// - Complexity: O(tasks the user ever created).
  @usableFromInline
  func endingsNear(
    _ now: VirtualTime, within window: VirtualDuration, of user: Int, into candidates: inout [TransferTaskID]
  ) -> UInt32 {
    candidates.removeAll(keepingCapacity: true)
    let session = devices[user].connectedSession
    var alive: UInt32 = 0
    var cursor = taskCursor(of: user)
    while let task = nextTask(&cursor) {
      if tasks[task].session == session {
        if tasks[task].isLive { alive &+= 1 }
        if let end = scheduledEnd(of: task), end.duration(since: now) <= window {
          candidates.append(TransferTaskID(slot: task))
        } else if tasks[task].state == .ended, now.duration(since: tasks[task].endedAt) <= window {
          candidates.append(TransferTaskID(slot: task))
        }
      }
    }
    return alive
  }

  /// Replaces `snapshots` with the connected session's live tasks, newest
  /// first.
  ///
  /// - Complexity: O(tasks the user ever created).
  @usableFromInline
  func liveSessionTasks(of user: Int, into snapshots: inout [TransferTaskSnapshot]) {
    snapshots.removeAll(keepingCapacity: true)
    let session = devices[user].connectedSession
    var cursor = taskCursor(of: user)
    while let task = nextTask(&cursor) {
      if tasks[task].session == session && tasks[task].isLive { snapshots.append(snapshot(task)) }
    }
  }

  /// `u3/f7#2`: a task's name in traces.
  @usableFromInline
  func taskName(_ index: Int) -> String { settings.taskName(tasks[index].identity) }

  /// What the daemon did for each file over the run, in file order: the
  /// file's state now, and the completed and orphaned transfers counted
  /// from its tasks; and in `totals`, what all the tasks did (one pass
  /// over the tasks serves both).
  ///
  /// - Complexity: O(files + tasks).
  @usableFromInline
  func fileRecords(totals: inout DaemonTaskTotals) -> [DaemonFileRecord] {
    var blank = DaemonFileRecord()
    // The server's side of the key: a stored key makes every upload of the
    // job one copy; a key made at send time is new on every task, as none.
    blank.oneCopyPerKey = !settings.downloads && settings.options.app.uploadKey == .storedWithRow
    var records = Array(repeating: blank, count: devices.devices * devices.filesPerDevice)
    for user in 0..<devices.devices {
      for file in settings.files(of: user) {
        let state = devices[file: file, of: user]
        records[file].aliveTasks = state.aliveTasks
        records[file].mostAlive = state.mostAlive
        records[file].progressUnknown = state.progressUnknown
      }
    }
    for task in tasks {
      totals.created &+= 1
      if task.ending == .cancelledByApp { totals.cancelledByApp &+= 1 }
      guard task.ending == .completed else { continue }
      totals.completed &+= 1
      records[Int(task.file)].completedTransfers &+= 1
      if task.orphaned { records[Int(task.file)].orphanedTransfers &+= 1 }
    }
    return records
  }

  /// What the daemon did for each file over the run
  /// (``fileRecords(totals:)`` without the totals).
  ///
  /// - Complexity: O(files + tasks).
  @usableFromInline
  func fileRecords() -> [DaemonFileRecord] {
    var totals = DaemonTaskTotals()
    return fileRecords(totals: &totals)
  }
}
