/// The transfer world's scenario keys (`"world": "transfer"`), documented
/// in docs/transfer-world.md. Every key is optional.
extension TransferWorldOptions {
  /// The bounds a transfer scenario accepts.
  enum Limits {
    static let users = 1...1_000_000
    static let filesPerUser = 1...10_000
    static let files = 1...10_000_000
    static let bytes: ClosedRange<UInt64> = 1...(1 << 44)
    static let rate: ClosedRange<UInt64> = 1...UInt64(UInt32.max)
    static let attempts = 1...1_000
    static let horizon: ClosedRange<UInt64> = 60_000_000_000...(60 * 86_400_000_000_000)
  }

  /// The world's sections and keys, in reading order.
  static let optionTable = OptionTable<TransferWorldOptions>([
    .section("workload", \.workload, Workload.optionTable, "what each user wants transferred"),
    .section("lifecycle", \.lifecycle, Lifecycle.optionTable, "the app's life, the same script for every user"),
    .section("app", \.app, AppPolicy.optionTable, "the app's reconcile policy and how it handles transfer events"),
    .section("daemon", \.daemon, Daemon.optionTable, "the OS transfer daemon and the server behind it"),
    .section("constraints", \.constraints, Constraints.optionTable, "conditions on starting a transfer"),
    .optionalSection(
      "conditions", \.conditions, start: DeviceConditionsOptions(), DeviceConditionsOptions.optionTable,
      "network and charging over time", absent: "always Wi-Fi and plugged in"),
    .option(
      .duration("horizon", in: Limits.horizon, "how far the condition timelines reach"), \.horizon),
    .optionalSection(
      "reconcileJob", \.reconcileJob, start: ReconcileJob(), ReconcileJob.optionTable,
      "a reconcile job in a `BGProcessingTask`, submitted when the app goes to the background and on every "
        + "background relaunch",
      absent: "none"),
    .section(
      "scheduler", \.scheduler, BackgroundTaskSchedulerOptions.optionTable,
      "the OS scheduler that runs the reconcile job"),
    .section(
      "races", \.races,
      RaceOptions.optionTable(
        window: "a task ending this close to the relaunch races with its reconcile; a cancellation this close "
          + "to the task's completion races with it"),
      "which events race"),
    .check(("workload", "users × filesPerUser ≤ 10,000,000")) { options, root throws(ScenarioError) in
      let workload = options.workload
      guard workload.users * workload.filesPerUser <= Limits.files.upperBound else {
        throw root.error(
          "\(workload.users) users × \(workload.filesPerUser) files is more than \(Limits.files.upperBound) files; lower workload.users or workload.filesPerUser",
          key: "workload")
      }
    },
  ])
}

extension TransferWorldOptions.Workload {
  /// The `workload` section's keys, in reading order.
  static let optionTable = OptionTable<Self>([
    .option(.integer("users", in: TransferWorldOptions.Limits.users, "independent users (devices)"), \.users),
    .option(
      .integer("filesPerUser", in: TransferWorldOptions.Limits.filesPerUser, "files each user wants"), \.filesPerUser),
    .option(.choice("kind", "downloads or uploads"), \.kind),
    .whenPresent(
      OptionField<UInt64>.unsigned(
        "bytes", in: TransferWorldOptions.Limits.bytes, "every file's size: sets both bounds"),
      absent: "none"
    ) { workload, bytes in
      workload.minimumBytes = bytes
      workload.maximumBytes = bytes
    },
    .option(
      .unsigned(
        "minimumBytes", in: TransferWorldOptions.Limits.bytes, "smallest file size (uniform between the bounds)"),
      \.minimumBytes),
    .dependent(
      .unsigned("maximumBytes", in: TransferWorldOptions.Limits.bytes, "largest file size"), \.maximumBytes,
      shown: { "\($0), or `minimumBytes` if larger" },
      fallback: { Swift.max($0.maximumBytes, $0.minimumBytes) }),
    .check(("maximumBytes", "≥ minimumBytes")) { workload, reader throws(ScenarioError) in
      guard workload.minimumBytes <= workload.maximumBytes else {
        throw reader.error("maximumBytes is below minimumBytes", key: "maximumBytes")
      }
    },
    .option(
      .probability(
        "contentLengthKnown",
        "the server sends a Content-Length; without it the app shows indeterminate progress (`progress_unknown`)"),
      \.contentLengthKnown),
  ])
}

