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
  /// Every fault of the scenario reaches your code: the network's, the
  /// gateway's, the server's, the device's clock (`client.clock`: request
  /// timeouts and `Retry-After` dates are read on it) and the app's kills
  /// (`client.app.termination`: the code's process is cancelled mid-request
  /// and the code runs again as the next ``SimulatedClient/launch`` after
  /// `client.app.relaunchAfter`). `client.timeout` is the default timeout of
  /// a request that sets none. The other `client.*` options — retries,
  /// backoff, the built-in outbox — do not apply, and are reported: your
  /// code decides them.
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
      let defaults = ClientOptions()
      // What your code's client still takes from the scenario: the default
      // request timeout, the device's clock and the app's kills.
      client.timeout = defaults.timeout
      client.clock = defaults.clock
      var app = client.app
      app.termination = defaults.app.termination
      app.relaunchAfter = defaults.app.relaunchAfter
      app.maxResends = defaults.app.maxResends
      if app != defaults.app {
        replaced.append(
          ScenarioWarning(
            file: file, keyPath: ScenarioKeyPath([.key("client"), .key("app")]), check: "user-code-outbox",
            message:
              "client.app.outbox and client.app.marksSent cannot affect the run: your code is the app's outbox — "
              + "after a kill it runs again (SimulatedClient.launch) and resends what it stored on "
              + "SimulatedClient.disk"))
      }
      client.app = defaults.app
      if client != defaults {
        replaced.append(
          ScenarioWarning(
            file: file, keyPath: ScenarioKeyPath([.key("client")]), check: "user-code-client",
            message:
              "the client's options other than client.timeout, client.clock and client.app cannot affect the run: "
              + "your code decides what to send and when to retry"))
      }
    }
    return try PluggedScenario(scenario: self, replaced: replaced) { world in
      RequestWorld.options(of: world).map { .init(scenario: $0, handler: handler, code: code) }
    }
  }
}
