/// The app's state on one device.
struct AppRecord {
  enum State: UInt8 {
    case foreground
    /// In memory, not running.
    case suspended
    /// Terminated by the system; transfers go on.
    case terminated
    /// Force-quit by the user: no background relaunch until opened.
    case forceQuit
  }

  var state: State = .terminated
  /// The current background session's identifier (a generation number);
  /// with a stable identifier it never changes.
  var session: UInt32 = 0
  /// Background wakes since the user last opened the app (relaunch delay).
  var backgroundWakes: UInt32 = 0
  /// Whether a wake is scheduled.
  var wakePending = false
  /// Head of the user's task list (index into the task table), −1 if none.
  var firstTask: Int32 = -1
  /// The queue of ended tasks whose events await delivery, in ending order.
  var pendingHead: Int32 = -1
  var pendingTail: Int32 = -1
  /// Generation of the pending condition-change event.
  var conditionGeneration: UInt32 = 0
  var conditionEventPending = false
  /// Wakes and background time used.
  var wakeUps: UInt32 = 0
  var backgroundRuntime: UInt64 = 0
  /// Reconcile-job generation (a later submission supersedes).
  var jobGeneration: UInt32 = 0
  var jobRunning = false
  /// Tasks alive in the connected session when the user reopened the app,
  /// as the daemon would report them.
  var aliveAtRelaunch: UInt32 = 0
  /// Tasks left behind (alive or undelivered) by new session identifiers.
  var tasksOrphaned: UInt32 = 0
  /// Reconcile jobs run and expired.
  var jobsRun: UInt32 = 0
  var jobsExpired: UInt32 = 0

}

/// One wanted file or upload job: the app's registry row and what really
/// happened to it.
struct FileRecord {
  /// The registry row (`upload_jobs.state`).
  enum Row: UInt8, CustomStringConvertible {
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

  // What the user and the app think.
  var wanted = true
  var row: Row = .none
  /// The task the row refers to; deliveries of other tasks are stale.
  var currentTask: Int32 = -1
  /// Tasks the app created for the file.
  var attempts: UInt16 = 0
  var lastStatus: UInt16 = 0
  var cancelled = false
  /// Uploads: whether the staging file still exists.
  var staging = true

  // What is true.
  var stored = false
  var corrupt = false
  var rejected = false
  /// Full transfers that completed (any session).
  var completedTransfers: UInt16 = 0
  var orphanedTransfers: UInt16 = 0
  /// Tasks alive now and at most at once.
  var aliveTasks: UInt8 = 0
  var mostAlive: UInt8 = 0
  var progressUnknown = false
  var requestedAt: UInt64 = 0
  var storedAt: UInt64 = 0
  /// Bytes that count towards the stored copy (the rest moved is waste).
  var usefulBytes: UInt64 = 0
}

/// One task in the OS transfer daemon: 64 bytes, one cache line.
struct DaemonTask {
  enum State: UInt8 {
    /// Waiting for its constraints (network, power).
    case waiting
    case running
    /// Ended (completed, failed or cancelled); its event awaits delivery.
    case ended
    /// The app received its event (or never will: orphaned).
    case closed
  }

  enum Ending: UInt8 {
    case none
    case completed
    case failed
    case cancelledByUser
    case cancelledByForceQuit
    case cancelledByApp
  }

  /// Bytes moved as of `updated` (once ended: when it ended).
  var moved: UInt64 = 0
  var updated: UInt64
  /// Where the task ends: the file's size, or the failure point.
  var target: UInt64
  var file: UInt32
  var user: UInt32
  var session: UInt32
  /// Current rate in bytes per second (0 while waiting).
  var rate: UInt32 = 0
  /// Per-task throughput factor in thousandths.
  var throughputFactor: UInt32 = 1_000
  var generation: UInt32 = 0
  /// Next task of the same user, −1 at the end.
  var nextOfUser: Int32 = -1
  /// Next task in the user's pending-delivery queue.
  var nextPending: Int32 = -1
  var state: State = .waiting
  var ending: Ending = .none
  var failsAtTarget = false
  var resumeDataOnFailure = false
  /// Whether its delivery waits until after a relaunch's reconcile.
  var deferred = false
  /// The file's attempt number this task is (its identity with `file`).
  var attempt: UInt16 = 0

  /// When it ended (valid once ended).
  var endedAt: UInt64 { updated }

  /// What the task is, for keyed draws: the file's n-th transfer.
  var identity: TransferAttemptIdentity { TransferAttemptIdentity(file: Int(file), attempt: attempt) }
}
