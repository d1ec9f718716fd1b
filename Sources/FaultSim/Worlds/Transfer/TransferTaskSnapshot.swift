/// One daemon task as `getAllTasks` reports it at one instant: a value,
/// which does not change when the task does.
///
/// A reconcile sees the snapshots of each file's listed tasks
/// (``TransferReconciler/reconcile(_:listed:_:)``), an expiration handler
/// the whole list (``ReconcileJobHandler/expired(listing:_:)``).
public struct TransferTaskSnapshot: Sendable {
  /// The handle to cancel it by.
  public let task: TransferTaskID
  /// What it transfers: its `taskDescription` (the file and the attempt).
  public let transfer: TransferAttemptIdentity
  /// Waiting, running, or ended with its event not yet delivered.
  @usableFromInline
  var state: DaemonTask.State
  /// Bytes moved so far (as of the task's last progress update).
  public let moved: UInt64

  /// A task as the daemon reports it.
  @inlinable
  init(task: TransferTaskID, transfer: TransferAttemptIdentity, state: DaemonTask.State, moved: UInt64) {
    self.task = task
    self.transfer = transfer
    self.state = state
    self.moved = moved
  }

  /// Whether it moves bytes now; `false` while it waits for its
  /// constraints (network, power) — `getAllTasks` lists both.
  @inlinable
  public var isRunning: Bool { state == .running }

  /// Whether it still moves bytes, or waits to (what `getAllTasks` lists).
  @inlinable
  var isLive: Bool { state == .waiting || state == .running }
}
