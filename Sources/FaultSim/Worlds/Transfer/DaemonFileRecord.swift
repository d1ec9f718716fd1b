/// What the daemon did for one file, over all its tasks and sessions, as
/// the run's metrics read it at the end (``TransferDaemon/fileRecords()``).
/// The app never sees it.
@usableFromInline
struct DaemonFileRecord {
  /// Full transfers that completed (any session).
  @usableFromInline
  var completedTransfers: UInt16 = 0
  /// Of those, transfers that completed in a session no app listens to.
  @usableFromInline
  var orphanedTransfers: UInt16 = 0
  /// Tasks alive now, and at most at once.
  @usableFromInline
  var aliveTasks: UInt8 = 0
  @usableFromInline
  var mostAlive: UInt8 = 0
  /// Whether the server sends no Content-Length for it (one draw per file).
  @usableFromInline
  var progressUnknown = false
}
