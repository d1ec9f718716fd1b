/// What an app does with its wanted list when it relaunches while the OS may
/// still be running some of its transfers (seed 000, seed 001).
///
/// Each policy is a ``TransferReconciler``: the scenario's `app.reconcile`
/// names one (`BuiltInReconciler`), and you can plug one into any
/// transfer scenario by name (`transferWorld(reconcile: ReconcilePolicy.blind)`).
public enum ReconcilePolicy: String, CaseIterable, Hashable, Sendable {
  /// Enqueue every wanted file without asking the OS (`denetlemeden-kuyruga-al`):
  /// transfers still running are started a second time.
  case blind
  /// Ask the OS for its running tasks and enqueue only the identifiers it
  /// does not already run (`tanimlayiciya-gore`).
  case byIdentifier = "by-identifier"
  /// Seed 001's state reconcile over the registry: rows marked in progress
  /// with no running task are reset to queued (`... WHERE state = 'uploading'
  /// AND id NOT IN (running ids)`), then queued rows are enqueued. With no
  /// running task the `NOT IN ()` list is empty, and SQLite (contrary to the
  /// seed's claim) accepts it and matches every row: all are reset.
  case state

  /// The identifiers this policy enqueues, given what is already running.
  ///
  /// - Complexity: O(w · r) for w wanted and r running identifiers.
  @usableFromInline package func toEnqueue(wanted: [String], running: TransferList) -> [String] {
    switch self {
    case .blind:
      return wanted
    case .byIdentifier, .state:
      return wanted.filter { !running.contains($0) }
    }
  }

  /// The operation "reconcile with this wanted list", for the probe.
  public func enqueueing(_ wanted: [String]) -> (TransferList) -> TransferList {
    { running in running.adding(toEnqueue(wanted: wanted, running: running)) }
  }
}
