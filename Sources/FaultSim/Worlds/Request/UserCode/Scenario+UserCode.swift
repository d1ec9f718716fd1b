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
  ///       TransportRequest(method: "POST", path: "/orders", text: "order=\(client.operation)"))
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
    try userCodeWorld(handler: handler, code: code, bindApp: nil)
  }

  /// The scenario's request world with your app: `app` builds your app's
  /// object once per run — its singletons, such as a token store, a
  /// session or a cache shared by every order — and for every operation of
  /// the workload, at its arrival time, `code` runs with that object and
  /// the operation's ``SimulatedClient``.
  ///
  /// ```swift
  /// actor TokenStore {
  ///   var token: String?
  ///   func current(refreshingWith transport: SimulatedTransport) async throws -> String {
  ///     if let token { return token }
  ///     let response = try await transport.send(TransportRequest(method: "POST", path: "/token"))
  ///     token = String(decoding: response.body, as: UTF8.self)
  ///     return token ?? ""
  ///   }
  /// }
  /// struct ShopApp: Sendable {
  ///   let transport: SimulatedTransport
  ///   let tokens = TokenStore()
  ///   func checkout(_ order: Int) async -> ClientOutcome {
  ///     guard let token = try? await tokens.current(refreshingWith: transport) else { return .failed }
  ///     let request = TransportRequest(
  ///       method: "POST", path: "/orders", headers: ["Authorization": "Bearer \(token)"], text: "order=\(order)")
  ///     return (try? await transport.send(request))?.isSuccess == true ? .succeeded : .uncertain
  ///   }
  /// }
  /// let world = try Scenario.shipped("checkout-reference").requestWorld(
  ///   app: { app in ShopApp(transport: app.transport) },
  ///   running: { shop, client in await shop.checkout(client.operation) })
  /// ```
  ///
  /// The object lives for one run and is built anew for the next, so a
  /// seed's run never sees another's state. Every request sent through
  /// ``SimulatedApp/transport`` belongs to the operation whose code sent it
  /// (its task, or a task that task created): its draws and its trace are
  /// that operation's, as if sent through the operation's own transport.
  /// `app` runs at the start of each run, outside any task: it builds
  /// state, and should not start tasks (they would run outside the
  /// simulation) or send requests.
  ///
  /// With app kills (`client.app.termination`), a kill cancels the killed
  /// operation's task; the app object is not rebuilt, so it keeps what a
  /// real kill would lose. This is reported as a warning
  /// (`user-code-app-object`); keep what a kill must lose in the
  /// operation's code, and what it must keep on ``SimulatedClient/disk``.
  ///
  /// - Throws: ``WrongWorldError`` when the scenario is not a request world.
  public func requestWorld<App: Sendable, Handler: RequestHandler>(
    app: @escaping @Sendable (SimulatedApp) -> App, handler: Handler,
    running code: @escaping @Sendable (App, SimulatedClient) async -> ClientOutcome
  ) throws(WrongWorldError) -> PluggedScenario<UserCodeRequestWorld<Handler>> {
    // The code is bound to each run's object when the run starts.
    let bind: @Sendable (SimulatedApp) -> @Sendable (SimulatedClient) async -> ClientOutcome = { services in
      let object = app(services)
      return { client in await code(object, client) }
    }
    return try userCodeWorld(handler: handler, code: { _ in .pending }, bindApp: bind)
  }

  /// The scenario's request world with your app and the scenario's server;
  /// see ``requestWorld(app:handler:running:)``.
  ///
  /// - Throws: ``WrongWorldError`` when the scenario is not a request world.
  public func requestWorld<App: Sendable>(
    app: @escaping @Sendable (SimulatedApp) -> App,
    running code: @escaping @Sendable (App, SimulatedClient) async -> ClientOutcome
  ) throws(WrongWorldError) -> PluggedScenario<UserCodeRequestWorld<BuiltInRequestHandler>> {
    try requestWorld(app: app, handler: BuiltInRequestHandler(), running: code)
  }

  /// The world of `code` (bound to a run's app object by `bindApp`, when
  /// given) against `handler`, with the client options your code decides
  /// reported.
  func userCodeWorld<Handler: RequestHandler>(
    handler: Handler, code: @escaping @Sendable (SimulatedClient) async -> ClientOutcome,
    bindApp: (@Sendable (SimulatedApp) -> @Sendable (SimulatedClient) async -> ClientOutcome)?,
    serverCode: ServerCode? = nil
  ) throws(WrongWorldError) -> PluggedScenario<UserCodeRequestWorld<Handler>> {
    var replaced: [ScenarioWarning] = []
    if let serverCode, let options = RequestWorld.options(of: world) {
      replaced += serverCodeWarnings(options.server, serverCode)
    }
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
    if bindApp != nil, let options = RequestWorld.options(of: world), options.client.app.isKilled {
      replaced.append(
        ScenarioWarning(
          file: file, keyPath: ScenarioKeyPath([.key("client"), .key("app"), .key("termination")]),
          check: "user-code-app-object",
          message:
            "a kill ends the killed operation's task, but the app object made by requestWorld(app:) lives for the "
            + "whole run: what a real kill loses from the app's memory (a token, a key, a cache) survives it here — "
            + "keep it in the operation's code, and what must survive on SimulatedClient.disk"))
    }
    // Your code's requests are the ones routes answer.
    var scenario = self
    scenario.warnings.removeAll { $0.check == "routes-without-code" }
    return try PluggedScenario(scenario: scenario, replaced: replaced) { world in
      RequestWorld.options(of: world).map {
        var options = UserCodeRequestWorld<Handler>.Options(scenario: $0, handler: handler, code: code)
        options.bindApp = bindApp
        options.serverCode = serverCode
        return options
      }
    }
  }
}
