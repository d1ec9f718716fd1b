/// What your code gets for one operation of the workload (one order of the
/// checkout): which one it is, and the simulated transport and clock to
/// run it with.
///
/// ```swift
/// let world = try Scenario.shipped("checkout-reference").requestWorld { client in
///   let response = try? await client.transport.send(
///     TransportRequest(method: "POST", path: "/orders", text: "order=\(client.operation)", timeout: .seconds(1)))
///   return response?.isSuccess == true ? .succeeded : .uncertain
/// }
/// ```
public struct SimulatedClient: Sendable {
  /// The operation's number, `0 ..< workload.operations`: the order's id.
  public let operation: Int
  /// Which process of the app runs this code: 1 at first; after the app is
  /// killed mid-request (`client.app.termination`) and the user opens it
  /// again, the code runs again with the next number, and what the first
  /// process held in memory is gone — only ``disk`` survives.
  public let launch: Int
  /// Requests sent through it cross the scenario's network to its server.
  public let transport: SimulatedTransport
  /// Virtual time: sleeps on it take no wall-clock time.
  public let clock: SimulatedClock
  /// The operation's randomness (jitter, sampled delays): keyed draws of
  /// the run's seed, never the system's generator. Each launch draws anew,
  /// so a key made from it after a relaunch is a new key.
  public let random: SimulatedRandom
  /// The app's storage that survives its process (what `UserDefaults` or an
  /// SQLite outbox is to the app): store an idempotency key here before
  /// sending, and a relaunched launch can resend with it.
  public var disk: SimulatedDisk { transport.clients.disk(of: operation) }

  /// A line in the run's trace under the operation's client (`client#17`),
  /// at the current virtual time: what your code decided and why.
  ///
  /// A run that keeps no timeline (a sweep's, a property's) drops the line
  /// at once.
  public func trace(_ event: String, _ details: String = "") {
    transport.clients.note(operation, launch: transport.launch, event, details)
  }
}
