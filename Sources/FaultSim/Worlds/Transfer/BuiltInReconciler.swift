/// The reconcile of scenario files: the ``ReconcilePolicy`` that the
/// scenario's `app.reconcile` names (`blind`, `by-identifier`, `state`).
///
/// ``init()`` is the reconcile of whichever scenario it runs in: the world
/// calls `prepared(for:)` with the scenario's options before a run. To
/// run one policy whatever the file says, plug the ``ReconcilePolicy``
/// itself.
@usableFromInline package struct BuiltInReconciler: TransferReconciler, ScenarioConfigured {
  /// The policy it follows.
  @usableFromInline package let policy: ReconcilePolicy

  /// The reconcile of the scenario it runs in (`app.reconcile`), read by
  /// `prepared(for:)`.
  @inlinable
  package init() {
    self.init(TransferWorldOptions().app.reconcile)
  }

  /// The reconcile that follows `policy`.
  @inlinable
  init(_ policy: ReconcilePolicy) {
    self.policy = policy
  }

  /// The reconcile the scenario's `app.reconcile` names.
  @inlinable
  package func prepared(for options: TransferWorldOptions) -> BuiltInReconciler {
    BuiltInReconciler(options.app.reconcile)
  }

  /// The policy's name: traces say `reconciles (by-identifier)`.
  @usableFromInline package var name: String { policy.rawValue }

  /// The policy's action for the row (``ReconcilePolicy/reconcile(_:listed:_:)``).
  ///
  /// - Complexity: O(1).
  @inlinable
  @inline(__always)
  package func reconcile(
    _ file: AppFile, listed: ArraySlice<TransferTaskSnapshot>, _ context: inout DecisionContext
  ) -> ReconcileAction {
    policy.action(for: file, isListed: !listed.isEmpty)
  }
}
