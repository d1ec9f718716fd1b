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
