/// The daemon's state for one device: the session the app is connected to,
/// the device's tasks and the queue of endings awaiting the app; 21 bytes,
/// at the head of the device's block in the ``DaemonDeviceTable``.
@usableFromInline
struct DaemonUserState: BitwiseCopyable {
  /// The session whose events reach the app (the app's current identifier).
  @usableFromInline
  var connectedSession = SessionIdentifier.initial
  /// The device's newest run of tasks (``DaemonTaskRun``, index in
  /// ``TransferDaemon/runs``).
  @usableFromInline
  var lastRun = DaemonTask.endOfList
  /// The newest ended task whose event awaits delivery (slot): the queue
  /// is linked from the newest back (``DaemonTask/queuedBefore``), so that
  /// queueing an ending touches only its own task.
  @usableFromInline
  var newestPending = DaemonTask.endOfList
  /// Generation of the pending condition-change event.
  @usableFromInline
  var conditionGeneration: UInt32 = 0
  /// Tasks left behind (alive or undelivered) when the app connected to a
  /// new session identifier.
  @usableFromInline
  var tasksOrphaned: UInt32 = 0
  @usableFromInline
  var conditionEventPending = false
}
