/// What one process of your server is built with: the server's database,
/// the virtual clock, and which process it is. See ``ServerCode``.
///
/// A crash (``ServerCode/crashes``) or a restart (`server.restarts`) ends
/// the process: what it kept in memory is gone, and the next request is
/// handled by a new process, built anew. The database is not a process's:
/// it keeps every committed transaction across crashes and restarts, and
/// every run starts with an empty one.
public struct SimulatedServer: Sendable {
  /// The server's database (its Postgres): durable across the server's
  /// crashes and restarts; empty at the start of every run.
  public let database: SimulatedDatabase
  /// Virtual time: sleeps on it take no wall-clock time.
  public let clock: SimulatedClock
  /// Which process of the server this is: 1 for the run's first, one more
  /// after each crash or restart.
  public let process: Int
  /// Where the process's trace lines go.
  let host: ServerCodeHost

  /// A line in the run's trace under `server`, at the current virtual time
  /// (from a handler, or a task it created).
  ///
  /// A run that keeps no timeline (a sweep's, a property's) drops the line
  /// at once.
  public func trace(_ event: String, _ details: String = "") {
    guard host.isTracing else { return }
    host.note(event, details)
  }

  /// The services of process `process` of `host`.
  init(host: ServerCodeHost, process: Int) {
    self.host = host
    database = host.database
    clock = SimulatedClock(host.runtime)
    self.process = process
  }
}
