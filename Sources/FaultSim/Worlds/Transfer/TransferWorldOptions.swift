/// Everything that defines a background-transfer world (the podcast and
/// upload case studies): one plain struct per component.
public struct TransferWorldOptions: Hashable, Sendable {
  /// What each user wants transferred.
  @usableFromInline package struct Workload: Hashable, Sendable {
    /// Independent users (devices), each with its own app and daemon.
    @usableFromInline package var users = 1
    /// Files (podcast episodes, upload jobs) each user wants.
    @usableFromInline package var filesPerUser = 10
    /// Downloads or uploads.
    @usableFromInline package var kind: TransferKind = .download
    /// Size of each file in bytes: uniform between the bounds.
    @usableFromInline package var minimumBytes: UInt64 = 50_000_000
    /// Largest file size in bytes (at least `minimumBytes`).
    @usableFromInline package var maximumBytes: UInt64 = 50_000_000
    /// Probability that the server sends a Content-Length; without it the
    /// app can only show indeterminate progress.
    @usableFromInline package var contentLengthKnown = 1.0

    /// The model's defaults: what a scenario that writes none of the section's
    /// keys runs. One user wanting ten 50 MB downloads.
    @usableFromInline package init() {}
  }

  /// The app's life, the same script for every user with keyed jitter.
  @usableFromInline package struct Lifecycle: Hashable, Sendable {
    /// How the app stops running after it goes to the background.
    @usableFromInline package enum Termination: String, CaseIterable, Hashable, Sendable {
      /// It stays suspended.
      case none
      /// The system terminates it: transfers go on.
      case system
      /// The user force-quits it: the session's transfers are cancelled and
      /// nothing relaunches it until the user opens it.
      case forceQuit = "force-quit"
    }

    /// When the user leaves the app (after opening it at time 0).
    @usableFromInline package var backgroundAt: LatencyDistribution = .fixed(.minutes(1))
    /// How the app stops running in the background: `none` (stays suspended),
    /// `system` (transfers go on), `force-quit` (transfers cancelled; no
    /// relaunch until the user opens it).
    @usableFromInline package var termination: Termination = .system
    /// When the app stops running (measured from time 0).
    @usableFromInline package var terminationAt: LatencyDistribution = .uniform(
      min: .minutes(5), max: .minutes(10))
    /// When the user opens the app again (from time 0); before termination
    /// it resumes a suspended app.
    @usableFromInline package var relaunchAt: LatencyDistribution = .uniform(
      min: .minutes(30), max: .hours(2))
    /// How many times the user reopens the app at the relaunch, in a row
    /// (the repeat probe of `faultsim explore` doubles it).
    @usableFromInline package var relaunches = 1
    /// `sessionSendsLaunchEvents`: whether the system relaunches a
    /// terminated app in the background to deliver transfer events.
    @usableFromInline package var sendsLaunchEvents = true
    /// The system delays repeated background relaunches: the k-th since the
    /// user last opened the app waits `min(cap, base·2ᵏ)`; opening the app
    /// resets k. (Apple publishes no numbers; these are the model's.)
    @usableFromInline package var relaunchDelayBase: VirtualDuration = .seconds(5)
    /// The longest background relaunch delay (at least `relaunchDelayBase`).
    @usableFromInline package var relaunchDelayCap: VirtualDuration = .minutes(15)
    /// Time the app spends running per background wake (handling events).
    @usableFromInline package var backgroundWorkPerWake: VirtualDuration = .seconds(2)

    /// The model's defaults: what a scenario that writes none of the section's
    /// keys runs.
    @usableFromInline package init() {}
  }

