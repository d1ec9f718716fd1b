/// The app's `BGProcessingTask` reconcile job (seed 001), apart from its
/// scheduling: the seam where your own job's work and expiration handler
/// replace the built-in ones.
///
/// The scenario says whether the app has a job and how the OS runs it
/// (`reconcileJob.*`: its request, the guarded submission, how long the
/// work takes, and the scheduler's rules). The handler says what the job
/// does:
///
/// - its work, when it completes: a reconcile of the registry
///   (``work``, any ``TransferReconciler``; the built-in runs seed 001's
///   state reconcile, ``ReconcilePolicy/state``);
/// - its expiration handler, when the OS ends the job before the work
///   completed: given what `getAllTasks` lists, stop the work and leave the
///   transfers alone, or cancel some of them (``ExpirationAction``). A
///   reconcile job's expiry says nothing about the transfers it checks, so
///   cancelling them is the wrong handler the seed warns about.
///
/// A handler sees only values — the task snapshots, the rows its work
/// reconciles — and the run's context; it never schedules.
/// `BuiltInReconcileJobHandler` is the job of scenario files.
///
/// ```swift
/// /// The state reconcile, with an expiration handler that cancels only the
/// /// transfers still waiting to start.
/// struct CancelWaitingOnExpiry: ReconcileJobHandler {
///   var work = ReconcilePolicy.state
///
///   func expired(
///     listing tasks: [TransferTaskSnapshot], _ context: inout DecisionContext
///   ) -> ExpirationAction {
///     .cancel(tasks.filter { !$0.isRunning }.map(\.task))
///   }
/// }
/// ```
public protocol ReconcileJobHandler: Sendable {
  /// The reconcile the job's work runs.
  associatedtype Work: TransferReconciler

  /// The reconcile the job's work runs when it completes.
  var work: Work { get set }

  /// Starts a new run. The default resets the work.
  mutating func reset()

  /// The expiration handler: what it does with the transfers the job was
  /// checking.
  ///
  /// - Parameters:
  ///   - tasks: What `getAllTasks` lists as the job expires: the session's
  ///     live tasks, newest first.
  ///   - context: The run's context, for keyed draws and trace lines.
  /// - Returns: The default stops the work and leaves the transfers alone.
  mutating func expired(
    listing tasks: [TransferTaskSnapshot], _ context: inout DecisionContext
  ) -> ExpirationAction
}

extension ReconcileJobHandler {
  /// The work starts over.
  @inlinable
  public mutating func reset() {
    work.reset()
  }

  /// Stops the work; the transfers go on.
  @inlinable
  public mutating func expired(
    listing tasks: [TransferTaskSnapshot], _ context: inout DecisionContext
  ) -> ExpirationAction {
    .stopWork
  }
}

/// What a reconcile job's expiration handler does, as its
/// ``ReconcileJobHandler`` decides.
public enum ExpirationAction: Hashable, Sendable {
  /// Stops the job's own work: the transfers go on.
  case stopWork
  /// Stops the work and cancels these tasks, in this order (handles from
  /// the snapshot the handler was shown; others are ignored). Their
  /// cancellations reach the app while the job still runs.
  case cancel([TransferTaskID])
}
