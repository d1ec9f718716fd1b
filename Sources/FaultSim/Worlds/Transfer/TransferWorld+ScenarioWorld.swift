extension TransferWorld: ScenarioWorld {
  /// The world's draw purposes: its fault and race kinds.
  public typealias Draws = TransferDraw

  public static var worldName: String { "transfer" }

}

extension TransferWorld: ProbedWorld {
  public static func repeating(_ options: TransferWorldOptions) -> TransferWorldOptions? {
    var repeated = options
    repeated.lifecycle.relaunches = options.lifecycle.relaunches * 2
    return repeated
  }

  public static var repeatedOperation: String {
    "the user reopens the app twice in a row (the relaunch reconcile runs twice)"
  }
}

extension TransferWorld: MemorySizedWorld {
  public static func estimatedBytes(_ options: TransferWorldOptions) -> UInt64 {
    let files = UInt64(options.workload.users) * UInt64(options.workload.filesPerUser)
    // File records, about two tasks per file, events, final states
    // (measured, release: 230 to 394 bytes a file); per user an app record
    // and session (measured up to 630 bytes with a reconcile job), and
    // condition timelines that grow with the horizon. 24 MiB is the process.
    var perUser: UInt64 = options.reconcileJob == nil ? 640 : 2_048
    if let conditions = options.conditions {
      perUser += conditions.estimatedBytes(horizon: options.horizon)
    }
    let (users, overflow) = UInt64(options.workload.users).multipliedReportingOverflow(by: perUser)
    return overflow ? .max : files * 480 + users + 24 << 20
  }

  public static var sizeKey: String { "workload.users or workload.filesPerUser" }
}

extension TransferMetrics: WorldMetrics {
  public static var counters: [MetricsCounter<TransferMetrics>] {
    [
      .init("runs", \.runs),
      .init("files", \.files),
      .init("transferred_once", \.transferredOnce),
      .init("duplicated", \.duplicated),
      .init("lost", \.lost),
      .init("corrupt", \.corrupt),
      .init("orphaned", \.orphaned),
      .init("uncertain", \.uncertain),
      .init("misreported", \.misreported),
      .init("rejected", \.rejected),
      .init("progress_unknown", \.progressUnknown),
      .init("tasks_created", \.tasksCreated),
      .init("transfers_completed", \.transfersCompleted),
      .init("orphaned_transfers", \.orphanedTransfers),
      .init("bytes_transferred", \.bytesTransferred),
      .init("bytes_wasted", \.bytesWasted),
      .init("wake_ups", \.wakeUps),
      .init("background_runtime_ns", \.backgroundRuntime),
      .init("alive_at_relaunch", \.aliveAtRelaunch),
      .init("tasks_orphaned", \.tasksOrphaned),
      .init("reconcile_jobs", \.reconcileJobs),
      .init("reconcile_jobs_expired", \.reconcileJobsExpired),
      .init("cancelled_by_app", \.cancelledByApp),
      .init("events", \.events),
    ]
  }

  public static var histograms: [MetricsHistogram<TransferMetrics>] { [.init("completion", \.completion)] }

  public var operations: UInt64 { files }

  public static var columns: [String] {
    OutcomeColumns.names + [
      "transferred_once", "corrupt", "orphaned", "misreported", "rejected", "progress_unknown", "bytes_transferred",
      "bytes_wasted", "wasted_fraction", "wake_ups", "background_runtime_s", "alive_at_relaunch", "reconcile_jobs",
      "reconcile_jobs_expired", "cancelled_by_app",
    ]
  }

  public func fields(seeds: UInt64) -> [String] {
    let wastedFraction = bytesTransferred == 0 ? 0 : Double(bytesWasted) / Double(bytesTransferred)
    return OutcomeColumns.fields(
      seeds: seeds, operations: files, duplicated: duplicated, lost: lost, uncertain: uncertain,
      attemptsMean: tasksPerFile, serverRequests: transfersCompleted, completion: completion)
      + [
        "\(transferredOnce)", "\(corrupt)", "\(orphaned)", "\(misreported)", "\(rejected)", "\(progressUnknown)",
        "\(bytesTransferred)", "\(bytesWasted)", DecimalText.rate(wastedFraction), "\(wakeUps)",
        DecimalText.fixed(Double(backgroundRuntime) / 1e9, 3), "\(aliveAtRelaunch)", "\(reconcileJobs)",
        "\(reconcileJobsExpired)", "\(cancelledByApp)",
      ]
  }