extension TransferWorldOptions.Lifecycle {
  /// The `lifecycle` section's keys, in reading order.
  static let optionTable = OptionTable<Self>([
    .option(.distribution("backgroundAt", "when the user leaves the app (opened at time 0)"), \.backgroundAt),
    .option(
      .choice(
        "termination",
        "how the app stops running in the background: `none` (stays suspended), `system` (transfers go on), "
          + "`force-quit` (transfers cancelled; no relaunch until the user opens it)"),
      \.termination),
    .option(.distribution("terminationAt", "when the app stops running (from time 0)"), \.terminationAt),
    .option(.distribution("relaunchAt", "when the user opens the app again (from time 0)"), \.relaunchAt),
    .option(
      .integer(
        "relaunches", in: 1...10,
        "how many times the user reopens the app at the relaunch, in a row (the repeat probe uses 2)"),
      \.relaunches),
    .option(
      .bool(
        "sendsLaunchEvents",
        "`sessionSendsLaunchEvents`: the system relaunches a terminated app in the background for transfer events"),
      \.sendsLaunchEvents),
    .option(
      .duration(
        "relaunchDelayBase", in: ScenarioLimits.delay,
        "the k-th background wake since the user last opened the app waits `min(cap, base·2ᵏ)`"),
      \.relaunchDelayBase),
    .dependent(
      .duration("relaunchDelayCap", in: ScenarioLimits.delay, "the longest background relaunch delay"),
      \.relaunchDelayCap, shown: { "\($0), or `relaunchDelayBase` if longer" },
      fallback: { Swift.max($0.relaunchDelayCap, $0.relaunchDelayBase) }),
    .check(("relaunchDelayCap", "≥ relaunchDelayBase")) { lifecycle, reader throws(ScenarioError) in
      guard lifecycle.relaunchDelayCap >= lifecycle.relaunchDelayBase else {
        throw reader.error("relaunchDelayCap is below relaunchDelayBase", key: "relaunchDelayCap")
      }
    },
    .option(
      .duration(
        "backgroundWorkPerWake", in: ScenarioLimits.delay, "background time the app spends per wake (handling events)"),
      \.backgroundWorkPerWake),
  ])
}

extension TransferWorldOptions.AppPolicy {
  /// The `app` section's keys, in reading order.
  static let optionTable = OptionTable<Self>([
    .option(
      .choice(
        "reconcile",
        "on every launch: `blind` enqueues every wanted file it does not have; `by-identifier` asks the daemon "
          + "first; `state` resets `active` rows with no running task to `queued`"),
      \.reconcile),
    .option(
      .choice(
        "sessionIdentifier",
        "`stable`, or `fresh-per-launch`: old tasks are orphaned, keep running, and their files arrive nowhere"),
      \.sessionIdentifier),
    .option(
      .probability(
        "userCancels", "the user cancels a file while the app is open (and asks for it again after reopening it)"),
      \.userCancels),
    .option(
      .bool(
        "cancelRemovesRow", "cancelling removes the registry row (a stale row means the file is never enqueued again)"),
      \.cancelRemovesRow),
    .option(.bool("usesResumeData", "a failed transfer resumes from its resume data"), \.usesResumeData),
    .option(
      .choice("validation", "how a finished download is checked before it is moved into place (each catches more)"),
      \.validation),
    .option(
      .choice(
        "moveTiming",
        "`in-delegate`, or `after-return`, which races the system deleting the temporary file"),
      \.moveTiming),
    .option(
      .choice(
        "stagingDeletion",
        "uploads: `after-2xx` keeps the staging file after a 413; `after-any-completion` deletes it and marks the "
          + "job done"),
      \.stagingDeletion),
    .option(
      .choice(
        "uploadKey",
        "uploads: `none`; `stored-with-row` (the server stores one copy per job, however often a relaunch "
          + "re-enqueues it); `made-at-send` (a new key per task: a re-enqueued upload is stored again)"),
      \.uploadKey),
    .option(
      .choice(
        "destinationWrites", "`atomic-move`, or `direct`: two tasks for one file corrupt it (seed AG17)"),
      \.destinationWrites),
    .option(
      .integer("maximumAttempts", in: TransferWorldOptions.Limits.attempts, "tasks per file before the app gives up"),
      \.maximumAttempts),
    .option(
      .bool(
        "reconcileOnBackgroundLaunch",
        "the app also reconciles when the system launches it in the background for transfer events"),
      \.reconcileOnBackgroundLaunch),
  ])
}

