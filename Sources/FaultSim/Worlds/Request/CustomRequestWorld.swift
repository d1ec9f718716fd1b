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
public enum CustomRequestWorld<Client: ClientPolicy, Handler: RequestHandler> {
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

  /// What runs a scenario of the world: the request world's one model,
  /// with these decisions.
  @usableFromInline
  typealias Model = RequestWorldModel<RequestClient<Client>, Handler>

  /// The model of a run of `options`, in its initial state.
  @inlinable
  static func model(_ options: Options) -> Model {
    Model(options.scenario, policy: options.client, handler: options.handler)
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

  /// Whether a run can meet a race, as for ``RequestWorld``.
  @inlinable
  static func canMeetRace(_ options: Options) -> Bool {
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
