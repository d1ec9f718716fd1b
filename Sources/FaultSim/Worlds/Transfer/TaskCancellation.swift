/// Who cancelled a daemon task.
@usableFromInline
enum TaskCancellation: UInt8, BitwiseCopyable {
  /// The app, on the user's request, while in the foreground: it handles
  /// the cancellation itself, so the daemon owes it no event.
  case user
  /// The user force-quit the app: the daemon cancels the session's tasks.
  case forceQuit
  /// The app cancelled it itself (e.g. an expiring background task).
  case app

  /// The ending the daemon records.
  @usableFromInline
  var ending: DaemonTask.Ending {
    switch self {
    case .user: .cancelledByUser
    case .forceQuit: .cancelledByForceQuit
    case .app: .cancelledByApp
    }
  }
}
