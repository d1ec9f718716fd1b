/// What one run of a transfer world measured, and the sum over
/// many runs. Per wanted file or upload job:
///
/// - **transferred once**: stored (or accepted by the server) after exactly
///   one full transfer, never two tasks at once;
/// - **duplicated**: transferred more than once, or two tasks alive at once
///   (not for uploads whose key is stored with the row, `app.uploadKey`
///   `stored-with-row`: the server keeps one copy of them);
/// - **lost**: wanted at the end and never stored;
/// - **corrupt**: stored, but what was stored is wrong (an unvalidated error
///   page, truncated or corrupted bytes, or two tasks writing one
///   destination);
/// - **orphaned**: a transfer completed in a session no app listens to;
/// - **uncertain**: the registry still says "queued" or "in progress" while
///   no task exists (a stale registry);
/// - **misreported**: the registry says done but the file is not stored.
public struct TransferMetrics: Hashable, Sendable {
  public var runs: UInt64 = 0
  /// Files wanted at the end of the run (the operations).
  public var files: UInt64 = 0
  /// Wanted files stored after exactly one full transfer, never two tasks at
  /// once.
  @usableFromInline package var transferredOnce: UInt64 = 0
  /// Wanted files transferred more than once, or by two tasks at once.
  public var duplicated: UInt64 = 0
  /// Wanted files never stored.
  public var lost: UInt64 = 0
  /// Files stored with the wrong bytes (an error page, truncated or corrupted
  /// bytes, two writers).
  public var corrupt: UInt64 = 0
  /// Wanted files with a transfer completed in a session no app listens to.
  @usableFromInline package var orphaned: UInt64 = 0
  /// Files the registry says are queued or in progress while no task exists.
  public var uncertain: UInt64 = 0
  /// Files the registry says are done but are not stored.
  @usableFromInline package var misreported: UInt64 = 0
  /// Uploads the server rejected with 413.
  @usableFromInline package var rejected: UInt64 = 0
  /// Files transferred without a known content length (indeterminate progress).
  @usableFromInline package var progressUnknown: UInt64 = 0
  /// Tasks the apps created.
  public var tasksCreated: UInt64 = 0
  /// Transfers that ran to completion (any session).
  @usableFromInline package var transfersCompleted: UInt64 = 0
  /// Transfers completed in abandoned sessions.
  @usableFromInline package var orphanedTransfers: UInt64 = 0
  /// Bytes the daemon moved, and the part that did not end in a stored,
  /// valid file (restarts, duplicates, orphans, cancellations, rejections).
  @usableFromInline package var bytesTransferred: UInt64 = 0
  /// Bytes moved that did not end in a stored, valid file.
  public var bytesWasted: UInt64 = 0
  /// Background wakes and relaunches, and the time the app ran for them.
  @usableFromInline package var wakeUps: UInt64 = 0
  /// Time the apps ran for those wakes and relaunches, in ns.
  @usableFromInline package var backgroundRuntime: UInt64 = 0
  /// Tasks alive in the connected session when users reopened the app, as
  /// the daemon reports them.
  public var aliveAtRelaunch: UInt64 = 0
  /// Tasks a new session identifier left behind (alive or with an
  /// undelivered event).
  @usableFromInline package var tasksOrphaned: UInt64 = 0
  /// Reconcile jobs (BGProcessingTask) run, and those that expired.
  @usableFromInline package var reconcileJobs: UInt64 = 0
  /// Reconcile jobs that expired.
  @usableFromInline package var reconcileJobsExpired: UInt64 = 0
  /// Transfers cancelled by the app itself (a reconcile job's expiration).
  @usableFromInline package var cancelledByApp: UInt64 = 0
  /// Engine events handled.
  @usableFromInline package var events: UInt64 = 0
  /// Time from a file's first request until it was stored.
  @usableFromInline package var completion = DurationHistogram()

  public init() {}

  /// Duplicated files per wanted file, with its 95% Wilson interval.
  public var duplicateRate: (rate: Double, interval: WilsonInterval) { WilsonInterval.rate(duplicated, of: files) }
  /// Lost files per wanted file, with its 95% Wilson interval.
  package var lostRate: (rate: Double, interval: WilsonInterval) { WilsonInterval.rate(lost, of: files) }
  /// Uncertain files per wanted file, with its 95% Wilson interval.
  @usableFromInline package var uncertainRate: (rate: Double, interval: WilsonInterval) {
    WilsonInterval.rate(uncertain, of: files)
  }
  /// Tasks created per wanted file.
  @usableFromInline package var tasksPerFile: Double { MetricsQuantity.tasksPerFile.value(in: self) }
}

/// One file's final state, for comparing interleavings.
public struct TransferFileOutcome: Hashable, Sendable, CustomStringConvertible {
  /// The file's name: `u0/f3` (user 0, file 3).
  public var name: String
  /// Whether the file is stored at its destination (or the upload accepted).
  public var stored: Bool
  /// Whether what is stored is wrong.
  public var corrupt: Bool
  /// Transfers of the file that ran to completion.
  public var transfers: Int
  /// Of those, transfers completed in a session no app listens to.
  public var orphaned: Int
  /// Whether two tasks for the file were ever alive at once.
  public var concurrent: Bool
  /// The state of the file's registry row: `none`, `queued`, `active`, `done`
  /// or `failed`.
  public var row: String

  /// A file's final state; see the properties for each argument.
  @inlinable
  package init(
    name: String, stored: Bool, corrupt: Bool, transfers: Int, orphaned: Int, concurrent: Bool, row: String
  ) {
    self.name = name
    self.stored = stored
    self.corrupt = corrupt
    self.transfers = transfers
    self.orphaned = orphaned
    self.concurrent = concurrent
    self.row = row
  }

  /// `u0/f3: stored, 2 transfers, row done`.
  public var description: String {
    var parts = [stored ? (corrupt ? "stored corrupt" : "stored") : "not stored"]
    parts.append("\(transfers) transfer\(transfers == 1 ? "" : "s")")
    if orphaned > 0 { parts.append("\(orphaned) orphaned") }
    if concurrent { parts.append("2 tasks at once") }
    parts.append("row \(row)")
    return "\(name): " + parts.joined(separator: ", ")
  }
}
