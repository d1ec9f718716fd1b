/// What one route of the server saw in the runs summed: the requests it
/// answered, the writes it applied and how many of its resources were
/// written more than once.
public struct RouteCounts: Hashable, Sendable, CustomStringConvertible {
  /// The route.
  public var route: ServerRoute
  /// Requests of the route that reached their commit point (copies and
  /// retries included).
  public var requests: UInt64 = 0
  /// Writes applied.
  public var applied: UInt64 = 0
  /// For an `order` or a `write` route: resources of an operation (for
  /// the order: operations) whose write was applied more than once.
  public var duplicated: UInt64 = 0
  /// Stored responses replayed for a repeated key.
  public var replays: UInt64 = 0
  /// 409s for a key still in flight.
  public var conflicts: UInt64 = 0
  /// 422s for a different body under a stored key.
  public var payloadMismatches: UInt64 = 0

  /// No requests yet.
  @usableFromInline package init(route: ServerRoute) {
    self.route = route
  }

  /// `POST /orders: 120 requests, 100 applied, 0 duplicated`.
  public var description: String {
    "\(route): \(requests) requests, \(applied) applied, \(duplicated) duplicated"
      + (replays > 0 ? ", \(replays) replays" : "") + (conflicts > 0 ? ", \(conflicts) 409s" : "")
      + (payloadMismatches > 0 ? ", \(payloadMismatches) 422s" : "")
  }

  /// Adds another run's counts of the same route.
  ///
  /// - Throws: `MetricsOverflow` naming the count (`duplicated[POST /orders]`)
  ///   whose sum does not fit 64 bits; the counts are then partly added.
  mutating func add(_ other: RouteCounts) throws(MetricsOverflow) {
    func sum(_ a: UInt64, _ b: UInt64, _ name: String) throws(MetricsOverflow) -> UInt64 {
      try RouteMetrics.adding(a, b, "\(name)[\(route)]")
    }
    requests = try sum(requests, other.requests, "requests")
    applied = try sum(applied, other.applied, "applied")
    duplicated = try sum(duplicated, other.duplicated, "duplicated")
    replays = try sum(replays, other.replays, "replays")
    conflicts = try sum(conflicts, other.conflicts, "conflicts_409")
    payloadMismatches = try sum(payloadMismatches, other.payloadMismatches, "payload_mismatches_422")
  }
}
