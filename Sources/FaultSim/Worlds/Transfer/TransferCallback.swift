/// One delegate callback from the daemon to the app: how one of its tasks
/// ended, with what the app may learn about it (`didFinishDownloadingTo`,
/// `didCompleteWithError` with or without resume data, a cancellation).
///
/// The daemon builds it when it hands the ending over; the world routes it
/// to the app, which never reads the daemon's tasks.
@usableFromInline
struct TransferCallback {
  /// How a task ended, as the app's delegate learns it.
  @usableFromInline
  enum Outcome: CustomStringConvertible {
    /// The transfer finished; the server's response, and the bytes it
    /// moved (the file's size).
    case completed(TransferResponse, bytes: UInt64)
    /// The transfer failed part-way; resume data holds the bytes it had,
    /// `nil` when the failure carried none.
    case failed(resumeData: UInt64?)
    /// The task was cancelled.
    case cancelled(TaskCancellation)

    /// The daemon's ending, as traces print it (`completed u0/f1#1`).
    @usableFromInline
    var description: String {
      switch self {
      case .completed: "completed"
      case .failed: "failed"
      case .cancelled(let by): by.ending.description
      }
    }
  }

  /// The task's handle, to tell the registry row's own task from stale ones.
  @usableFromInline
  var task: TransferTaskID
  /// What the task transferred: its `taskDescription`.
  @usableFromInline
  var transfer: TransferAttemptIdentity
  @usableFromInline
  var outcome: Outcome
  /// Whether the daemon ever ran two tasks for the file at once: with
  /// in-place destination writes, both wrote the same file (seed AG17).
  @usableFromInline
  var fileHadConcurrentTasks: Bool

  /// A callback; see the properties for each argument.
  @inlinable
  init(task: TransferTaskID, transfer: TransferAttemptIdentity, outcome: Outcome, fileHadConcurrentTasks: Bool) {
    self.task = task
    self.transfer = transfer
    self.outcome = outcome
    self.fileHadConcurrentTasks = fileHadConcurrentTasks
  }
}
