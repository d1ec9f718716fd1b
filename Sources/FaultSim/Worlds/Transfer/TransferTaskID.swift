/// The daemon's handle on one of its tasks, as an app holds a
/// `URLSessionTask`: the registry row keeps it to tell its own task's
/// events from stale ones.
///
/// It is the task's slot in the daemon's table, numbered in event order
/// across every device, so it never keys a draw or names a task in a trace
/// (``TransferAttemptIdentity`` does).
struct TransferTaskID: Hashable, BitwiseCopyable {
  /// The slot in ``TransferDaemon/tasks``.
  let slot: Int32

  init(slot: Int) {
    self.slot = Int32(truncatingIfNeeded: slot)
  }

  /// The slot as an array index.
  var index: Int { Int(slot) }
}
