/// The calls an app makes on its background `URLSession`, as the OS
/// transfer daemon answers them: connect to a session identifier, create a
/// task, cancel one, list the session's tasks (`getAllTasks`).
///
/// This is all the app holds of the daemon. It never reads or edits a
/// daemon task; what the daemon tells it — a completion, a failure with or
/// without resume data, a cancellation — arrives as a ``TransferCallback``
/// the world routes. ``TransferDaemon`` is the one implementation; the app
/// component is written against this protocol so that it cannot reach
/// further (and so that a URLSession-shaped service can stand in later).
@usableFromInline
protocol BackgroundTransferSession {
  /// Connects the user's app to `session`: events of the tasks of any other
  /// session no longer reach it (a fresh identifier orphans them).
  mutating func connect(user: Int, to session: SessionIdentifier)

  /// Creates and resumes a task for `transfer` in the user's connected
  /// session, starting from `resumeFrom` bytes of resume data.
  ///
  /// - Returns: The task's handle.
  mutating func createTask(
    for transfer: TransferAttemptIdentity, resumingFrom resumeFrom: UInt64,
    _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) -> TransferTaskID

  /// Cancels a live task (a task that already ended is left alone).
  mutating func cancel(
    _ task: TransferTaskID, _ reason: TaskCancellation, _ context: inout SimulationContext<TransferEvent>)

  /// Replaces `tasks` with the user's connected session's live tasks
  /// (waiting or running), newest first: `getAllTasks`.
  ///
  /// - Complexity: O(tasks the user ever created).
  func allTasks(of user: Int, into tasks: inout [TransferTaskSnapshot])
}
