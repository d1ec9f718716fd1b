/// The app's `BGProcessingTask` reconcile job (seed 001): the request it
/// submits, how long its work takes, what it does when the work completes
/// and what its expiration handler does.
struct ReconcileJobWork {
  /// The job's options.
  var options: TransferWorldOptions.ReconcileJob

  /// The identifier the job is registered under.
  static let identifier = "reconcile"

  /// The request the app submits at `now`.
  func request(submittedAt now: VirtualTime) -> BackgroundTaskRequest {
    .processing(
      Self.identifier, earliestBeginDate: now.advanced(saturatingBy: options.earliestBeginAfter),
      requiresNetworkConnectivity: options.requiresNetwork, requiresExternalPower: options.requiresPower)
  }

  /// Whether the app asks for pending requests before submitting.
  var submission: PendingTaskRequests.SubmissionPolicy { options.guardedSubmission ? .guarded : .replace }

  /// How long the user's `job`-th run of the work takes (a keyed draw).
  func work(user: Int, job: UInt32, _ random: KeyedRandom) -> VirtualDuration {
    .nanoseconds(
      options.work.sample(
        random.word(DrawKey(ReconcileJobIdentity(user: user, job: job), TransferDraw.jobWork.purpose))))
  }

  /// The reconcile the work runs when it completes: seed 001's state
  /// reconcile over the registry.
  var reconcile: ReconcilePolicy { .state }

  /// Whether the expiration handler cancels the transfers the job was
  /// checking (wrong: a reconcile job's expiry says nothing about them).
  var expirationCancelsTransfers: Bool { options.expirationCancelsTransfers }
}
