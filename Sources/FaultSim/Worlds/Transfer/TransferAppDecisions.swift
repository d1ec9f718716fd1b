/// Everything about the app that is its own decision rather than the OS's
/// behaviour, in one place: the seam where a user's code will replace the
/// built-in app (issue 11), while the daemon, the lifecycle and the task
/// scheduler stay as they are.
///
/// ``TransferApp`` is the mechanism — registry bookkeeping, calls on its
/// background session, the delegate plumbing — and consults these values
/// at each decision point:
/// - **relaunch reconcile** (``reconcile``): given each registry row and
///   whether the daemon's `getAllTasks` lists a task for it, leave it,
///   enqueue it, or reset it and enqueue it (``ReconcilePolicy/decide(_:)``);
/// - **completion handling** (``completion``): validate a download, move it
///   in or after the delegate, settle an upload's 413, resume a failure;
/// - **the BGProcessingTask** (``job``): its request, its work, its
///   reconcile and its expiration handler;
/// - and the app's smaller choices: its session identifier, what cancelling
///   does to the row, how often it retries, whether it reconciles when
///   launched in the background.
///
/// Today these are the built-in policies a scenario file names; every
/// decision is a pure function of values, so a replacement needs nothing
/// from the other components.
struct TransferAppDecisions {
  var reconcile: ReconcilePolicy
  var completion: CompletionPolicy
  /// The reconcile job, when the app has one.
  var job: ReconcileJobWork?
  var sessionIdentifier: SessionIdentifierPolicy
  /// Whether cancelling removes the registry row (else it stays `active`).
  var cancelRemovesRow: Bool
  /// Tasks per file before the app gives up on it.
  var maximumAttempts: Int
  /// Whether the app reconciles when the system launches it in the
  /// background for transfer events.
  var reconcilesOnBackgroundLaunch: Bool

  /// The app a scenario's options describe.
  init(_ options: TransferWorldOptions) {
    reconcile = options.app.reconcile
    completion = CompletionPolicy(options.app)
    job = options.reconcileJob.map { ReconcileJobWork(options: $0) }
    sessionIdentifier = options.app.sessionIdentifier
    cancelRemovesRow = options.app.cancelRemovesRow
    maximumAttempts = options.app.maximumAttempts
    reconcilesOnBackgroundLaunch = options.app.reconcileOnBackgroundLaunch
  }
}
