/// The background-transfer world: on each of
/// many independent devices, an app hands transfers to the OS transfer
/// daemon, goes to the background, is terminated or force-quit, and is
/// reopened; its registry (a persisted copy of what it believes) is
/// reconciled with what the daemon really did.
///
/// This is the world scenario files name (`"world": "transfer"`): its app
/// reconciles with `BuiltInReconciler` (`app.reconcile`), handles endings
/// with `BuiltInCompletionHandler` (`app.*`) and runs its reconcile job
/// with `BuiltInReconcileJobHandler` (`reconcileJob.*`). To run the same
/// world with decisions of your own, see ``CustomTransferWorld`` and
/// ``Scenario/transferWorld(reconcile:completion:job:)``: both run one
/// model, generic over the decisions.
///
/// This world is its own model, for the reason ``RequestWorld`` gives: it
/// holds the transfer world's model with the built-in decisions and
/// forwards to it, where the worlds that run your decisions or your app
/// hold no state and run that model directly.
///
/// The world is components that own their state — the OS transfer daemon,
/// the app and its registry, the OS task scheduler — and a router between
/// them, which holds the user's script (open, leave, cancel, ask again),
/// the system's wake-ups, and the races between components.
///
/// Every random decision is a keyed draw on what it decides about — a user,
/// a file, or a file's n-th transfer (``TransferDraw``) — never on a task's
/// slot in the daemon's table, so two interleavings of one seed see the same
/// faults and one user's race choice leaves every other user's draws as they
/// were.
///
/// Races marked for the engine:
/// - a task finishing around the moment the reopened app reconciles
///   (`finish-vs-enqueue`, seed `bitme-ve-kuyruk`): the reconcile sees the
///   task, or it has already left the daemon's list while its completion has
///   not reached the app;
/// - a user's cancellation crossing the task's completion
///   (`cancel-vs-completion`);
/// - an app that moves a finished download after its delegate returns,
///   against the system deleting the temporary file (`move-vs-delete`).
public struct TransferWorld: SimulationModel {
  /// The world's events (``TransferEvent``): the user and the system act on the
  /// app's lifecycle, the daemon's tasks progress and end, the OS task
  /// scheduler launches and ends the app's background task.
  @usableFromInline
  package typealias Event = TransferEvent

  /// The components and the router, with the built-in decisions.
  @usableFromInline
  var model: TransferWorldModel<TransferApp<BuiltInReconciler, BuiltInCompletionHandler, BuiltInReconcileJobHandler>>

  /// The world's definition.
  @usableFromInline package var options: TransferWorldOptions { model.settings.options }

  /// Immutable options shared by reference (see `RequestWorld.Settings`),
  /// with the names traces give files and tasks.
  @usableFromInline
  final class Settings: Sendable {
    @usableFromInline
    let options: TransferWorldOptions
    /// Derived once: read on every rate computation.
    @usableFromInline
    let hasConditionTimelines: Bool
    @usableFromInline
    let filesPerUser: Int
    /// Whether the files are downloads (read on every delegate callback).
    @usableFromInline
    let downloads: Bool

    @usableFromInline
    init(_ options: TransferWorldOptions) {
      self.options = options
      hasConditionTimelines = options.conditions != nil
      filesPerUser = options.workload.filesPerUser
      downloads = options.workload.kind == .download
    }

    /// The user's files as a range of file indices.
    @inlinable
    func files(of user: Int) -> Range<Int> {
      (user * filesPerUser)..<((user + 1) * filesPerUser)
    }

    /// `u3/f7`: a file's name in traces and reports.
    @usableFromInline
    func fileName(_ file: Int) -> String {
      "u\(file / filesPerUser)/f\(file % filesPerUser)"
    }

    /// `u3/f7#2`: a task's name in traces, by what it is (the file's second
    /// transfer), never by its slot in the task table.
    @usableFromInline
    func taskName(_ transfer: TransferAttemptIdentity) -> String {
      "\(fileName(transfer.file))#\(transfer.attempt)"
    }
  }

  /// Creates the world in its initial state.
  @usableFromInline package init(_ options: TransferWorldOptions) {
    model = TransferWorldModel(
      options, reconciler: BuiltInReconciler(), completion: BuiltInCompletionHandler(),
      job: BuiltInReconcileJobHandler())
  }

  /// Restores the initial state for another run, keeping the storage.
  @usableFromInline package mutating func reset() {
    model.reset()
  }

  /// The user's script and the devices' conditions: every user opens the
  /// app at 0, leaves it, has it terminated and reopens it, by keyed draws.
  @usableFromInline
  package mutating func start(in context: inout SimulationContext<Event>) throws(SimulationError) {
    try model.start(in: &context)
  }

  /// Routes one event to the component it concerns.
  @inlinable
  @inline(__always)
  package mutating func handle(_ event: Event, in context: inout SimulationContext<Event>) throws(SimulationError) {
    try model.handle(event, in: &context)
  }

  /// The metrics of the run that just ended, read from every component.
  ///
  /// - Complexity: O(files + tasks).
  @usableFromInline package func metrics(events: UInt64 = 0) -> TransferMetrics {
    model.metrics(events: events)
  }

  /// Each file's final state, in file order.
  ///
  /// - Complexity: O(files).
  @usableFromInline package func finalState() -> EntityStates<TransferFileOutcome> {
    model.finalState()
  }

  /// `app#3`: the app of a user in traces.
  @usableFromInline
  static func appName(_ user: Int) -> String { "app#\(user)" }
  /// `daemon#3`: the OS transfer daemon of a user in traces.
  @usableFromInline
  static func daemonName(_ user: Int) -> String { "daemon#\(user)" }
}