extension TransferWorldOptions.Daemon {
  /// The `daemon` section's keys, in reading order.
  static let optionTable = OptionTable<Self>([
    .option(
      .unsigned(
        "wifiBytesPerSecond", in: TransferWorldOptions.Limits.rate,
        "throughput on Wi-Fi, before a per-task factor in `1 ± throughputSpread`"),
      \.wifiBytesPerSecond),
    .option(
      .unsigned("cellularBytesPerSecond", in: TransferWorldOptions.Limits.rate, "throughput on cellular"),
      \.cellularBytesPerSecond),
    .option(.number("throughputSpread", in: 0...0.99, "spread of the per-task throughput factor"), \.throughputSpread),
    .option(
      .choice(
        "uplink",
        "uploads: `shared` (a device's n running uploads each move at their rate / n) or `per-task` (each at "
          + "the full rate)"),
      \.uplink),
    .option(.probability("failure", "a task fails part-way (at a uniform point)"), \.failure),
    .option(.probability("resumeData", "such a failure carries resume data"), \.resumeData),
    .option(.probability("errorStatus", "a finished download has an HTTP error status"), \.errorStatus),
    .option(.probability("errorPage", "a finished download is an error page sent with 200"), \.errorPage),
    .option(.probability("truncated", "a finished download is truncated"), \.truncated),
    .option(
      .probability("corruptedBytes", "a finished download has corrupted bytes of the right size"), \.corruptedBytes),
    .option(.probability("rejection", "the server rejects an upload permanently with 413"), \.rejection),
    .check(("errorStatus", "errorStatus + errorPage + truncated + corruptedBytes ≤ 1")) {
      daemon, reader throws(ScenarioError) in
      guard daemon.errorStatus + daemon.errorPage + daemon.truncated + daemon.corruptedBytes <= 1 else {
        throw reader.error(
          "errorStatus + errorPage + truncated + corruptedBytes exceeds 1; they are shares of one outcome",
          key: "corruptedBytes")
      }
    },
  ])
}

extension TransferWorldOptions.Constraints {
  /// The `constraints` section's keys, in reading order.
  static let optionTable = OptionTable<Self>([
    .option(.bool("wifiOnly", "no cellular (also \"no expensive networks\")"), \.wifiOnly),
    .option(.bool("requiresPower", "transfer only while the device is charging"), \.requiresPower),
  ])
}

extension TransferWorldOptions.ReconcileJob {
  /// The `reconcileJob` section's keys, in reading order.
  static let optionTable = OptionTable<Self>([
    .option(
      .duration(
        "earliestBeginAfter", in: ScenarioLimits.span, "earliest begin date after the app goes to the background"),
      \.earliestBeginAfter),
    .option(.bool("requiresNetwork", "`requiresNetworkConnectivity`"), \.requiresNetwork),
    .option(.bool("requiresPower", "`requiresExternalPower`"), \.requiresPower),
    .option(.distribution("work", "how long the job's work takes"), \.work),
    .option(
      .bool(
        "expirationCancelsTransfers",
        "the expiration handler cancels the transfers the job was checking (wrong: its expiry says nothing about them)"),
      \.expirationCancelsTransfers),
    .option(
      .bool(
        "guardedSubmission",
        "the app checks pending requests before submitting (else a submission replaces the pending one)"),
      \.guardedSubmission),
  ])
}
