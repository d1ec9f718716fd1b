/// The relaunch reconcile as a decision per registry row: the app's
/// mechanism (``TransferApp``) asks the daemon for its tasks, shows the
/// policy one row at a time with whether the daemon lists a task for it,
/// and carries the decision out.
extension ReconcilePolicy {
  /// What the app knows about one file when it reconciles.
  struct RowAtRelaunch {
    /// The registry row's state.
    var state: RegistryRow.State
    /// Whether the user wants the file.
    var wanted: Bool
    /// Whether the app can tell the file needs no transfer: a download is
    /// on disk; an upload's row says done (the app cannot see the server).
    var present: Bool
    /// Whether the daemon's `getAllTasks` lists a live task for it.
    var listed: Bool
  }

  /// What to do with one row.
  enum Decision: Equatable {
    /// Nothing.
    case leave
    /// Enqueue a task for it.
    case enqueue
    /// Reset the row to `queued`, then enqueue it.
    case requeue
  }

  /// This policy's decision for one row.
  ///
  /// - Complexity: O(1).
  func decide(_ row: RowAtRelaunch) -> Decision {
    let wantedMissing = row.wanted && !row.present && row.state != .failed
    switch self {
    case .blind:
      return wantedMissing ? .enqueue : .leave
    case .byIdentifier:
      return wantedMissing && !row.listed ? .enqueue : .leave
    case .state:
      if row.state == .active && !row.listed { return .requeue }
      return row.state == .queued ? .enqueue : .leave
    }
  }
}