  /// What the app does: its reconcile policy and how carefully it handles
  /// transfer events.
  @usableFromInline package struct AppPolicy: Hashable, Sendable {
    /// How the app checks a downloaded file before moving it into place.
    @usableFromInline package enum Validation: String, CaseIterable, Hashable, Sendable {
      /// Accepts whatever arrived.
      case none
      /// Checks the HTTP status (misses an error page sent with 200).
      case status
      /// Status and Content-Length (misses corrupted bytes of the right size).
      case size
      /// Status, size and a checksum.
      case checksum
    }

    /// When the app moves a finished download out of the temporary location.
    @usableFromInline package enum MoveTiming: String, CaseIterable, Hashable, Sendable {
      /// Before the delegate method returns: always in time.
      case inDelegate = "in-delegate"
      /// Asynchronously after returning: races the system deleting the file.
      case afterReturn = "after-return"
    }

    /// When an upload's staging file is deleted.
    @usableFromInline package enum StagingDeletion: String, CaseIterable, Hashable, Sendable {
      /// Only after a 2xx: a 413 keeps the file and marks the job failed.
      case after2xx = "after-2xx"
      /// Whenever the task completes without a transport error: a 413 loses
      /// the job silently (the app believes it uploaded).
      case afterAnyCompletion = "after-any-completion"
    }

    /// How a download reaches its destination path (seed AG17).
    @usableFromInline package enum DestinationWrites: String, CaseIterable, Hashable, Sendable {
      /// Written elsewhere, then moved atomically: the last writer wins.
      case atomicMove = "atomic-move"
      /// Written in place: two tasks for one file corrupt it.
      case direct
    }

    /// On every launch: `blind` enqueues every wanted file it does not have;
    /// `by-identifier` asks the daemon first; `state` resets `active` rows with
    /// no running task to `queued`.
    @usableFromInline package var reconcile: ReconcilePolicy = .byIdentifier
    /// `stable`, or `fresh-per-launch`: old tasks are orphaned, keep running,
    /// and their files arrive nowhere.
    @usableFromInline package var sessionIdentifier: SessionIdentifierPolicy = .stable
    /// Probability that the user cancels a file while the app is open (and
    /// asks for it again after reopening the app).
    @usableFromInline package var userCancels = 0.0
    /// Whether cancelling removes the registry row. A stale row makes the
    /// app believe the file is still coming, so it never enqueues it again.
    @usableFromInline package var cancelRemovesRow = true
    /// Whether a failed transfer is resumed from its resume data.
    @usableFromInline package var usesResumeData = true
    /// How a finished download is checked before it is moved into place (each
    /// check catches more).
    @usableFromInline package var validation: Validation = .checksum
    /// `in-delegate`, or `after-return`, which races the system deleting the
    /// temporary file.
    @usableFromInline package var moveTiming: MoveTiming = .inDelegate
    /// Uploads: `after-2xx` keeps the staging file after a 413;
    /// `after-any-completion` deletes it and marks the job done.
    @usableFromInline package var stagingDeletion: StagingDeletion = .after2xx
    /// Uploads: the idempotency key each upload carries — `none`,
    /// `stored-with-row` (the server stores one copy per job however often a
    /// relaunch re-enqueues it) or `made-at-send` (a new key per task: a
    /// re-enqueued upload is stored again).
    @usableFromInline package var uploadKey: UploadKeyPolicy = .none
    /// `atomic-move`, or `direct`: two tasks for one file corrupt it (seed
    /// AG17).
    @usableFromInline package var destinationWrites: DestinationWrites = .atomicMove
    /// Tasks per file before the app gives up on it.
    @usableFromInline package var maximumAttempts = 5
    /// Whether the app also reconciles when the system launches it in the
    /// background for transfer events.
    @usableFromInline package var reconcileOnBackgroundLaunch = false

    /// The model's defaults: what a scenario that writes none of the section's
    /// keys runs. Reconcile by identifier, a stable session, checksum
    /// validation, moves in the delegate.
    @usableFromInline package init() {}
  }

  /// The OS transfer daemon and the server behind it.
  @usableFromInline package struct Daemon: Hashable, Sendable {
    /// Throughput on Wi-Fi and cellular, bytes per second, before a
    /// per-task factor uniform in `1 ± throughputSpread`.
    @usableFromInline package var wifiBytesPerSecond: UInt64 = 2_500_000
    /// Throughput on cellular, bytes per second, before the per-task factor.
    @usableFromInline package var cellularBytesPerSecond: UInt64 = 625_000
    /// Spread of the per-task throughput factor, which is uniform in `1 ±
    /// throughputSpread` (below 1).
    @usableFromInline package var throughputSpread = 0.5
    /// How a device's concurrent uploads share its uplink.
    @usableFromInline package var uplink = Uplink.shared
    /// Probability that a task fails part-way (at a uniform point).
    @usableFromInline package var failure = 0.0
    /// Probability that such a failure carries resume data.
    @usableFromInline package var resumeData = 1.0
    /// Probabilities of bad content in a finished download: an HTTP error
    /// status, an error page sent with 200, a truncated body, corrupted
    /// bytes of the right size.
    @usableFromInline package var errorStatus = 0.0
    /// Probability that a finished download is an error page sent with 200.
    @usableFromInline package var errorPage = 0.0
    /// Probability that a finished download is truncated.
    @usableFromInline package var truncated = 0.0
    /// Probability that a finished download has corrupted bytes of the right
    /// size.
    @usableFromInline package var corruptedBytes = 0.0
    /// Probability that the server rejects an upload permanently with 413.
    @usableFromInline package var rejection = 0.0

    /// The model's defaults: what a scenario that writes none of the section's
    /// keys runs. 2.5 MB/s on Wi-Fi, 625 kB/s on cellular, no failures and no
    /// bad content.
    @usableFromInline package init() {}
  }

