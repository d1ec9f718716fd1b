/// The scenario's side of the app's `BGProcessingTask` reconcile job
/// (seed 001, `reconcileJob.*`): the request the app submits, whether it
/// guards the submission, and how long the job's work takes. What the work
/// does and what the expiration handler does are the app's
/// ``ReconcileJobHandler``.
@usableFromInline
struct ReconcileJobSchedule {
  /// The job's options.
  @usableFromInline
  let options: TransferWorldOptions.ReconcileJob

  /// The identifier the job is registered under.
  @usableFromInline
  static let identifier = "reconcile"

  @usableFromInline
  init(options: TransferWorldOptions.ReconcileJob) {
    self.options = options
  }

  /// The request the app submits at `now`.
  @usableFromInline
  func request(submittedAt now: VirtualTime) -> BackgroundTaskRequest {
    .processing(
      Self.identifier, earliestBeginDate: now.advanced(saturatingBy: options.earliestBeginAfter),
      requiresNetworkConnectivity: options.requiresNetwork, requiresExternalPower: options.requiresPower)
  }

  /// Whether the app asks for pending requests before submitting.
  @usableFromInline
  var submission: PendingTaskRequests.SubmissionPolicy { options.guardedSubmission ? .guarded : .replace }

  /// How long the user's `job`-th run of the work takes (a keyed draw).
  @usableFromInline
  func work(user: Int, job: UInt32, _ random: KeyedRandom) -> VirtualDuration {
    .nanoseconds(
      options.work.sample(
        random.word(DrawKey(ReconcileJobIdentity(user: user, job: job), TransferDraw.jobWork.purpose))))
  }
}
