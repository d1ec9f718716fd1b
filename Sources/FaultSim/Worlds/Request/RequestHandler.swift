/// The decisions of a request world's server, apart from its mechanics: the
/// seam where your own request handler replaces the built-in one.
///
/// The server (`RequestServer`) keeps what every server does the same way: admitting
/// requests to a limited number of workers, queueing or refusing the rest
/// (503 with Retry-After), sampling how long processing takes, knowing
/// which writes are in flight and when they commit, the race between a
/// retry and that commit, and the load counters. This protocol is the rest
/// — what the server does with a request, decided from the request alone
/// (its ``RequestMessage/key``, `RequestMessage.payload` digest and
/// `RequestMessage.ifMatch` version) and the handler's own store:
///
/// - whether a write whose operation still has a write in flight is
///   refused (the built-in: a keyed write gets 409 when keys are honoured
///   and `ServerOptions.inFlightKey` is `conflict`);
/// - the answer at the commit point: apply or not, replay a stored result,
///   422 for a different body under the same key, 412 for a stale version,
///   injected failures, and the headers (Retry-After) each response carries.
///
/// A handler keeps one ``Entry`` per operation — its ledger entry — which
/// the server stores next to its own bookkeeping and hands to the handler
/// for the operation of the request at hand; anything shared by all
/// operations (the versions of contended records) is the handler's own.
///
/// A handler sees the world only through its arguments and the run's
/// context, for keyed draws (``RequestDraw``, keyed by the message) and
/// trace lines under `server`; it never schedules.
/// ``BuiltInRequestHandler`` — the server of scenario files, `server.*`
/// options — is an implementation like any other; the server is generic
/// over the handler, so yours runs specialised. Plug it in with
/// ``Scenario/requestWorld(client:handler:)``.
///
/// ```swift
/// /// A server that ignores idempotency keys: every write is applied.
/// struct ForgetfulServer: RequestHandler {
///   var emptyEntry: Int { 0 }  // times the operation's write was applied
///
///   func applied(_ entry: Int) -> Int { entry }
///
///   mutating func serve(
///     _ request: RequestMessage, _ applied: inout Int, _ context: inout DecisionContext
///   ) -> ResponseMessage {
///     switch request.kind {
///     case .write: applied += 1
///     case .query: return ResponseMessage(answering: request, status: 200, content: .writeApplied(applied > 0))
///     case .read: break
///     }
///     return ResponseMessage(answering: request, status: 200)
///   }
/// }
/// ```
public protocol RequestHandler: Sendable {
  /// What the handler keeps for one operation: plain data, kept by the
  /// server next to its own bookkeeping.
  associatedtype Entry

  /// The entry of an operation the server has not seen yet.
  var emptyEntry: Entry { get }

  /// Starts a new run: an empty store (the server empties the entries).
  /// The default does nothing.
  mutating func reset()

  /// Times the server applied the operation's write so far, from its
  /// entry: what the run's metrics count duplicates and losses by.
  func applied(_ entry: Entry) -> Int

  /// Whether `request` is refused because a write of its operation is
  /// still being processed (the server asks only when one is). The
  /// default refuses nothing.
  func refusesWhileInFlight(_ request: RequestMessage) -> Bool

  /// The refusal of a request that ``refusesWhileInFlight(_:)``. The
  /// default is 409 Conflict.
  mutating func refuseWhileInFlight(
    _ request: RequestMessage, _ context: inout DecisionContext
  ) -> ResponseMessage

  /// The answer to `request` at its commit point; `entry` is its
  /// operation's.
  mutating func serve(
    _ request: RequestMessage, _ entry: inout Entry, _ context: inout DecisionContext
  ) -> ResponseMessage

  /// The bytes the handler holds besides its entries (a key store that
  /// outlives operations, say), counted against a run's memory budget
  /// while it goes. The default is 0.
  var liveBytes: Int { get }
}

extension RequestHandler {
  /// Nothing to empty.
  public mutating func reset() {}

  /// Nothing held besides the entries.
  public var liveBytes: Int { 0 }

  /// Refuses nothing.
  public func refusesWhileInFlight(_ request: RequestMessage) -> Bool { false }

  /// 409 Conflict.
  public mutating func refuseWhileInFlight(
    _ request: RequestMessage, _ context: inout DecisionContext
  ) -> ResponseMessage {
    ResponseMessage(answering: request, status: 409)
  }
}
