/// Per-route counts of a request world with routes, summed over runs:
/// `PluggedScenario.routeMetrics(seeds:)`.
public struct RouteMetrics: Hashable, Sendable, CustomStringConvertible {
  /// One entry per route, in declaration order.
  public var routes: [RouteCounts]
  /// Requests that matched no route (answered 404).
  public var unmatched: UInt64 = 0

  /// The counts of `route`'s first match (method and pattern as declared);
  /// `nil` when the server has no such route.
  ///
  /// - Complexity: O(routes).
  public subscript(method: String, path: String) -> RouteCounts? {
    routes.first { $0.route.method == method && $0.route.path == path }
  }

  /// One of the columns a sweep table shows per route.
  struct Column: Sendable {
    /// The name before the route: `duplicated` in `duplicated[POST /orders]`.
    let name: String
    /// What it counts (docs/metrics.md, "Columns per route").
    let meaning: String
    /// Its field, given the operations the sum measured.
    let value: @Sendable (RouteCounts, _ operations: UInt64) -> String
  }

  /// What a sweep table shows per route, each column named
  /// `name[METHOD /path]`, in declaration order, then `no_route_404`.
  static let columns: [Column] = [
    Column(
      name: "requests", meaning: "requests of the route that reached their commit point",
      value: { counts, _ in "\(counts.requests)" }),
    Column(name: "applied", meaning: "writes of the route applied", value: { counts, _ in "\(counts.applied)" }),
    Column(
      name: "duplicated", meaning: "resources of an operation the route wrote more than once",
      value: { counts, _ in "\(counts.duplicated)" }),
    Column(
      name: "duplicate_rate", meaning: "duplicated per operation",
      value: { counts, operations in
        DecimalText.rate(operations == 0 ? 0 : Double(counts.duplicated) / Double(operations))
      }),
    Column(
      name: "replays", meaning: "stored responses replayed for a repeated key",
      value: { counts, _ in "\(counts.replays)" }),
    Column(
      name: "conflicts_409", meaning: "409s for a key still in flight", value: { counts, _ in "\(counts.conflicts)" }
    ),
    Column(
      name: "payload_mismatches_422", meaning: "422s for a different body under a stored key",
      value: { counts, _ in "\(counts.payloadMismatches)" }),
  ]

  /// The sweep table's columns of these routes: ``columns`` for each
  /// route, in declaration order, then `no_route_404`.
  ///
  /// - Complexity: O(routes).
  var columnNames: [String] {
    routes.flatMap { counts in Self.columns.map { "\($0.name)[\(counts.route)]" } } + ["no_route_404"]
  }

  /// The fields of ``columnNames``, given the operations the sum measured.
  ///
  /// - Complexity: O(routes).
  func fields(operations: UInt64) -> [String] {
    routes.flatMap { counts in Self.columns.map { $0.value(counts, operations) } } + ["\(unmatched)"]
  }

  /// Adds `other`'s counts to `sum`: route by route (the same route: the
  /// same method and pattern), a route `sum` lacks appended.
  ///
  /// - Throws: `MetricsOverflow` naming the route's count whose sum does
  ///   not fit 64 bits.
  /// - Complexity: O(routes²); a server has a handful.
  static func merge(_ other: RouteMetrics?, into sum: inout RouteMetrics?) throws(MetricsOverflow) {
    guard let other else { return }
    guard var total = sum else {
      sum = other
      return
    }
    for counts in other.routes {
      if let index = total.routes.firstIndex(where: { $0.route == counts.route }) {
        try total.routes[index].add(counts)
      } else {
        total.routes.append(counts)
      }
    }
    total.unmatched = try Self.adding(total.unmatched, other.unmatched, "no_route_404")
    sum = total
  }

  /// `a + b`, or `MetricsOverflow` naming `name`.
  static func adding(_ a: UInt64, _ b: UInt64, _ name: String) throws(MetricsOverflow) -> UInt64 {
    let (sum, overflow) = a.addingReportingOverflow(b)
    guard !overflow else { throw MetricsOverflow(counter: name) }
    return sum
  }

  /// One line per route, then the unmatched requests.
  public var description: String {
    (routes.map(\.description) + ["no route: \(unmatched) requests (404)"]).joined(separator: "\n")
  }
}
