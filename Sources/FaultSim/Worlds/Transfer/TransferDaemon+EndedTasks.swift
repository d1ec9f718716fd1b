/// What the daemon tells an app about tasks that ended, beyond the ending
/// itself: how much a task was to move, which ended tasks `getAllTasks`
/// still lists, and how many tasks a fresh session orphaned — asked by
/// verb, so no other component reads a task's stored fields.
extension TransferDaemon {
  /// The bytes the task was to move (its download's size).
  ///
  /// - Complexity: O(1).
  @usableFromInline
  func target(of task: TransferTaskID) -> UInt64 { tasks[task.index].target }

  /// Replaces `snapshots` with the user's connected session's tasks that
  /// completed or failed and whose events the app has not received, newest
  /// first: `getAllTasks` still lists them, as completed — except one that
  /// a relaunch race let end just before the app looked (it has left the
  /// list, and its event comes later). Tasks a force-quit or the app
  /// cancelled are not listed.
  ///
  /// - Complexity: O(tasks the user ever created).
  @usableFromInline
  func endedAwaitingDelivery(of user: Int, into snapshots: inout [TransferTaskSnapshot]) {
    snapshots.removeAll(keepingCapacity: true)
    let session = devices[user].connectedSession
    var cursor = taskCursor(of: user)
    while let index = nextTask(&cursor) {
      let task = tasks[index]
      if task.session == session, task.state == .ended, !task.deferred,
        task.ending == .completed || task.ending == .failed
      {
        snapshots.append(snapshot(index))
      }
    }
  }

  /// The user's tasks that a fresh session identifier orphaned.
  ///
  /// - Complexity: O(1).
  @usableFromInline
  func tasksOrphaned(of user: Int) -> UInt32 { devices[user].tasksOrphaned }
}
