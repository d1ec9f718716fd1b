/// One daemon task as the daemon reports it at one instant: a value, like
/// the tasks `getAllTasks` hands an app, which does not change when the task
/// does.
struct TransferTaskSnapshot {
  /// The handle to cancel it by.
  var task: TransferTaskID
  /// What it transfers: its `taskDescription` (file and attempt).
  var transfer: TransferAttemptIdentity
  /// Waiting, running, or ended with its event not yet delivered.
  var state: DaemonTask.State
  /// Bytes moved so far (as of the task's last progress update).
  var moved: UInt64

  /// Whether it still moves bytes, or waits to (what `getAllTasks` lists).
  var isLive: Bool { state == .waiting || state == .running }
}
