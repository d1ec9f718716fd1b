/// One task in the OS transfer daemon: 64 bytes, one cache line in the
/// daemon's line-aligned table (the transfer benchmark is bound by these
/// lines; `ComponentLayoutTests` holds the size).
@usableFromInline
struct DaemonTask: BitwiseCopyable {
  /// Where the task is in its life.
  @usableFromInline
  enum State: UInt8, Sendable, BitwiseCopyable {
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
  @usableFromInline
  enum Ending: UInt8, Sendable, BitwiseCopyable, CustomStringConvertible {
    case none
    case completed
    case failed
    case cancelledByUser
    case cancelledByForceQuit
    case cancelledByApp

    /// The case name, as traces print it (`reason=cancelledByApp`).
    @usableFromInline
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
  @usableFromInline
  var moved: UInt64 = 0
  @usableFromInline
  var updated: VirtualTime
  /// Where the task ends: the file's size, or the failure point.
  @usableFromInline
  var target: UInt64
  @usableFromInline
  var file: UInt32
  @usableFromInline
  var user: UInt32
  @usableFromInline
  var session: SessionIdentifier
  /// Current rate in bytes per second (0 while waiting).
  @usableFromInline
  var rate: UInt32 = 0
  /// Per-task throughput factor in thousandths.
  @usableFromInline
  var throughputFactor: UInt32 = 1_000
  /// Bumped whenever progress is recomputed, so that an end scheduled at
  /// the old rate is recognised as stale.
  @usableFromInline
  var generation: UInt32 = 0
  /// The task queued for delivery just before it (slot), while it waits
  /// in its user's delivery queue; ``DaemonTask/endOfList`` for the oldest.
  @usableFromInline
  var queuedBefore: Int32 = DaemonTask.endOfList
  @usableFromInline
  var state: State = .waiting
  @usableFromInline
  var ending: Ending = .none
  @usableFromInline
  var failsAtTarget = false
  @usableFromInline
  var resumeDataOnFailure = false
  /// Whether its delivery waits until after a relaunch's reconcile.
  @usableFromInline
  var deferred = false
  /// Whether it completed in a session no app listens to (when it ended,
  /// or when the app moved to another session before its event arrived).
  @usableFromInline
  var orphaned = false
  /// The file's attempt number this task is (its identity with `file`).
  @usableFromInline
  var attempt: UInt16 = 0

  /// The link that ends a list of runs or a delivery queue.
  @usableFromInline
  static let endOfList: Int32 = -1

  /// When it ended (valid once ended).
  @inlinable
  var endedAt: VirtualTime { updated }

  /// Whether it still moves bytes, or waits to.
  @inlinable
  var isLive: Bool { state == .waiting || state == .running }

  /// What the task is, for keyed draws and trace names: the file's n-th
  /// transfer (the app's `taskDescription`).
  @inlinable
  var identity: TransferAttemptIdentity { TransferAttemptIdentity(file: Int(file), attempt: attempt) }
}
