/// One task in the OS transfer daemon: 64 bytes, one cache line (the
/// transfer benchmark is bound by these lines; `DaemonTaskLayoutTests`
/// holds the size).
struct DaemonTask {
  /// Where the task is in its life.
  enum State: UInt8 {
    /// Waiting for its constraints (network, power).
    case waiting
    case running
    /// Ended (completed, failed or cancelled); its event awaits delivery.
    case ended
    /// The app received its event (or never will: orphaned, or cancelled by
    /// the app itself on the user's request).
    case closed
  }

  /// How the task ended; the names are the ones traces print.
  enum Ending: UInt8, CustomStringConvertible {
    case none
    case completed
    case failed
    case cancelledByUser
    case cancelledByForceQuit
    case cancelledByApp

    /// The case name, as traces print it (`reason=cancelledByApp`).
    var description: String {
      switch self {
      case .none: "none"
      case .completed: "completed"
      case .failed: "failed"
      case .cancelledByUser: "cancelledByUser"
      case .cancelledByForceQuit: "cancelledByForceQuit"
      case .cancelledByApp: "cancelledByApp"
      }
    }
  }

  /// Bytes moved as of `updated` (once ended: when it ended).
  var moved: UInt64 = 0
  var updated: VirtualTime
  /// Where the task ends: the file's size, or the failure point.
  var target: UInt64
  var file: UInt32
  var user: UInt32
  var session: SessionIdentifier
  /// Current rate in bytes per second (0 while waiting).
  var rate: UInt32 = 0
  /// Per-task throughput factor in thousandths.
  var throughputFactor: UInt32 = 1_000
  /// Bumped whenever progress is recomputed, so that an end scheduled at
  /// the old rate is recognised as stale.
  var generation: UInt32 = 0
  /// Next task of the same user (slot), ``DaemonTask/endOfList`` at the end.
  var nextOfUser: Int32 = DaemonTask.endOfList
  /// Next task in the user's delivery queue (slot).
  var nextPending: Int32 = DaemonTask.endOfList
  var state: State = .waiting
  var ending: Ending = .none
  var failsAtTarget = false
  var resumeDataOnFailure = false
  /// Whether its delivery waits until after a relaunch's reconcile.
  var deferred = false
  /// The file's attempt number this task is (its identity with `file`).
  var attempt: UInt16 = 0

  /// The link that ends a task list or a delivery queue.
  static let endOfList: Int32 = -1

  /// When it ended (valid once ended).
  var endedAt: VirtualTime { updated }

  /// Whether it still moves bytes, or waits to.
  var isLive: Bool { state == .waiting || state == .running }

  /// What the task is, for keyed draws and trace names: the file's n-th
  /// transfer (the app's `taskDescription`).
  var identity: TransferAttemptIdentity { TransferAttemptIdentity(file: Int(file), attempt: attempt) }
}
