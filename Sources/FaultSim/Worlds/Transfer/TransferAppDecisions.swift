/// Everything about the app that is its own decision rather than the OS's
/// behaviour, in one place, while the daemon, the lifecycle and the task
/// scheduler stay as they are.
///
/// ``TransferApp`` is the mechanism — registry bookkeeping, calls on its
/// background session, the delegate plumbing — and consults these at each
/// decision point:
/// - **the reconcile** (``reconciler``, a ``TransferReconciler``): one
///   ``ReconcileAction`` per registry row, given what `getAllTasks` lists
///   for the row's file;
/// - **the completion handler** (``completion``, a
///   ``TransferCompletionHandler``): validate and move a download, settle a
///   rejected upload, recover from an interrupted task;
/// - **the BGProcessingTask** (``job``, a ``ReconcileJobHandler``): its
///   work and its expiration handler, when the scenario gives the app a
///   job (``jobSchedule``: its request and how long its work takes);
/// - and the smaller choices the scenario's `app` options make: the
///   session identifier, what cancelling does to the row, how often the app
///   retries, whether it reconciles when launched in the background.
///
/// The three decisions are generic parameters, so that a user's decisions
/// run specialised; each is prepared for the options once
/// (`ScenarioConfigured`).
@usableFromInline
struct TransferAppDecisions<
  Reconciler: TransferReconciler, Completion: TransferCompletionHandler, Job: ReconcileJobHandler
> {
  @usableFromInline
  var reconciler: Reconciler
  @usableFromInline
  var completion: Completion
  @usableFromInline
  var job: Job
  /// The reconcile job's request and work time, when the app has one.
  @usableFromInline
  let jobSchedule: ReconcileJobSchedule?
  @usableFromInline
  let sessionIdentifier: SessionIdentifierPolicy
  /// Whether cancelling removes the registry row (else it stays `active`).
  @usableFromInline
  let cancelRemovesRow: Bool
  /// Tasks per file before the app gives up on it.
  @usableFromInline
  let maximumAttempts: Int
  /// Whether the app reconciles when the system launches it in the
  /// background for transfer events.
  @usableFromInline
  let reconcilesOnBackgroundLaunch: Bool

  /// The app a scenario's options describe, with these decisions prepared
  /// for them.
  @inlinable
  init(_ options: TransferWorldOptions, reconciler: Reconciler, completion: Completion, job: Job) {
    self.reconciler = FaultSim.prepared(reconciler, for: options)
    self.completion = FaultSim.prepared(completion, for: options)
    self.job = FaultSim.prepared(job, for: options)
    jobSchedule = options.reconcileJob.map { ReconcileJobSchedule(options: $0) }
    sessionIdentifier = options.app.sessionIdentifier
    cancelRemovesRow = options.app.cancelRemovesRow
    maximumAttempts = options.app.maximumAttempts
    reconcilesOnBackgroundLaunch = options.app.reconcileOnBackgroundLaunch
  }

  /// Starts a new run for every decision.
  @inlinable
  mutating func reset() {
    reconciler.reset()
    completion.reset()
    job.reset()
  }
}
