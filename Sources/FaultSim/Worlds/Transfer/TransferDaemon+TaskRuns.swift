extension TransferDaemon {
  /// A position in one device's tasks, newest first
  /// (``nextTask(_:)``).
  @usableFromInline
  struct TaskCursor {
    /// The next run to walk (index in `runs`).
    @usableFromInline
    var run: Int32
    /// The slot after the next one to hand out in the current run.
    @usableFromInline
    var slot: Int32 = 0
    /// The current run's first slot.
    @usableFromInline
    var first: Int32 = 0

    @inlinable
    init(run: Int32) {
      self.run = run
    }
  }

  /// The user's tasks from the newest on.
  ///
  /// - Complexity: O(1).
  @inlinable
  func taskCursor(of user: Int) -> TaskCursor {
    TaskCursor(run: devices[user].lastRun)
  }

  /// The slot of the next task (older than the previous one), `nil` after
  /// the user's first task.
  ///
  /// - Complexity: O(1).
  @inlinable
  func nextTask(_ cursor: inout TaskCursor) -> Int? {
    while cursor.slot == cursor.first {
      guard cursor.run != DaemonTask.endOfList else { return nil }
      let run = runs[Int(cursor.run)]
      cursor.first = run.first
      cursor.slot = run.first &+ run.count
      cursor.run = run.previous
    }
    cursor.slot &-= 1
    return Int(cursor.slot)
  }

  /// Records a task the user just created in slot `index` (the table's
  /// last): it extends the table's last run when that is the user's (the
  /// previous slot is then the user's too).
  ///
  /// - Complexity: Amortised O(1).
  @inlinable
  mutating func addToRuns(_ index: Int, of user: Int) {
    let last = runs.count &- 1
    if last >= 0 && runs[last].user == Int32(user) {
      runs[last].count &+= 1
      return
    }
    runs.append(DaemonTaskRun(first: Int32(index), count: 1, previous: devices[user].lastRun, user: Int32(user)))
    devices[user].lastRun = Int32(last &+ 1)
  }
}
