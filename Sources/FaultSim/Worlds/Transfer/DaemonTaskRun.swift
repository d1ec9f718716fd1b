/// Consecutive slots of the daemon's task table that belong to one device:
/// the tasks its app created one after another, with no other device's in
/// between (a launch enqueueing every file, a reconcile, a retry).
///
/// A device's tasks are its runs, newest first, each walked from its last
/// slot back: newest task first, as a linked list of tasks would give, but
/// the slots of a run are adjacent lines of memory that the processor can
/// fetch at once, where a list's next link is known only once the previous
/// task has arrived. 16 bytes.
@usableFromInline
struct DaemonTaskRun: BitwiseCopyable {
  /// The first slot.
  @usableFromInline
  var first: Int32
  /// The slots, from `first` on.
  @usableFromInline
  var count: Int32
  /// The device's previous run (index in ``TransferDaemon/runs``),
  /// ``DaemonTask/endOfList`` for its first.
  @usableFromInline
  var previous: Int32
  /// The device.
  @usableFromInline
  var user: Int32

  @inlinable
  init(first: Int32, count: Int32, previous: Int32, user: Int32) {
    self.first = first
    self.count = count
    self.previous = previous
    self.user = user
  }
}

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
