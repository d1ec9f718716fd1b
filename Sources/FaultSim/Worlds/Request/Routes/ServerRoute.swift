/// One route of the simulated server: a method and a path pattern, and what
/// the server does with a request that matches them.
///
/// A server with routes (`server.routes` in a scenario file, or
/// ``Scenario/routing(_:)``) answers each request of your code by its
/// first matching route; a request that matches none gets 404. The
/// operation's order is one route among others (``Behaviour/order``), and
/// every other write route keeps a ledger of its own, one entry per
/// resource (the request's path) and operation, with the idempotency
/// semantics of the scenario's server: keys honoured or ignored
/// (`server.keys`), their lifetime (`server.keyTTL`), 409 for a key still in
/// flight (`server.inFlightKey`), 422 for a different body under a stored
/// key, and the stored response replayed for a repeat.
///
/// ```swift
/// let routes = [
///   ServerRoute("POST", "/token", .idempotentWrite, body: #"{"token": "t-{id}"}"#),
///   ServerRoute("PUT", "/orders/{order}/items/{item}", .idempotentWrite),
///   ServerRoute("POST", "/orders", .order),
/// ]
/// ```
public struct ServerRoute: Hashable, Sendable, CustomStringConvertible {
  /// What the server does with a request of the route.
  public enum Behaviour: String, CaseIterable, Hashable, Sendable {
    /// The operation's order: a write applies it (the ledger the metrics'
    /// `duplicated` counts), `GET` and `HEAD` ask whether it was applied
    /// (200 or 404) — as every request does on a server without routes.
    case order
    /// A read: answered with the route's status and body; nothing applied.
    case read
    /// A write that may be repeated harmlessly (`PUT`, `DELETE`): applied
    /// each time, never counted as a duplicate.
    case idempotentWrite = "idempotent-write"
    /// A write that creates something (`POST`): applied more than once for
    /// the same resource and operation, it is a duplicate.
    case write
  }

  /// `GET`, `HEAD`, `POST`, `PUT`, `PATCH`, `DELETE`, or `*` for any.
  public var method: String
  /// The path pattern: segments of literal text or `{name}` parameters,
  /// and `*` as the last segment for any rest, e.g. `/orders/{order}/items/{item}`.
  public var path: String
  /// What the server does with a matching request.
  public var behaviour: Behaviour
  /// The status of a successful answer; `nil` is the behaviour's (201 for
  /// an order and a write, 200 otherwise).
  public var status: Int?
  /// The body of a successful answer: text in which `{id}` is the id the
  /// server assigned to the write (1, 2, … in the order the route's writes
  /// were applied) and `{name}` a path parameter; `nil` is the
  /// behaviour's (`{"order": {id}}` for an order, `{"id": {id}}` for a
  /// write, empty otherwise).
  public var body: String?

  /// A route; see the properties for each argument.
  public init(_ method: String, _ path: String, _ behaviour: Behaviour, status: Int? = nil, body: String? = nil) {
    self.method = method
    self.path = path
    self.behaviour = behaviour
    self.status = status
    self.body = body
  }

  /// `POST /orders`: the route's name in traces and metrics.
  public var description: String { "\(method) \(path)" }

  /// The status of a successful answer.
  var successStatus: Int {
    status ?? (behaviour == .order || behaviour == .write ? 201 : 200)
  }

  /// The body template of a successful answer.
  var bodyTemplate: String {
    if let body { return body }
    switch behaviour {
    case .order: return #"{"order": {id}}"#
    case .write: return #"{"id": {id}}"#
    case .read, .idempotentWrite: return ""
    }
  }
}
