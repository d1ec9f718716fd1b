/// The request world with a client or a server of your own: the same
/// actors, network, metrics, draws and races as ``RequestWorld``, with the
/// client's decisions made by `Client` and the server's by `Handler`.
///
/// It runs the same model as ``RequestWorld`` — generic over the decisions
/// and specialised for yours — so a policy that decides as the built-in one
/// does gives byte-identical runs, traces and sweep tables, at the same
/// speed. Everything that works on a world works on it: runs and traces
/// (``ScenarioWorld/runOnce(_:seed:strategy:tracing:)``), sums over seeds,
/// sweeps, properties with shrinking and interleaving exploration.
///
/// You rarely name this type: ``Scenario/requestWorld(client:handler:)``
/// makes one from a scenario file's request world.
///
/// ```swift
/// let scenario = try Scenario.shipped("checkout-reference")
/// let world = try scenario.requestWorld(client: BuiltInClientPolicy())
/// let metrics = try world.measure(seeds: 0..<10)
/// print(metrics.duplicated)
/// ```
public struct CustomRequestWorld<Client: ClientPolicy, Handler: RequestHandler>: SimulationModel {
  /// The world's pending events: the messages and timers its actors
  /// exchange.
  @usableFromInline
  package typealias Event = RequestEvent

  /// A scenario's request world with the two decisions given in Swift.
  public struct Options: Sendable {
    /// The scenario's options: workload, network, client timeout, server
    /// mechanics, races (and, for built-in decisions, their settings).
    @usableFromInline package var scenario: RequestWorldOptions
    /// The client's decisions, prepared for each run's options
    /// (`ScenarioConfigured`).
    @usableFromInline package var client: Client
    /// The server's decisions, prepared the same way.
    @usableFromInline package var handler: Handler

    /// The options of a world that runs `scenario` with `client` and
    /// `handler`.
    @usableFromInline package init(scenario: RequestWorldOptions, client: Client, handler: Handler) {
      self.scenario = scenario
      self.client = client
      self.handler = handler
    }

    /// The same decisions over other scenario options (for sweeps and
    /// shrinking).
    @inlinable
    func with(_ scenario: RequestWorldOptions) -> Options {
      Options(scenario: scenario, client: client, handler: handler)
    }
  }

  /// The actors and the router, with the given decisions.
  @usableFromInline
  var model: RequestWorldModel<RequestClient<Client>, Handler>

  /// Creates the world in its initial state.
  @inlinable
  package init(_ options: Options) {
    model = RequestWorldModel(options.scenario, policy: options.client, handler: options.handler)
  }

  /// Restores the initial state for another run, keeping the storage.
  @inlinable
  package mutating func reset() {
    model.reset()
  }

  /// Computes the start times and schedules the first operation.
  @inlinable
  package mutating func start(in context: inout SimulationContext<Event>) throws(SimulationError) {
    try model.start(in: &context)
  }

  /// Routes one event to the actor it is for.
  @inlinable
  package mutating func handle(_ event: Event, in context: inout SimulationContext<Event>) throws(SimulationError) {
    try model.handle(event, in: &context)
  }

  /// The run ran out of events: the operations still in flight are folded
  /// into the metrics.
  @inlinable
  package mutating func finish(in context: inout SimulationContext<Event>) throws(SimulationError) {
    try model.finish(in: &context)
  }

  /// The bytes the world holds now: records in flight, kept final states,
  /// the gateway's exchanges, the key store.
  @usableFromInline
  package var liveBytes: Int { model.liveBytes }

  /// What holds them, in words.
  @usableFromInline
  package var liveDescription: String { model.liveDescription }

  /// The metrics of the run that just ended.
  ///
  /// - Complexity: O(operations).
  @inlinable
  package func metrics(events: UInt64 = 0) -> RequestMetrics {
    model.metrics(events: events)
  }
}

extension CustomRequestWorld: SimulatedWorld {
  /// Runs as a simulation of the world.
  @inlinable
  public static var engine: WorldEngine<Self> { .simulating }
  /// What a run measures.
  public typealias Metrics = RequestMetrics
  /// Each entity's final state, in entity order.
  public typealias FinalState = EntityStates<RequestOperationOutcome>

  /// The request world's draw purposes.
  public typealias Draws = RequestDraw

  /// Each operation's final state, in operation order.
  @inlinable
  package func finalState() -> EntityStates<RequestOperationOutcome> {
    model.finalState()
  }

  /// Folds each operation into the metrics once nothing can change it and
  /// forgets it, as ``RequestWorld/dropFinalStates()`` does.
  @inlinable
  package mutating func dropFinalStates() {
    model.dropFinalStates()
  }

  /// A digest of the final state, as ``RequestWorld/finalStateDigest()``.
  @inlinable
  package func finalStateDigest() -> UInt64 {
    model.finalStateDigest
  }

  /// Whether a run can meet a race, as for ``RequestWorld``.
  @inlinable
  package static func canMeetRace(_ options: Options) -> Bool {
    RequestWorld.canMeetRace(options.scenario)
  }
}

extension CustomRequestWorld: DerivedWorld, ProbedWorld, MemorySizedWorld, ShrinkableWorld {
  /// The world whose scenarios it runs.
  @usableFromInline package typealias Base = RequestWorld

  /// The scenario's options.
  @inlinable
  package static func base(of options: Options) -> RequestWorldOptions { options.scenario }

  /// The same decisions over other scenario options.
  @inlinable
  package static func rebased(_ options: Options, on base: RequestWorldOptions) -> Options { options.with(base) }

  /// The memory a run needs, as for ``RequestWorld``, with the records of
  /// this policy's memory and this handler's entry.
  @usableFromInline package static func estimatedBytes(_ options: Options) -> UInt64 {
    RequestWorld.estimatedBytes(
      options.scenario, client: ClientRecord<Client.Memory>.self, server: ServerRecord<Handler.Entry>.self)
  }
}
