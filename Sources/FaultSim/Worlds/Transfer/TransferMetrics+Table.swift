/// The transfer world's metrics as tables: each counter, column and
/// `faultsim run` line declared once (docs/transfer-world.md shows them,
/// and a test keeps it equal).
extension TransferMetrics: WorldMetrics {
  /// Every table below, as ``WorldMetrics`` requires them.
  public static let table = MetricsTable(
    counters: counters, histograms: histograms, columns: columns, runReport: runReport,
    invariants: invariants)

  /// What the rates count per: the wanted files (``files``).
  public var operations: UInt64 { files }

  package static let counters: [MetricsCounter<TransferMetrics>] =
    [
      .init("runs", \.runs, "runs summed, one per seed"),
      .init("files", \.files, "files (or upload jobs) wanted at the end of the run"),
      .init("transferred_once", \.transferredOnce, "wanted files stored after exactly one full transfer"),
      .init("duplicated", \.duplicated, "wanted files transferred more than once, or by two tasks at once"),
      .init("lost", \.lost, "wanted files never stored"),
      .init("corrupt", \.corrupt, "files stored with the wrong bytes"),
      .init("orphaned", \.orphaned, "wanted files with a transfer completed in a session no app listens to"),
      .init("uncertain", \.uncertain, "files the registry says are queued or in progress while no task exists"),
      .init("misreported", \.misreported, "files the registry says are done but are not stored"),
      .init("rejected", \.rejected, "uploads the server rejected with 413"),
      .init("progress_unknown", \.progressUnknown, "files transferred without a known content length"),
      .init("tasks_created", \.tasksCreated, "transfer tasks the apps created"),
      .init("transfers_completed", \.transfersCompleted, "transfers that ran to completion, in any session"),
      .init("orphaned_transfers", \.orphanedTransfers, "transfers completed in abandoned sessions"),
      .init("bytes_transferred", \.bytesTransferred, "bytes the daemon moved"),
      .init("bytes_wasted", \.bytesWasted, "bytes moved that did not end in a stored, valid file"),
      .init("wake_ups", \.wakeUps, "background wakes and relaunches of the apps"),
      .init("background_runtime_ns", \.backgroundRuntime, "time the apps ran for them, in ns"),
      .init("alive_at_relaunch", \.aliveAtRelaunch, "tasks the daemon reported alive when users reopened the app"),
      .init("tasks_orphaned", \.tasksOrphaned, "tasks a new session identifier left behind"),
      .init("reconcile_jobs", \.reconcileJobs, "reconcile jobs (BGProcessingTask) run"),
      .init("reconcile_jobs_expired", \.reconcileJobsExpired, "reconcile jobs that expired"),
      .init("cancelled_by_app", \.cancelledByApp, "transfers the app cancelled itself"),
      .init("events", \.events, "engine events handled"),
    ]

  package static let histograms: [MetricsHistogram<TransferMetrics>] =
    [.init("completion", \.completion, "each stored file's time from its first request until it was stored")]

  package static let columns: [MetricsColumn<TransferMetrics>] =
    OutcomeColumns.columns(
      operations: \.files, duplicated: \.duplicated, lost: \.lost, uncertain: \.uncertain,
      attemptsPerOperation: .tasksPerFile, serverRequests: \.transfersCompleted, completion: \.completion)
    + [
      .count(\.transferredOnce, "files stored after exactly one full transfer, never two tasks at once"),
      .count(
        \.corrupt, "files stored with the wrong bytes (an error page, truncated or corrupted bytes, two writers)"),
      .count(\.orphaned, "files with a transfer completed in a session no app listens to"),
      .count(\.misreported, "files the registry says are done but are not stored"),
      .count(\.rejected, "uploads the server rejected with 413"),
      .count(\.progressUnknown, "files transferred without a known content length"),
      .count(\.bytesTransferred, "bytes the daemon moved"),
      .count(\.bytesWasted, "bytes moved that did not end in a stored, valid file"),
      MetricsColumn(
        "wasted_fraction", "the part of the bytes moved that was wasted",
        "\(rate: .ratio(\.bytesWasted, \.bytesTransferred))"),
      .count(\.wakeUps, "background wakes and relaunches"),
      MetricsColumn(
        "background_runtime_s", "time the apps ran in the background, in s",
        "\(fixed: .counter(\.backgroundRuntime).divided(by: 1e9), digits: 3)"),
      .count(\.aliveAtRelaunch, "tasks alive when users reopened the app, as getAllTasks reports them"),
      .count(\.reconcileJobs, "reconcile jobs (BGProcessingTask) run"),
      .count(\.reconcileJobsExpired, "reconcile jobs that expired"),
      .count(\.cancelledByApp, "transfers the app cancelled itself"),
    ]

  package static let runReport: [MetricsReportLine<TransferMetrics>] =
    [
      .init("files", "\(count: \.files)"),
      .init("transferred once", "\(share: \.transferredOnce, of: \.files, digits: 3)"),
      .init("duplicated", "\(share: \.duplicated, of: \.files, digits: 3)"),
      .init("lost", "\(share: \.lost, of: \.files, digits: 3)"),
      .init("corrupt", "\(share: \.corrupt, of: \.files, digits: 3)"),
      .init("orphaned", "\(share: \.orphaned, of: \.files, digits: 3)"),
      .init("uncertain", "\(share: \.uncertain, of: \.files, digits: 3)"),
      .init("misreported", "\(share: \.misreported, of: \.files, digits: 3)"),
      .init("rejected (413)", "\(share: \.rejected, of: \.files, digits: 3)", whenNonzero: \.rejected),
      .init("progress unknown", "\(share: \.progressUnknown, of: \.files, digits: 3)", whenNonzero: \.progressUnknown),
      .init("tasks created", "\(count: \.tasksCreated) (\(fixed: .tasksPerFile, digits: 4) per file)"),
      .init("transfers completed", "\(count: \.transfersCompleted)"),
      .init("bytes transferred", "\(count: \.bytesTransferred)"),
      .init("bytes wasted", "\(count: \.bytesWasted)"),
      .init("alive at relaunch", "\(count: \.aliveAtRelaunch)"),
      .init("wake-ups", "\(count: \.wakeUps)"),
      .init("background runtime", "\(fixed: .counter(\.backgroundRuntime).divided(by: 1e9), digits: 3) s"),
      .init(
        "reconcile jobs", "\(count: \.reconcileJobs) (\(count: \.reconcileJobsExpired) expired)",
        whenNonzero: \.reconcileJobs),
      .init("cancelled by the app", "\(count: \.cancelledByApp)", whenNonzero: \.reconcileJobs),
      .init("completion p50", "\(percentile: 50, of: \.completion, in: .seconds, labelled: true)"),
      .init("completion p99", "\(percentile: 99, of: \.completion, in: .seconds, labelled: true)"),
    ]
}

extension MetricsQuantity where Metrics == TransferMetrics {
  /// Tasks created per wanted file.
  @usableFromInline package static var tasksPerFile: Self { .ratio(\.tasksCreated, \.files) }
}
