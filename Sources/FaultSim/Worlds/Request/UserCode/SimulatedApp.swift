/// What your app object is built with, once per run: the app-wide
/// transport, the virtual clock and the app's database. See
/// ``Scenario/requestWorld(app:running:)``.
///
/// An app's singletons — a token store, a session, a cache — are shared by
/// every operation; so is this transport. Each request it sends belongs to
/// the operation whose code sent it (the task that calls `send`, or a task
/// that task created), and is drawn and traced as that operation's, as if
/// it were sent through the operation's own ``SimulatedClient/transport``:
/// the same seed loses the same requests however the operations'
/// tasks interleave.
public struct SimulatedApp: Sendable {
  /// The app's transport: requests cross the scenario's network to its
  /// server as the calling operation's.
  public let transport: SimulatedTransport
  /// Virtual time: sleeps on it take no wall-clock time.
  public let clock: SimulatedClock
  /// The app's database (what its SQLite file is): it survives the app's
  /// kills, and every run starts with an empty one.
  public let database: SimulatedDatabase

  /// A line in the run's trace under the calling operation's client, at
  /// the current virtual time.
  ///
  /// A run that keeps no timeline (a sweep's, a property's) drops the line
  /// at once.
  public func trace(_ event: String, _ details: String = "") {
    let clients = transport.clients
    guard let running = RunningOperation.current else {
      clients.runtime.recordForeign(
        "the app object traced \"\(event)\" from a task that no operation's code created: "
          + "a detached task, or the app's initializer")
      return
    }
    clients.note(running.operation, launch: running.launch, event, details)
  }

  /// The app of `clients`' run.
  @usableFromInline
  init(clients: UserCodeClients) {
    transport = SimulatedTransport(appOf: clients)
    clock = SimulatedClock(clients.runtime)
    database = SimulatedDatabase(runtime: clients.runtime)
  }
}
