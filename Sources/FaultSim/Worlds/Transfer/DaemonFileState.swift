/// What the daemon tracks of one file while it runs: 3 bytes beside its
/// device's state in the ``DaemonDeviceTable``. The counts of its finished
/// transfers are read from the tasks at the end of the run
/// (``DaemonFileRecord``).
@usableFromInline
struct DaemonFileState: BitwiseCopyable {
  /// Tasks alive now, and at most at once.
  @usableFromInline
  var aliveTasks: UInt8 = 0
  @usableFromInline
  var mostAlive: UInt8 = 0
  /// Whether the server sends no Content-Length for it (one draw per file).
  @usableFromInline
  var progressUnknown = false
}
