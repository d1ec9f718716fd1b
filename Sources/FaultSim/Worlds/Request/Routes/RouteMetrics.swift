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

  /// One line per route, then the unmatched requests.
  public var description: String {
    (routes.map(\.description) + ["no route: \(unmatched) requests (404)"]).joined(separator: "\n")
  }
}
