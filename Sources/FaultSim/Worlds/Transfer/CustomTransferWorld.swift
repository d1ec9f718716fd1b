/// The transfer world with an app whose decisions are your own: the same
/// daemon, lifecycle, task scheduler, metrics, draws and races as
/// ``TransferWorld``, with the app's reconcile made by `Reconciler`, its
/// completion handler by `Completion` and its reconcile job by `Job`.
///
/// It runs the same model as ``TransferWorld`` — generic over the decisions
/// and specialised for yours — so decisions that decide as the built-in
/// ones do give byte-identical runs, traces and sweep tables, at the same
/// speed. Everything that works on a world works on it: runs and traces
/// (``ScenarioWorld/runOnce(_:seed:strategy:tracing:)``), sums over seeds,
/// sweeps, properties with shrinking and interleaving exploration.
///
/// You rarely name this type:
/// ``Scenario/transferWorld(reconcile:completion:job:)`` makes one from a
/// scenario file's transfer world.
///
/// ```swift
/// let scenario = try Scenario.shipped("podcast-relaunch-by-id")
/// let world = try scenario.transferWorld(reconcile: ReconcilePolicy.blind)
/// let metrics = try world.measure(seeds: 0..<4)
/// print(metrics.duplicated)  // the episodes a blind reconcile downloads twice
/// ```
public struct CustomTransferWorld<
  Reconciler: TransferReconciler, Completion: TransferCompletionHandler, Job: ReconcileJobHandler
>: SimulationModel {
  /// The world's events: the user and the system act on the app's
  /// lifecycle, the daemon's tasks progress and end, the OS task scheduler
  /// launches and ends the app's background task.
  @usableFromInline
  package typealias Event = TransferEvent

  /// A scenario's transfer world with the app's decisions given in Swift.
  public struct Options: Sendable {
    /// The scenario's options: workload, lifecycle, daemon, conditions,
    /// the reconcile job's scheduling, races, the app's smaller choices
    /// (and, for built-in decisions, their settings).
    @usableFromInline package var scenario: TransferWorldOptions
    /// The app's reconcile, prepared for each run's options
    /// (`ScenarioConfigured`).
    @usableFromInline package var reconcile: Reconciler
    /// The app's completion handler, prepared the same way.
    @usableFromInline package var completion: Completion
    /// The app's reconcile job, prepared the same way; it runs only when
    /// the scenario gives the app a job (`reconcileJob`).
    @usableFromInline package var job: Job

    /// The options of a world that runs `scenario` with these decisions.
    @usableFromInline package init(
      scenario: TransferWorldOptions, reconcile: Reconciler, completion: Completion, job: Job
    ) {
      self.scenario = scenario
      self.reconcile = reconcile
      self.completion = completion
      self.job = job
    }

    /// The same decisions over other scenario options (for sweeps, the
    /// probe and shrinking).
    @inlinable
    func with(_ scenario: TransferWorldOptions) -> Options {
      Options(scenario: scenario, reconcile: reconcile, completion: completion, job: job)
    }
  }

  /// The components and the router, with the given decisions.
  @usableFromInline
  var model: TransferWorldModel<TransferApp<Reconciler, Completion, Job>>

  /// Creates the world in its initial state.
  @inlinable
  package init(_ options: Options) {
    model = TransferWorldModel(
      options.scenario, reconciler: options.reconcile, completion: options.completion, job: options.job)
  }

  /// Restores the initial state for another run, keeping the storage.
  @inlinable
  package mutating func reset() {
    model.reset()
  }

  /// The user's script and the devices' conditions, by keyed draws.
  @inlinable
  package mutating func start(in context: inout SimulationContext<Event>) throws(SimulationError) {
    try model.start(in: &context)
  }

  /// Routes one event to the component it concerns.
  @inlinable
  package mutating func handle(_ event: Event, in context: inout SimulationContext<Event>) throws(SimulationError) {
    try model.handle(event, in: &context)
  }

  /// The metrics of the run that just ended.
  ///
  /// - Complexity: O(files + tasks).
  @inlinable
  package func metrics(events: UInt64 = 0) -> TransferMetrics {
    model.metrics(events: events)
  }
}

extension CustomTransferWorld: SimulatedWorld {
  /// Runs as a simulation of the world.
  @inlinable
  public static var engine: WorldEngine<Self> { .simulating }
  /// What a run measures.
  public typealias Metrics = TransferMetrics
  /// Each entity's final state, in entity order.
  public typealias FinalState = EntityStates<TransferFileOutcome>

  /// The transfer world's draw purposes.
  public typealias Draws = TransferDraw

  /// Each file's final state, in file order.
  ///
  /// - Complexity: O(files).
  @inlinable
  package func finalState() -> EntityStates<TransferFileOutcome> {
    model.finalState()
  }
}

extension CustomTransferWorld: DerivedWorld, ProbedWorld, MemorySizedWorld, ShrinkableWorld {
  /// The world whose scenarios it runs.
  @usableFromInline package typealias Base = TransferWorld

  /// The scenario's options.
  @inlinable
  package static func base(of options: Options) -> TransferWorldOptions { options.scenario }

  /// The same decisions over other scenario options.
  @inlinable
  package static func rebased(_ options: Options, on base: TransferWorldOptions) -> Options { options.with(base) }
}
