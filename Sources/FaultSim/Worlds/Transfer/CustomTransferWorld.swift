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
public enum CustomTransferWorld<
  Reconciler: TransferReconciler, Completion: TransferCompletionHandler, Job: ReconcileJobHandler
> {
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

  /// What runs a scenario of the world: the transfer world's one model,
  /// with these decisions.
  @usableFromInline
  typealias Model = TransferWorldModel<TransferApp<Reconciler, Completion, Job>>

  /// The model of a run of `options`, in its initial state.
  @inlinable
  static func model(_ options: Options) -> Model {
    Model(options.scenario, reconciler: options.reconcile, completion: options.completion, job: options.job)
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
