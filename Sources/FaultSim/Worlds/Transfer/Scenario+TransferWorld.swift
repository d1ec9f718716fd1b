extension Scenario {
  /// The scenario's transfer world with an app whose decisions are your
  /// own — its reconcile, its completion handler, its reconcile job, any of
  /// them — and everything else as the file says: the workload, the
  /// lifecycle, the daemon and its faults, the device's conditions, the
  /// scheduler, the races, and the app's smaller choices (`app.sessionIdentifier`,
  /// `cancelRemovesRow`, `maximumAttempts`, `reconcileOnBackgroundLaunch`).
  ///
  /// A decision you leave out is the scenario's own (`BuiltInReconciler`,
  /// `BuiltInCompletionHandler`, `BuiltInReconcileJobHandler`):
  ///
  /// ```swift
  /// let world = try Scenario.shipped("podcast-relaunch-blind").transferWorld(reconcile: ReconcilePolicy.byIdentifier)
  /// print(try world.measure(seeds: 0..<4).duplicated)  // 0: the fix, on the blind scenario
  /// ```
  ///
  /// - Parameters:
  ///   - reconcile: The app's reconcile on launch (``TransferReconciler``),
  ///     prepared for each run's options.
  ///   - completion: The app's completion handler
  ///     (``TransferCompletionHandler``).
  ///   - job: The app's reconcile job (``ReconcileJobHandler``); it runs
  ///     only when the scenario has a `reconcileJob`.
  /// - Throws: ``WrongWorldError`` when the scenario is not a transfer world.
  /// - Complexity: O(1).
  public func transferWorld<
    Reconciler: TransferReconciler, Completion: TransferCompletionHandler, Job: ReconcileJobHandler
  >(
    reconcile: Reconciler = BuiltInReconciler(), completion: Completion = BuiltInCompletionHandler(),
    job: Job = BuiltInReconcileJobHandler()
  ) throws(WrongWorldError) -> PluggedScenario<CustomTransferWorld<Reconciler, Completion, Job>> {
    try PluggedScenario(scenario: self) { world in
      TransferWorld.options(of: world).map {
        .init(scenario: $0, reconcile: reconcile, completion: completion, job: job)
      }
    }
  }
}
