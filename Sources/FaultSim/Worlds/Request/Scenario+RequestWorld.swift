extension Scenario {
  /// The scenario's request world with a client, a server, or both of your
  /// own: everything else — workload, network, timeout, server mechanics,
  /// races — as the file says. A side you leave out is the scenario's own
  /// (`client.*` or `server.*`, ``BuiltInRequestHandler``).
  ///
  /// With `NaiveRetry`, the policy of ``ClientPolicy``'s example:
  ///
  /// ```swift
  /// let world = try Scenario.shipped("checkout-reference").requestWorld(client: NaiveRetry())
  /// print(try world.measure(seeds: 0..<4).duplicated)
  /// ```
  ///
  /// - Parameters:
  ///   - client: The client's decisions (``ClientPolicy``), prepared for
  ///     each run's options.
  ///   - handler: The server's decisions (``RequestHandler``).
  /// - Throws: ``WrongWorldError`` when the scenario is not a request world.
  /// - Complexity: O(1).
  public func requestWorld<Client: ClientPolicy, Handler: RequestHandler>(
    client: Client = BuiltInClientPolicy(), handler: Handler = BuiltInRequestHandler()
  ) throws(WrongWorldError) -> PluggedScenario<CustomRequestWorld<Client, Handler>> {
    try PluggedScenario(scenario: self) { world in
      RequestWorld.options(of: world).map { .init(scenario: $0, client: client, handler: handler) }
    }
  }
}
