extension Scenario {
  /// The scenario's request world with your client code and your server
  /// code: every request the client sends crosses the scenario's network
  /// (and gateway) to the server, whose workers (`server.capacity`,
  /// `server.processing`) hand it to your handler; its answer comes back
  /// the same way. See ``ServerCode``.
  ///
  /// ```swift
  /// let server = ServerCode(ledger: "orders") { request, server in
  ///   let row = try await server.database.insert(["body": request.text], into: "orders")
  ///   return ServerResponse(status: 201, text: #"{"order": \#(row.id)}"#)
  /// }
  /// let world = try Scenario.shipped("checkout-reference").requestWorld(server: server) { client in
  ///   let order = TransportRequest(method: "POST", path: "/orders", text: "order=\(client.operation)")
  ///   return (try? await client.transport.send(order))?.isSuccess == true ? .succeeded : .uncertain
  /// }
  /// print(try world.measure(seeds: 0..<4).duplicated)
  /// ```
  ///
  /// - Throws: ``WrongWorldError`` when the scenario is not a request world.
  public func requestWorld(
    server: ServerCode, running code: @escaping @Sendable (SimulatedClient) async -> ClientOutcome
  ) throws(WrongWorldError) -> PluggedScenario<UserCodeRequestWorld<BuiltInRequestHandler>> {
    try userCodeWorld(handler: BuiltInRequestHandler(), code: code, bindApp: nil, serverCode: server)
  }

  /// The scenario's request world with your server code and your app
  /// (its object built once per run, as in ``requestWorld(app:running:)``).
  ///
  /// - Throws: ``WrongWorldError`` when the scenario is not a request world.
  public func requestWorld<App: Sendable>(
    server: ServerCode, app: @escaping @Sendable (SimulatedApp) -> App,
    running code: @escaping @Sendable (App, SimulatedClient) async -> ClientOutcome
  ) throws(WrongWorldError) -> PluggedScenario<UserCodeRequestWorld<BuiltInRequestHandler>> {
    let bind: @Sendable (SimulatedApp) -> @Sendable (SimulatedClient) async -> ClientOutcome = { services in
      let object = app(services)
      return { client in await code(object, client) }
    }
    return try userCodeWorld(
      handler: BuiltInRequestHandler(), code: { _ in .pending }, bindApp: bind, serverCode: server)
  }

  /// What of the scenario's server cannot affect a run with your server
  /// code: its routes, and everything but its workers, their processing
  /// time and its restarts.
  func serverCodeWarnings(_ options: ServerOptions, _ code: ServerCode) -> [ScenarioWarning] {
    var warnings: [ScenarioWarning] = []
    if !options.routes.isEmpty {
      warnings.append(
        ScenarioWarning(
          file: file, keyPath: ScenarioKeyPath([.key("server"), .key("routes")]), check: "server-code-routes",
          message: "server.routes cannot affect the run: your server code answers every request"))
    }
    var kept = ServerOptions()
    kept.capacity = options.capacity
    kept.processing = options.processing
    kept.restarts = options.restarts
    kept.routes = options.routes
    if kept != options {
      warnings.append(
        ScenarioWarning(
          file: file, keyPath: ScenarioKeyPath([.key("server")]), check: "server-code-server",
          message:
            "the server's options other than server.capacity, server.processing and server.restarts cannot affect "
            + "the run: your server code decides keys, their lifetime, failures and answers"))
    }
    return warnings
  }
}
