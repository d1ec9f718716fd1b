/// The three reconciles of the seeds as implementations of
/// ``TransferReconciler``: plug `ReconcilePolicy.blind` into a scenario to
/// run it whatever the file's `app.reconcile` says (`BuiltInReconciler`
/// follows the file).
extension ReconcilePolicy: TransferReconciler {
  /// `blind`, `by-identifier` or `state`: traces say `reconciles (blind)`.
  public var name: String { rawValue }

  /// This policy's action for one row:
  /// - `blind` enqueues every wanted file that is missing, running or not;
  /// - `by-identifier` enqueues a wanted, missing file the OS does not list;
  /// - `state` resets an `active` row the OS does not list and enqueues it,
  ///   and enqueues a `queued` row, whatever runs.
  ///
  /// - Complexity: O(1).
  @inlinable
  @inline(__always)
  public func reconcile(
    _ file: AppFile, listed: ArraySlice<TransferTaskSnapshot>, _ context: inout DecisionContext
  ) -> ReconcileAction {
    action(for: file, isListed: !listed.isEmpty)
  }

  /// This policy's action for a row, given whether the OS lists a task for
  /// its file.
  ///
  /// - Complexity: O(1).
  @inlinable
  @inline(__always)
  func action(for file: AppFile, isListed: Bool) -> ReconcileAction {
    switch self {
    case .blind:
      return file.isWantedAndMissing ? .enqueue : .leave
    case .byIdentifier:
      return file.isWantedAndMissing && !isListed ? .enqueue : .leave
    case .state:
      if file.row.state == .active && !isListed { return .resetAndEnqueue }
      return file.row.state == .queued ? .enqueue : .leave
    }
  }
}
