/// The app's reconcile, apart from its mechanics: the seam where your own
/// relaunch reconcile replaces the built-in one (seed 000's `enqueueAll`
/// and `enqueueIfMissing`, seed 001's state reconcile).
///
/// When the user reopens the app (and, if `app.reconcileOnBackgroundLaunch`
/// says so, when the system relaunches it for transfer events), the app's
/// mechanism calls `getAllTasks` on its background session and shows the
/// reconcile its registry one row at a time: the file as the app sees it
/// (``AppFile``: its ``RegistryRow``, and whether the file is already
/// there) and the snapshots of the tasks the OS listed for it. The
/// reconcile answers with a ``ReconcileAction`` — leave the row, enqueue
/// the file, reset the row and enqueue, cancel the listed tasks, mark the
/// row — and the mechanism carries it out: creating tasks, within
/// `app.maximumAttempts`; cancelling them; editing the row. Everything
/// else — the lifecycle, the delegate plumbing, the daemon — stays as the
/// scenario says.
///
/// A reconcile sees only values: the row, the snapshots, and the run's
/// context, for keyed draws and trace lines. It never schedules. Draw with
/// keys of the file (`DrawKey(file.identity, purpose)`) so that two orders
/// of a race see the same values.
///
/// ``ReconcilePolicy`` — `blind`, `by-identifier`, `state` — is an
/// implementation like any other, and `BuiltInReconciler` is the one of
/// scenario files (`app.reconcile`). The world is generic over the
/// reconcile, so yours runs specialised, without an existential on the hot
/// path:
///
/// ```swift
/// /// Seed 000's enqueueIfMissing: ask the OS first, and enqueue only the
/// /// files it does not already transfer.
/// struct EnqueueIfMissing: TransferReconciler {
///   func reconcile(
///     _ file: AppFile, listed: ArraySlice<TransferTaskSnapshot>, _ context: inout DecisionContext
///   ) -> ReconcileAction {
///     file.isWantedAndMissing && listed.isEmpty ? .enqueue : .leave
///   }
/// }
/// ```
///
/// Plug it into a scenario's transfer world with
/// ``Scenario/transferWorld(reconcile:completion:job:)``.
public protocol TransferReconciler: Sendable {
  /// Starts a new run: state the reconcile keeps across rows starts over.
  /// The default does nothing.
  mutating func reset()

  /// How trace lines name the reconcile: `app#3 reconciles (blind)`. The
  /// default is the type's name.
  var name: String { get }

  /// What to do with one row.
  ///
  /// - Parameters:
  ///   - file: The file as the app sees it: its registry row, and whether
  ///     it is already there.
  ///   - listed: What `getAllTasks` listed for the file, newest first:
  ///     the session's live tasks (waiting or running) whose
  ///     `taskDescription` is the file. More than one is a duplicate.
  ///   - context: The run's context, for keyed draws and trace lines.
  mutating func reconcile(
    _ file: AppFile, listed: ArraySlice<TransferTaskSnapshot>, _ context: inout DecisionContext
  ) -> ReconcileAction
}

extension TransferReconciler {
  /// Nothing to start over.
  @inlinable
  public mutating func reset() {}

  /// The type's name.
  public var name: String { String(describing: Self.self) }
}

/// What the app does with one registry row when it reconciles, as its
/// ``TransferReconciler`` decides.
public enum ReconcileAction: Hashable, Sendable {
  /// Nothing.
  case leave
  /// Enqueues a task for the file (the row says `active`), unless the file
  /// used up `app.maximumAttempts` (then the row says `failed`).
  case enqueue
  /// Resets the row to `queued`, then enqueues the file: seed 001's
  /// `UPDATE … SET state = 'queued'` before the enqueue.
  case resetAndEnqueue
  /// Cancels the tasks the OS listed for the file, leaving the row as it
  /// is; their cancellations reach the delegate as cancelled by the app.
  case cancelListed
  /// Cancels the tasks the OS listed for the file, then resets the row and
  /// enqueues it afresh: a restart, never two tasks at once.
  case restart
  /// Sets the row's state column and enqueues nothing.
  case mark(RegistryRow.State)

  /// Whether the action enqueues a task (traces count these:
  /// `enqueued=3`).
  @inlinable
  public var enqueues: Bool {
    switch self {
    case .enqueue, .resetAndEnqueue, .restart: true
    case .leave, .cancelListed, .mark: false
    }
  }
}
