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
  /// Whether the server recognises every upload of the file as one: each
  /// carries the key stored with the job's row (`app.uploadKey`
  /// `stored-with-row`), so it holds at most one copy.
  @usableFromInline
  var oneCopyPerKey = false

  /// Whether the file counts as duplicated: transferred more than once, or
  /// by two tasks at once — unless the server keeps one copy per key.
  @inlinable
  var duplicated: Bool {
    !oneCopyPerKey && (completedTransfers > 1 || mostAlive >= 2)
  }
}
