extension Scenario {
  /// The scenario with its server's routes set to `routes`, as
  /// `server.routes` in the file would set them: every request of your
  /// code is answered by its first matching route, and one that matches
  /// none gets 404.
  ///
  /// ```swift
  /// let shop = try Scenario.shipped("checkout-reference").routing([
  ///   ServerRoute("POST", "/token", .idempotentWrite, body: "t-{id}"),
  ///   ServerRoute("PUT", "/orders/{order}/items/{item}", .idempotentWrite),
  ///   ServerRoute("POST", "/orders", .order),
  /// ])
  /// ```
  ///
  /// - Throws: `ScenarioError` for a route that is not one — a bad method,
  ///   a bad pattern, a route that repeats an earlier one — naming it by
  ///   its key path (`server.routes[1].path`).
  public func routing(_ routes: [ServerRoute]) throws(ScenarioError) -> Scenario {
    let literal = JSONOutput.array(routes.map(\.literal)).compact
    let override: ScenarioOverride
    do {
      override = try ScenarioOverride(parsing: "server.routes=\(literal)")
    } catch {
      throw ScenarioError(file: file, keyPath: ScenarioKeyPath([.key("server"), .key("routes")]), message: "\(error)")
    }
    return try Scenario.parse(bytes: source, file: file, overrides: overrides + [override])
  }
}

extension PluggedScenario {
  /// Runs every seed of a range and sums what each route of the server
  /// saw: requests, applied writes, duplicates, replays, 409s and 422s;
  /// `nil` when the scenario's server has no routes (`server.routes`) or
  /// the range is empty.
  ///
  /// - Complexity: O(seeds × events per run).
  public func routeMetrics<Handler: RequestHandler>(
    seeds: Range<UInt64>
  ) throws(SimulationError) -> RouteMetrics? where World == UserCodeRequestWorld<Handler> {
    guard !seeds.isEmpty else { return nil }
    return try measure(seeds: seeds).routes
  }
}