  /// Conditions on starting a transfer (`allowsCellularAccess`,
  /// `allowsExpensiveNetworkAccess`, discretionary / requires power).
  @usableFromInline package struct Constraints: Hashable, Sendable {
    /// No cellular (also models "no expensive networks": cellular is the
    /// expensive one here).
    @usableFromInline package var wifiOnly = false
    /// Transfer only while the device is charging.
    @usableFromInline package var requiresPower = false

    /// The model's defaults: what a scenario that writes none of the section's
    /// keys runs. Any network, on battery or plugged in.
    @usableFromInline package init() {}
  }

  /// A reconcile job in a `BGProcessingTask` (seed 001).
  @usableFromInline package struct ReconcileJob: Hashable, Sendable {
    /// Earliest begin date after the app goes to the background.
    @usableFromInline package var earliestBeginAfter: VirtualDuration = .minutes(15)
    /// `requiresNetworkConnectivity` of the job's request.
    @usableFromInline package var requiresNetwork = true
    /// `requiresExternalPower` of the job's request.
    @usableFromInline package var requiresPower = false
    /// How long the job's work takes.
    @usableFromInline package var work: LatencyDistribution = .fixed(.seconds(10))
    /// Whether the expiration handler cancels the transfers the job was
    /// checking (wrong: a reconcile job's expiry says nothing about them).
    @usableFromInline package var expirationCancelsTransfers = false
    /// Whether the app checks pending requests before submitting (else a
    /// submission replaces the pending request and its begin date).
    @usableFromInline package var guardedSubmission = true

    /// The model's defaults: what a scenario that writes none of the section's
    /// keys runs.
    @usableFromInline package init() {}
  }

  /// What each user wants transferred.
  @usableFromInline package var workload = Workload()
  /// The app's life, the same script for every user.
  @usableFromInline package var lifecycle = Lifecycle()
  /// The app's reconcile policy and how it handles transfer events.
  @usableFromInline package var app = AppPolicy()
  /// The OS transfer daemon and the server behind it.
  @usableFromInline package var daemon = Daemon()
  /// Conditions on starting a transfer.
  @usableFromInline package var constraints = Constraints()
  /// Network and charging over time; `nil` is always Wi-Fi and plugged in.
  public var conditions: DeviceConditionsOptions?
  /// How far the conditions' timelines reach.
  @usableFromInline package var horizon: VirtualDuration = .hours(48)
  /// The BGProcessingTask reconcile job, if the app has one.
  @usableFromInline package var reconcileJob: ReconcileJob?
  /// Options of the OS scheduler that runs the reconcile job.
  public var scheduler = BackgroundTaskSchedulerOptions()
  /// Which events race: a task ending close to the relaunch races with its
  /// reconcile; a cancellation close to the task's completion races with it.
  @usableFromInline package var races = RaceOptions()

  /// The model's defaults: what a transfer scenario that writes no key runs.
  public init() {}
}

/// Downloads or uploads.
@usableFromInline package enum TransferKind: String, CaseIterable, Hashable, Sendable {
  /// The daemon downloads each file, and the app moves it into place.
  case download
  /// The daemon uploads each file from a staging copy the app keeps.
  case upload
}

/// How the app names its background session across launches.
@usableFromInline package enum SessionIdentifierPolicy: String, CaseIterable, Hashable, Sendable {
  /// The same identifier every launch: the app reconnects to its tasks.
  case stable
  /// A new identifier each launch: the old tasks are orphaned and keep
  /// running; their files arrive nowhere.
  case freshPerLaunch = "fresh-per-launch"
}
