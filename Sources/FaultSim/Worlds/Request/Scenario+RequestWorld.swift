extension Scenario {
  /// The scenario's request world with a client, a server, or both of your
  /// own: everything else — workload, network, timeout, server mechanics,
  /// races — as the file says.
  ///
  /// ```swift
  /// let world = try Scenario.shipped("checkout-reference").requestWorld(client: BuiltInClientPolicy())
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
    client: Client, handler: Handler
  ) throws(WrongWorldError) -> PluggedScenario<CustomRequestWorld<Client, Handler>> {
    try PluggedScenario(scenario: self) { world in
      RequestWorld.options(of: world).map { .init(scenario: $0, client: client, handler: handler) }
    }
  }

  /// The scenario's request world with a client of your own and the
  /// scenario's server (``BuiltInRequestHandler``).
  ///
  /// - Throws: ``WrongWorldError`` when the scenario is not a request world.
  public func requestWorld<Client: ClientPolicy>(
    client: Client
  ) throws(WrongWorldError) -> PluggedScenario<CustomRequestWorld<Client, BuiltInRequestHandler>> {
    try requestWorld(client: client, handler: BuiltInRequestHandler())
  }

  /// The scenario's request world with a server of your own and the
  /// scenario's client (``BuiltInClientPolicy``).
  ///
  /// - Throws: ``WrongWorldError`` when the scenario is not a request world.
  public func requestWorld<Handler: RequestHandler>(
    handler: Handler
  ) throws(WrongWorldError) -> PluggedScenario<CustomRequestWorld<BuiltInClientPolicy, Handler>> {
    try requestWorld(client: BuiltInClientPolicy(), handler: handler)
  }
}
