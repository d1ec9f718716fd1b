/// What the daemon's tasks did over a run, summed for the metrics
/// (``TransferDaemon/fileRecords(totals:)``).
@usableFromInline
struct DaemonTaskTotals {
  /// Tasks created.
  @usableFromInline
  var created: UInt64 = 0
  /// Tasks that completed a full transfer.
  @usableFromInline
  var completed: UInt64 = 0
  /// Tasks the app cancelled.
  @usableFromInline
  var cancelledByApp: UInt64 = 0

  @inlinable
  init() {}
}
