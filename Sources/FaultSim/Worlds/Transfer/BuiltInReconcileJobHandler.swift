/// The reconcile job of scenario files (seed 001): its work runs the state
/// reconcile (``ReconcilePolicy/state``), and its expiration handler
/// cancels every listed transfer when
/// `reconcileJob.expirationCancelsTransfers` says so (wrong), else only
/// stops the work.
///
/// ``init()`` is the job of whichever scenario it runs in: the world calls
/// `prepared(for:)` with the scenario's options before a run.
@usableFromInline package struct BuiltInReconcileJobHandler: ReconcileJobHandler, ScenarioConfigured {
  /// Seed 001's state reconcile over the registry.
  @usableFromInline package var work = ReconcilePolicy.state
  /// Whether the expiration handler cancels the transfers the job was
  /// checking.
  @usableFromInline
  let expirationCancelsTransfers: Bool

  /// The job of the scenario it runs in (`reconcileJob.*`), read by
  /// `prepared(for:)`.
  @inlinable
  package init() {
    self.init(expirationCancelsTransfers: false)
  }

  @inlinable
  init(expirationCancelsTransfers: Bool) {
    self.expirationCancelsTransfers = expirationCancelsTransfers
  }

  /// The job the scenario's `reconcileJob` options describe.
  @inlinable
  package func prepared(for options: TransferWorldOptions) -> BuiltInReconcileJobHandler {
    BuiltInReconcileJobHandler(expirationCancelsTransfers: options.reconcileJob?.expirationCancelsTransfers ?? false)
  }

  /// Cancels every listed task when `reconcileJob.expirationCancelsTransfers`,
  /// else stops the work.
  ///
  /// - Complexity: O(listed tasks).
  @inlinable
  package func expired(
    listing tasks: [TransferTaskSnapshot], _ context: inout DecisionContext
  ) -> ExpirationAction {
    expirationCancelsTransfers ? .cancel(tasks.map(\.task)) : .stopWork
  }
}
