/// The daemon's state for one device: the session the app is connected to,
/// the device's task list and the queue of endings awaiting the app.
@usableFromInline
struct DaemonUserState {
  /// The session whose events reach the app (the app's current identifier).
  @usableFromInline
  var connectedSession = SessionIdentifier.initial
  /// Head of the device's task list (slot, newest first).
  @usableFromInline
  var firstTask = DaemonTask.endOfList
  /// The queue of ended tasks whose events await delivery, in ending order.
  @usableFromInline
  var pendingHead = DaemonTask.endOfList
  @usableFromInline
  var pendingTail = DaemonTask.endOfList
  /// Generation of the pending condition-change event.
  @usableFromInline
  var conditionGeneration: UInt32 = 0
  @usableFromInline
  var conditionEventPending = false
  /// Tasks left behind (alive or undelivered) when the app connected to a
  /// new session identifier.
  @usableFromInline
  var tasksOrphaned: UInt32 = 0
}
