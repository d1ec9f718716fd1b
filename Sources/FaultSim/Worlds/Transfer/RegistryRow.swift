/// One row of the app's registry (think `upload_jobs`: id, state,
/// attempts, last HTTP status): what the app believes about one wanted
/// file. It is a persisted copy and may be stale; only the app edits it.
struct RegistryRow {
  /// The row's state column.
  enum State: UInt8, CustomStringConvertible {
    case none
    case queued
    case active
    case done
    case failed

    /// The case name, without reflection (final states print one per file).
    var description: String {
      switch self {
      case .none: "none"
      case .queued: "queued"
      case .active: "active"
      case .done: "done"
      case .failed: "failed"
      }
    }
  }

  var state: State = .none
  /// Whether the user wants the file (false after cancelling it).
  var wanted = true
  /// Whether the user cancelled it (and will ask again).
  var cancelled = false
  /// The task the row refers to; callbacks of other tasks are stale.
  var currentTask: TransferTaskID?
  /// Tasks the app created for the file.
  var attempts: UInt16 = 0
  var lastStatus: UInt16 = 0
}
