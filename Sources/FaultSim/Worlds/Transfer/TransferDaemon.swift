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
///   (``reachTarget(_:generation:_:)``), a condition change, a user
///   force-quit (``forceQuit(_:_:)``), and the hand-over of endings as
///   ``TransferCallback`` values (``openDeliveryQueue(of:)``,
///   ``collect(_:_:)``).
///
/// It never reads or edits the app's registry. Its draws — size,
/// throughput, failure, resume data, the server's response — are keyed by
/// the file or by the transfer (``TransferAttemptIdentity``), never by a
/// task's slot.
struct TransferDaemon {
  let settings: TransferWorld.Settings
  /// Every task ever created in this run, by slot.
  var tasks: [DaemonTask] = []
  /// Per device.
  var users: [DaemonUserState]
  /// Per file.
  var files: [DaemonFileRecord]
  /// Bytes every task moved, summed as they move.
  var bytesMoved: UInt64 = 0
  /// Each device's network and charging timelines (shared with the OS task
  /// scheduler; read only during a run). Unused without condition
  /// timelines: then every device is on Wi-Fi and plugged in.
  var conditions: [DeviceConditions] = []

  init(_ settings: TransferWorld.Settings) {
    self.settings = settings
    let workload = settings.options.workload
    users = Array(repeating: DaemonUserState(), count: workload.users)
    files = Array(repeating: DaemonFileRecord(), count: workload.users * workload.filesPerUser)
  }

  /// Restores the initial state for another run, keeping the storage.
  mutating func reset() {
    tasks.removeAll(keepingCapacity: true)
    for index in users.indices { users[index] = DaemonUserState() }
    for index in files.indices { files[index] = DaemonFileRecord() }
    bytesMoved = 0
    conditions = []
  }

  /// The session whose events reach the user's app.
  func connectedSession(of user: Int) -> SessionIdentifier { users[user].connectedSession }

  /// A task as it is now.
  ///
  /// - Complexity: O(1).
  func snapshot(of task: TransferTaskID) -> TransferTaskSnapshot {
    snapshot(task.index)
  }

  /// Whether the task is running now.
  func isRunning(_ task: TransferTaskID) -> Bool { tasks[task.index].state == .running }

  func snapshot(_ index: Int) -> TransferTaskSnapshot {
    let task = tasks[index]
    return TransferTaskSnapshot(
      task: TransferTaskID(slot: index), transfer: task.identity, state: task.state, moved: task.moved,
      scheduledEnd: scheduledEnd(of: index), endedAt: task.state == .ended ? task.endedAt : nil)
  }

  /// Replaces `tasks` with the connected session's tasks whose events have
  /// not reached the app — live, or ended and queued — newest first.
  ///
  /// - Complexity: O(tasks the user ever created).
  func undeliveredTasks(of user: Int, into snapshots: inout [TransferTaskSnapshot]) {
    collectSessionTasks(of: user, into: &snapshots) { $0.isLive || $0.state == .ended }
  }

  /// The connected session's tasks that pass `include`, newest first.
  func collectSessionTasks(
    of user: Int, into snapshots: inout [TransferTaskSnapshot], where include: (DaemonTask) -> Bool
  ) {
    snapshots.removeAll(keepingCapacity: true)
    let session = users[user].connectedSession
    var index = users[user].firstTask
    while index != DaemonTask.endOfList {
      let task = tasks[Int(index)]
      if task.session == session && include(task) { snapshots.append(snapshot(Int(index))) }
      index = task.nextOfUser
    }
  }

  /// `u3/f7#2`: a task's name in traces.
  func taskName(_ index: Int) -> String { settings.taskName(tasks[index].identity) }
}