  public var reportLines: [(String, String)] {
    func count(_ value: UInt64) -> String {
      files == 0 ? "\(value)" : "\(value) (\(DecimalText.percent(Double(value) / Double(files), 3)))"
    }
    func milliseconds(_ nanoseconds: Double?) -> String {
      nanoseconds.map { DecimalText.fixed($0 / 1e9, 3) + " s" } ?? "-"
    }
    var lines: [(String, String)] = [
      ("files", "\(files)"),
      ("transferred once", count(transferredOnce)),
      ("duplicated", count(duplicated)),
      ("lost", count(lost)),
      ("corrupt", count(corrupt)),
      ("orphaned", count(orphaned)),
      ("uncertain", count(uncertain)),
      ("misreported", count(misreported)),
    ]
    if rejected > 0 { lines.append(("rejected (413)", count(rejected))) }
    if progressUnknown > 0 { lines.append(("progress unknown", count(progressUnknown))) }
    lines += [
      ("tasks created", "\(tasksCreated) (\(DecimalText.fixed(tasksPerFile, 4)) per file)"),
      ("transfers completed", "\(transfersCompleted)"),
      ("bytes transferred", "\(bytesTransferred)"),
      ("bytes wasted", "\(bytesWasted)"),
      ("alive at relaunch", "\(aliveAtRelaunch)"),
      ("wake-ups", "\(wakeUps)"),
      ("background runtime", DecimalText.fixed(Double(backgroundRuntime) / 1e9, 3) + " s"),
    ]
    if reconcileJobs > 0 {
      lines.append(("reconcile jobs", "\(reconcileJobs) (\(reconcileJobsExpired) expired)"))
      lines.append(("cancelled by the app", "\(cancelledByApp)"))
    }
    lines += [
      ("completion p50", milliseconds(completion.percentile(50))),
      ("completion p99", milliseconds(completion.percentile(99))),
    ]
    return lines
  }
}

extension TransferWorld: ShrinkableWorld {
  /// The user a fault concerns (faults are keyed by file or by user).
  static func user(of fault: DrawKey, filesPerUser: Int) -> UInt64 {
    fault.purpose == TransferDraw.forceQuit.purpose ? fault.entity : fault.entity / UInt64(max(1, filesPerUser))
  }

  public static func describe(fault: DrawKey, options: TransferWorldOptions) -> String {
    let perUser = UInt64(max(1, options.workload.filesPerUser))
    let file = "u\(fault.entity / perUser)/f\(fault.entity % perUser)"
    switch TransferDraw(rawValue: fault.purpose.rawValue) {
    case .failure: return "\(file)#\(fault.ordinal) fails part-way"
    case .resumeData: return "\(file)#\(fault.ordinal) fails without resume data"
    case .content: return "\(file)#\(fault.ordinal) delivers bad content"
    case .rejection: return "\(file)#\(fault.ordinal): the server rejects the upload with 413"
    case .userCancel: return "\(file): the user cancels it"
    case .forceQuit: return "user \(fault.entity): force-quits the app"
    default: return "\(file): fault \(fault.purpose)"
    }
  }

  public static func traceTags(for faults: [DrawKey], options: TransferWorldOptions) -> [String] {
    var tags: [String] = []
    for fault in faults {
      let user = user(of: fault, filesPerUser: options.workload.filesPerUser)
      if !tags.contains("app#\(user)") { tags += ["app#\(user)", "daemon#\(user)"] }
    }
    return tags
  }

  public static func size(of options: TransferWorldOptions) -> Int { options.workload.users }

  public static func minimumSize(keeping faults: [DrawKey], options: TransferWorldOptions) -> Int {
    Int(faults.map { user(of: $0, filesPerUser: options.workload.filesPerUser) }.max() ?? 0) + 1
  }

  public static func resized(_ options: TransferWorldOptions, to size: Int) -> TransferWorldOptions {
    var resized = options
    resized.workload.users = size
    return resized
  }

  public static func sizeOverride(_ size: Int) -> String { "workload.users=\(size)" }

}
