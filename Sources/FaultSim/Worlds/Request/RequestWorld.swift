/// The request/retry world (SPEC §4.1, seeds 004 and 001): clients with a
/// retry policy send operations through a lossy network to a server that
/// keeps a ledger, and the run counts what the ledger holds against what the
/// clients believe.
///
/// This is the world scenario files name (`"world": "request"`): its client
/// is `BuiltInClientPolicy` (`client.*` options) and its server
/// ``BuiltInRequestHandler`` (`server.*`). To run the same world with a
/// client or a server of your own, see ``CustomRequestWorld`` and
/// ``Scenario/requestWorld(client:handler:)``: both run one model, generic
/// over the decisions.
///
/// Unlike the worlds that run your decisions or your code, which hold no
/// state and run the request world's model directly, this world is its own
/// model: it holds that model with the built-in decisions and forwards to
/// it. A run needs the metadata of the type it runs when it copies or
/// destroys it; a non-generic type's is compiled in, while a bound generic
/// model's (`RequestWorldModel<RequestClient<BuiltInClientPolicy>,
/// BuiltInRequestHandler>`) is made from its mangled name, which checks
/// each of its three generic requirements against every conformance record
/// of the binary: about 360,000 instructions once per process, a tenth of
/// a one-order run.
///
/// The world is three actors and a router: the clients, the network and the
/// server each own their state and talk only through the messages in
/// `RequestEvent`. Every random decision is a keyed draw on (operation,
/// purpose, message sequence), so two runs of one seed that order a race
/// differently see the same losses, latencies and failures.
///
/// Races marked for the engine:
/// - a response arriving within the race window of its attempt's timeout;
/// - a retry reaching the server while the attempt it repeats is still being
///   processed (409 or commit first);
/// - a retry arriving within the race window of its key's expiry.
public struct RequestWorld: SimulationModel {
  /// The world's pending events: the messages and timers its actors
  /// exchange.
  @usableFromInline
  package typealias Event = RequestEvent

  /// The actors and the router, with the built-in decisions.
  @usableFromInline
  var model: RequestWorldModel<RequestClient<BuiltInClientPolicy>, BuiltInRequestHandler>

  /// The world's definition.
  @usableFromInline package var options: RequestWorldOptions { model.settings.options }

  /// Creates the world in its initial state.
  @usableFromInline package init(_ options: RequestWorldOptions) {
    model = RequestWorldModel(options, policy: BuiltInClientPolicy(), handler: BuiltInRequestHandler())
  }

  /// Restores the initial state for another run, keeping the storage.
  @usableFromInline package mutating func reset() {
    model.reset()
  }

  /// Computes the start times and schedules the first operation; each start
  /// schedules the next, so the pending set never holds every operation.
  @usableFromInline
  package mutating func start(in context: inout SimulationContext<Event>) throws(SimulationError) {
    try model.start(in: &context)
  }

  /// Routes one event to the actor it is for.
  @inlinable
  @inline(__always)
  package mutating func handle(_ event: Event, in context: inout SimulationContext<Event>) throws(SimulationError) {
    try model.handle(event, in: &context)
  }

  /// The run ran out of events: the operations still in flight are folded
  /// into the metrics.
  @usableFromInline
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
  @usableFromInline package func metrics(events: UInt64 = 0) -> RequestMetrics {
    model.metrics(events: events)
  }

  /// Immutable options shared by reference by every world of the request
  /// model, whatever its client and server. Not nested in the generic
  /// model: a class there is generic too, and its metadata is made at run
  /// time from its mangled name, which asks the runtime to look up the
  /// client's and the server's conformances (three scans of every
  /// conformance record of a static binary) for a class that uses neither.
  @usableFromInline
  final class Settings: Sendable {
    @usableFromInline
    let options: RequestWorldOptions

    @inlinable
    init(_ options: RequestWorldOptions) {
      self.options = options
    }
  }
}
