/// The request world with its client written as your async code: each
/// operation of the workload (an order) starts at its arrival time and runs
/// your code, which sends requests through a ``SimulatedTransport`` —
/// across the scenario's lossy network to its server — and sleeps on a
/// ``SimulatedClock``. The server (the built-in ledger, or your
/// ``RequestHandler``), the network, the draws, the metrics and the
/// traces are the request world's; the client's decisions are your code's.
///
/// It runs the request world's one model and router with your code as its
/// client (the built-in client and a ``ClientPolicy`` are the other two),
/// so every fault source of a scenario reaches your code: loss, latency,
/// duplication, partitions, offline windows, the gateway, server restarts,
/// key stores, skewed device clocks and app kills with relaunches.
///
/// Your code runs on a deterministic runtime: every task
/// it creates runs on the simulation's thread, in an order the run's
/// strategy chooses (FIFO by default; concurrent tasks ready at one instant
/// are a choice point, ``UserCodeDraw/taskOrder``), and the same seed gives
/// the same interleaving, the same faults and the same trace in every
/// process. Work that leaves the simulation — a real sleep, a real socket,
/// another executor — stops the run with ``SimulationError/escape(_:)``.
///
/// Make one with ``Scenario/requestWorld(running:)``.
public enum UserCodeRequestWorld<Handler: RequestHandler> {
  /// A scenario's request world with your client code and a server.
  public struct Options: Sendable {
    /// The scenario's options: workload, network, the default request
    /// timeout (`client.timeout`), the server, races.
    @usableFromInline package var scenario: RequestWorldOptions
    /// The server's decisions.
    @usableFromInline package var handler: Handler
    /// The client: runs once per operation (twice when the workload
    /// submits each operation twice) and says how the operation ended.
    @usableFromInline package var code: @Sendable (SimulatedClient) async -> ClientOutcome
    /// Builds a run's app object and binds the code to it, once per run
    /// (``Scenario/requestWorld(app:running:)``); `nil` when the code has
    /// no app object.
    @usableFromInline
    var bindApp: (@Sendable (SimulatedApp) -> @Sendable (SimulatedClient) async -> ClientOutcome)?
    /// Your server, when it answers the code's requests instead of the
    /// scenario's (``Scenario/requestWorld(server:running:)``).
    @usableFromInline
    var serverCode: ServerCode?

    /// The options of a world that runs `code` against `handler` in
    /// `scenario`.
    @usableFromInline package init(
      scenario: RequestWorldOptions, handler: Handler,
      code: @escaping @Sendable (SimulatedClient) async -> ClientOutcome
    ) {
      self.scenario = scenario
      self.handler = handler
      self.code = code
    }

    /// The same code and server over other scenario options.
    @inlinable
    func with(_ scenario: RequestWorldOptions) -> Options {
      var options = Options(scenario: scenario, handler: handler, code: code)
      options.bindApp = bindApp
      options.serverCode = serverCode
      return options
    }
  }

  /// What runs a scenario of the world: the request world's one model and
  /// router, with your code as the client.
  @usableFromInline
  typealias Model = RequestWorldModel<CodeClient, Handler>

  /// The model of a run of `options`, in its initial state.
  @usableFromInline
  static func model(_ options: Options) -> Model {
    let client = CodeClient(
      options.scenario, code: options.code, bindApp: options.bindApp, serverCode: options.serverCode)
    return Model(options.scenario, client: client, handler: options.handler)
  }
}
