extension Scenario {
  /// The scenario's request world with its client written as your async
  /// code: for every operation of the workload (every order), at its
  /// arrival time, `code` runs with a ``SimulatedClient`` — the operation's
  /// number, a transport through the scenario's network to its server, and
  /// the virtual clock — and returns how the operation ended for the user.
  ///
  /// ```swift
  /// let world = try Scenario.shipped("checkout-reference").requestWorld { client in
  ///   do {
  ///     let response = try await client.transport.send(
  ///       HTTPRequest(method: "POST", path: "/orders", text: "order=\(client.operation)"))
  ///     return response.isSuccess ? .succeeded : .failed
  ///   } catch {
  ///     return .uncertain
  ///   }
  /// }
  /// print(try world.measure(seeds: 0..<4).duplicated)
  /// ```
  ///
  /// The scenario's `client.*` options other than `client.timeout` (the
  /// default timeout of a request that sets none) do not apply: your code
  /// decides retries.
  ///
  /// - Throws: ``WrongWorldError`` when the scenario is not a request world.
  public func requestWorld(
    running code: @escaping @Sendable (SimulatedClient) async -> ClientOutcome
  ) throws(WrongWorldError) -> PluggedScenario<UserCodeRequestWorld<BuiltInRequestHandler>> {
    try requestWorld(handler: BuiltInRequestHandler(), running: code)
  }

  /// The scenario's request world with your async client code and a server
  /// of your own (``RequestHandler``).
  ///
  /// - Throws: ``WrongWorldError`` when the scenario is not a request world.
  public func requestWorld<Handler: RequestHandler>(
    handler: Handler, running code: @escaping @Sendable (SimulatedClient) async -> ClientOutcome
  ) throws(WrongWorldError) -> PluggedScenario<UserCodeRequestWorld<Handler>> {
    var replaced: [ScenarioWarning] = []
    if let options = RequestWorld.options(of: world) {
      var client = options.client
      client.timeout = ClientOptions().timeout
      if client.app != AppOptions() {
        replaced.append(
          ScenarioWarning(
            file: file, keyPath: ScenarioKeyPath([.key("client"), .key("app")]), check: "user-code-app-lifecycle",
            message:
              "client.app is not simulated for user code: your code is the app, so its process is never killed "
              + "and its outbox (if any) is yours to write; drive a kill and a relaunch from your own code"))
        client.app = AppOptions()
      }
      if client != ClientOptions() {
        replaced.append(
          ScenarioWarning(
            file: file, keyPath: ScenarioKeyPath([.key("client")]), check: "user-code-client",
            message:
              "the client's options other than client.timeout cannot affect the run: your code decides what to "
              + "send and when to retry"))
      }
    }
    if let options = RequestWorld.options(of: world), options.gateway != nil {
      // Issue 13: the user-code world routes requests to the server directly.
      replaced.append(
        ScenarioWarning(
          file: file, keyPath: ScenarioKeyPath([.key("gateway")]), check: "user-code-gateway",
          message:
            "the gateway is not modelled for user code: your code's requests reach the server directly, so "
            + "gateway.* cannot affect the run"))
    }
    return try PluggedScenario(scenario: self, replaced: replaced) { world in
      RequestWorld.options(of: world).map { .init(scenario: $0, handler: handler, code: code) }
    }
  }
}
