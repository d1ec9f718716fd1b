import FaultSim
import Testing

/// A server of several routes under simulation: each request of your code
/// is answered by its route, every write route keeps its own ledger, and
/// only the order route's writes are the operation's order.
@Suite struct ServerRouteTests {
  /// The shop's server: a token refresh, line items, the order.
  static let shopRoutes = [
    ServerRoute("POST", "/token", .write, body: #"{"token": "t-{id}"}"#),
    ServerRoute("PUT", "/orders/{order}/items/{item}", .idempotentWrite),
    ServerRoute("POST", "/orders", .order),
  ]

  /// A request scenario with the given workload size and network, and no
  /// other fault.
  static func scenario(operations: Int, _ network: String, server: String = "{}") throws -> Scenario {
    try Scenario.parse(
      json: """
        {"description": "routes", "world": "request",
         "workload": {"operations": \(operations), "kind": "keyed-write", "arrival": {"distribution": "uniform", "over": "10s"}},
         "client": {"timeout": "1s"},
         "network": \(network), "server": \(server)}
        """,
      file: "routes.json")
  }

  /// Sends `request` up to `attempts` times while it times out or fails in
  /// transit; the last response, or `nil` when none came.
  static func send(
    _ request: TransportRequest, attempts: Int = 4, through transport: SimulatedTransport
  ) async -> TransportResponse? {
    for _ in 0..<attempts {
      if let response = try? await transport.send(request), response.status < 500, response.status != 409 {
        return response
      }
    }
    return nil
  }

  /// The issue's client: a token refresh, three line items in parallel,
  /// then the order — each retried, the order and the token with one key
  /// for every attempt (`freshKeys` makes the order's key new on each
  /// attempt instead: the naive client).
  static func checkout(_ client: SimulatedClient, freshKeys: Bool = false) async -> ClientOutcome {
    let transport = client.transport
    let order = client.operation
    let token = TransportRequest(
      method: "POST", path: "/token", headers: ["Idempotency-Key": "token-\(order)"], timeout: .seconds(1))
    guard let refreshed = await send(token, through: transport), refreshed.isSuccess else { return .failed }
    await withTaskGroup(of: Void.self) { group in
      for item in 1...3 {
        group.addTask {
          let put = TransportRequest(
            method: "PUT", path: "/orders/\(order)/items/\(item)", text: "sku=\(item)", timeout: .seconds(1))
          _ = await send(put, through: transport)
        }
      }
    }
    for attempt in 1...4 {
      let key = freshKeys ? "order-\(order)-\(attempt)" : "order-\(order)"
      let post = TransportRequest(
        method: "POST", path: "/orders", headers: ["Idempotency-Key": key], text: "order=\(order)",
        timeout: .seconds(1))
      if let response = try? await transport.send(post), response.isSuccess { return .succeeded }
    }
    return .uncertain
  }

  static let faulty = #"{"latency": "50ms", "requestLoss": 0.1, "responseLoss": 0.2, "requestDuplication": 0.1}"#

  @Test func theFixedShopClientDuplicatesNoOrderWhenItsCallsHaveRoutes() throws {
    let scenario = try Self.scenario(operations: 200, Self.faulty)
    let routed = try scenario.routing(Self.shopRoutes).requestWorld { await Self.checkout($0) }
    let metrics = try routed.measure(seeds: 0..<5)
    #expect(metrics.duplicated == 0)
    #expect(metrics.succeeded > 900)
    let routes = try #require(try routed.routeMetrics(seeds: 0..<5))
    #expect(routes["POST", "/orders"]?.duplicated == 0)
    #expect(routes["POST", "/token"]?.duplicated == 0, "one key per refresh: a retry is replayed")
    #expect(try #require(routes["POST", "/token"]).replays > 0)
    #expect(try #require(routes["PUT", "/orders/{order}/items/{item}"]).applied >= 3000)
    #expect(routes.unmatched == 0)
    // Every write of every route that reached the server is a write call:
    // the routes count each at its commit point, or as a 409.
    let writes = routes.routes.filter { $0.route.behaviour != .read }
    #expect(metrics.writeCalls == writes.reduce(0) { $0 + $1.requests + $1.conflicts })
    #expect(metrics.writeCalls > 3_000)
    // Without routes, the token and the line items are writes of the
    // order: the same correct client "duplicates" most orders.
    let unrouted = try scenario.requestWorld { await Self.checkout($0) }.measure(seeds: 0..<5)
    #expect(unrouted.duplicated > 500)
  }

  @Test func aClientWithAFreshKeyPerAttemptIsStillCaught() throws {
    let world = try Self.scenario(operations: 200, Self.faulty).routing(Self.shopRoutes).requestWorld {
      await Self.checkout($0, freshKeys: true)
    }
    let metrics = try world.measure(seeds: 0..<5)
    #expect(metrics.duplicated > 50)
    let routes = try #require(try world.routeMetrics(seeds: 0..<5))
    #expect(routes["POST", "/orders"]?.duplicated == metrics.duplicated, "the order route's count is the operation's")
    #expect(routes["POST", "/token"]?.duplicated == 0)
  }

  /// A keyless non-idempotent write sent once and retried once after a
  /// timeout is applied twice when the first request arrives (1 − q), its
  /// response is lost (p) and the retry arrives (1 − q): (1 − q)²·p.
  @Test func aKeylessWriteRouteDuplicatesAtTheRateOfTheClosedForm() throws {
    let p = 0.3
    let q = 0.1
    let scenario = try Self.scenario(
      operations: 2_000, #"{"latency": "50ms", "requestLoss": \#(q), "responseLoss": \#(p)}"#
    ).routing([ServerRoute("POST", "/events", .write)])
    let world = try scenario.requestWorld { client in
      let event = TransportRequest(method: "POST", path: "/events", text: "e", timeout: .seconds(1))
      for _ in 1...2 {
        if let response = try? await client.transport.send(event), response.isSuccess { return .succeeded }
      }
      return .uncertain
    }
    let routes = try #require(try world.routeMetrics(seeds: 0..<4))
    let events = try #require(routes["POST", "/events"])
    let rate = Double(events.duplicated) / 8_000
    let expected = (1 - q) * (1 - q) * p
    // Four standard deviations of a rate over 8,000 operations.
    let tolerance = 4 * (expected * (1 - expected) / 8_000).squareRoot()
    #expect(abs(rate - expected) < tolerance, "rate \(rate), expected \(expected) ± \(tolerance)")
    // Every arrival is a request of the route, and each one is applied.
    #expect(events.requests == events.applied)
  }

  /// A sweep table has columns per route, last: for each cell the
  /// keyless write route duplicates at the closed form (1 − q)²·p of its
  /// own cell's loss, and the order route's count is the operation's.
  @Test func aSweepTableCountsDuplicatesPerRouteAtTheClosedForm() throws {
    let q = 0.1
    let scenario = try Self.scenario(operations: 2_000, #"{"latency": "50ms", "requestLoss": \#(q)}"#)
      .routing([ServerRoute("POST", "/events", .write), ServerRoute("POST", "/orders", .order)])
    let world = try scenario.requestWorld { client in
      let event = TransportRequest(method: "POST", path: "/events", text: "e", timeout: .seconds(1))
      for _ in 1...2 {
        if let response = try? await client.transport.send(event), response.isSuccess { break }
      }
      let order = TransportRequest(
        method: "POST", path: "/orders", headers: ["Idempotency-Key": "o-\(client.operation)"], timeout: .seconds(1))
      for _ in 1...2 {
        if let response = try? await client.transport.send(order), response.isSuccess { return .succeeded }
      }
      return .uncertain
    }
    let table = try world.sweep(seeds: 0..<2, vary: ["network.responseLoss=0.1,0.3"])
    let rows = table.split(whereSeparator: \.isNewline).map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    let header = try #require(rows.first)
    let routeColumns = Array(header.suffix(15))
    #expect(routeColumns.first == "requests[POST /events]")
    #expect(routeColumns.contains("duplicate_rate[POST /events]"))
    #expect(routeColumns.contains("duplicated[POST /orders]"))
    #expect(routeColumns.last == "no_route_404")
    func field(_ row: [String], _ name: String) throws -> String {
      try row[#require(header.firstIndex(of: name), "no column \(name)")]
    }
    #expect(rows.count == 3)
    for (row, p) in zip(rows.dropFirst(), [0.1, 0.3]) {
      let rate = try #require(Double(try field(row, "duplicate_rate[POST /events]")))
      let expected = (1 - q) * (1 - q) * p
      let tolerance = 4 * (expected * (1 - expected) / 4_000).squareRoot()
      #expect(abs(rate - expected) < tolerance, "p = \(p): rate \(rate), expected \(expected) ± \(tolerance)")
      #expect(try field(row, "duplicated[POST /orders]") == (try field(row, "duplicated")))
      #expect(try field(row, "no_route_404") == "0")
    }
    // The same counts as the world measured without a sweep.
    let measured = try #require(
      try scenario.routing([ServerRoute("POST", "/events", .write), ServerRoute("POST", "/orders", .order)])
        .requestWorld { _ in .succeeded }.routeMetrics(seeds: 0..<1))
    #expect(measured.routes.map(\.requests) == [0, 0], "a client that sends nothing: no requests")
  }

  @Test func aPathNoRouteMatchesGets404NamingTheRoutesSearched() throws {
    let world = try Self.scenario(operations: 1, #"{"latency": "10ms"}"#).routing(Self.shopRoutes).requestWorld {
      client in
      let response = try? await client.transport.send(TransportRequest(method: "GET", path: "/nope?x=1"))
      client.trace("status", "\(response?.status ?? 0)")
      return response?.status == 404 ? .succeeded : .failed
    }
    let run = try world.runOnce(seed: 3, tracing: true)
    #expect(run.metrics.succeeded == 1)
    let trace = try world.trace(seed: 3)
    #expect(
      trace.contains(
        "404: no route for GET /nope?x=1 in server.routes (3 routes: POST /token, "
          + "PUT /orders/{order}/items/{item}, POST /orders)"))
    #expect(trace.contains("GET /nope?x=1 (no route) -> server"))
    #expect(try world.routeMetrics(seeds: 0..<2)?.unmatched == 2)
  }

  @Test func bodiesRoundTripAndAReplayReturnsTheStoredBody() async throws {
    let routes = [
      ServerRoute("POST", "/orders", .order),
      ServerRoute("POST", "/orders/{order}/notes", .write, body: #"{"note": {id}, "order": "{order}"}"#),
      ServerRoute("GET", "/orders/{order}", .read, body: "order {order}"),
    ]
    let seen = Seen()
    let world = try Self.scenario(operations: 3, #"{"latency": "10ms"}"#).routing(routes).requestWorld { client in
      let order = client.operation
      let post = TransportRequest(
        method: "POST", path: "/orders", headers: ["Idempotency-Key": "k\(order)"], text: "order=\(order)")
      guard let first = try? await client.transport.send(post), let again = try? await client.transport.send(post)
      else { return .failed }
      let note = TransportRequest(
        method: "POST", path: "/orders/\(order)/notes", headers: ["Idempotency-Key": "n\(order)"], text: "hi")
      guard let noted = try? await client.transport.send(note), let replayed = try? await client.transport.send(note),
        let read = try? await client.transport.send(TransportRequest(method: "GET", path: "/orders/\(order)"))
      else { return .failed }
      await seen.add([first, again, noted, replayed, read].map { "\($0.status) \($0.text)" })
      return .succeeded
    }
    #expect(try world.measure(seeds: 0..<1).succeeded == 3)
    let lines = await seen.lines
    #expect(lines.count == 15)
    // The orders arrive in order; each gets the route's next id, and the
    // repeat under the same key replays the stored body.
    for order in 0..<3 {
      let answers = Array(lines[(order * 5)..<(order * 5 + 5)])
      #expect(answers[0] == #"201 {"order": \#(order + 1)}"#)
      #expect(answers[1] == answers[0])
      #expect(answers[2] == #"201 {"note": \#(order + 1), "order": "\#(order)"}"#)
      #expect(answers[3] == answers[2])
      #expect(answers[4] == "200 order \(order)")
    }
    // The trace names each request's route (a run of its own: the code
    // adds its lines again, after the ones checked).
    let trace = try world.trace(seed: 0)
    #expect(trace.contains("POST /orders/0/notes (route POST /orders/{order}/notes) -> server"))
    #expect(trace.contains("replay stored 201 for the key on route POST /orders/{order}/notes"))
  }

  /// What the bodies test saw, in the order the code saw it.
  actor Seen {
    var lines: [String] = []
    func add(_ more: [String]) { lines += more }
  }

  /// A payment under one key with `body`.
  static func payment(_ body: String) -> TransportRequest {
    TransportRequest(
      method: "POST", path: "/payments", headers: ["Idempotency-Key": "p"], text: body, timeout: .seconds(5))
  }

  @Test func aWriteRouteAnswers422ForAChangedBodyAnd409WhileItsKeyIsInFlight() throws {
    let world = try Self.scenario(operations: 1, #"{"latency": "10ms"}"#, server: #"{"processing": "500ms"}"#)
      .routing([ServerRoute("POST", "/payments", .write)]).requestWorld { client in
        // Two tries at once: the second arrives while the first is processed.
        let statuses = await withTaskGroup(of: Int.self) { group in
          group.addTask { (try? await client.transport.send(Self.payment("a")))?.status ?? 0 }
          group.addTask { (try? await client.transport.send(Self.payment("a")))?.status ?? 0 }
          return await group.reduce(into: []) { $0.append($1) }.sorted()
        }
        let changed = (try? await client.transport.send(Self.payment("b")))?.status ?? 0
        client.trace("statuses", "\(statuses) \(changed)")
        return statuses == [201, 409] && changed == 422 ? .succeeded : .failed
      }
    let trace = try world.trace(seed: 0)
    #expect(try world.runOnce(seed: 0).metrics.succeeded == 1, "\(trace)")
    let counts = try #require(try world.routeMetrics(seeds: 0..<1)?.routes.first)
    #expect(counts.conflicts == 1)
    #expect(counts.payloadMismatches == 1)
    #expect(counts.applied == 1)
  }

  /// Two keys in flight at once for one resource (a client that makes a
  /// new key per attempt): each is answered, and neither is left "in
  /// flight" for a later repeat.
  @Test func keysInFlightAreTrackedOneByOne() throws {
    let world = try Self.scenario(operations: 1, #"{"latency": "10ms"}"#, server: #"{"processing": "500ms"}"#)
      .routing([ServerRoute("POST", "/payments", .write)]).requestWorld { client in
        let pay = { @Sendable (key: String) in
          TransportRequest(
            method: "POST", path: "/payments", headers: ["Idempotency-Key": key], text: "a", timeout: .seconds(5))
        }
        let statuses = await withTaskGroup(of: Int.self) { group in
          group.addTask { (try? await client.transport.send(pay("a")))?.status ?? 0 }
          group.addTask { (try? await client.transport.send(pay("b")))?.status ?? 0 }
          return await group.reduce(into: []) { $0.append($1) }
        }
        let again = (try? await client.transport.send(pay("b")))?.status ?? 0
        client.trace("statuses", "\(statuses) \(again)")
        return statuses == [201, 201] && again == 201 ? .succeeded : .failed
      }
    let trace = try world.trace(seed: 0)
    #expect(try world.runOnce(seed: 0).metrics.succeeded == 1, "\(trace)")
    let counts = try #require(try world.routeMetrics(seeds: 0..<1)?.routes.first)
    #expect(counts.conflicts == 0)
    #expect(counts.replays == 1)
    #expect(counts.duplicated == 1, "two keys for one resource: applied twice")
  }

  @Test(arguments: [
    (#"[{"method": "post", "path": "/a", "behaviour": "write"}]"#, "server.routes[0].method", "did you mean 'POST'"),
    (#"[{"method": "POST", "path": "a", "behaviour": "write"}]"#, "server.routes[0].path", "does not start with '/'"),
    (#"[{"method": "GET", "path": "/a/{id", "behaviour": "read"}]"#, "server.routes[0].path", "is not a parameter"),
    (
      #"[{"method": "POST", "path": "/a/{x}", "behaviour": "write"}, {"method": "POST", "path": "/a/{y}", "behaviour": "order"}]"#,
      "server.routes[1].path", "repeats route 0"
    ),
    (#"[{"method": "GET", "path": "/a", "behaviour": "fetch"}]"#, "server.routes[0].behaviour", "read"),
    (#"[{"method": "GET", "path": "/a", "behaviour": "read", "stauts": 200}]"#, "server.routes[0].stauts", "status"),
  ])
  func aBadRouteIsAnErrorNamingItsKeyPath(routes: String, keyPath: String, hint: String) throws {
    let error = #expect(throws: ScenarioError.self) {
      try Self.scenario(operations: 1, "{}", server: #"{"routes": \#(routes)}"#)
    }
    let text = error.map { "\($0)" } ?? ""
    #expect(text.contains(keyPath), "\(text)")
    #expect(text.contains(hint), "\(text)")
  }

  @Test func routesWrittenInTheScenarioFileAnswerTheCode() throws {
    let routes = #"[{"method": "GET", "path": "/health", "behaviour": "read", "status": 204, "body": "ok"}]"#
    let world = try Self.scenario(operations: 2, #"{"latency": "10ms"}"#, server: #"{"routes": \#(routes)}"#)
      .requestWorld { client in
        let response = try? await client.transport.send(TransportRequest(method: "GET", path: "/health"))
        return response?.status == 204 && response?.text == "ok" ? .succeeded : .failed
      }
    #expect(try world.measure(seeds: 0..<2).succeeded == 4)
    #expect(try world.routeMetrics(seeds: 0..<2)?["GET", "/health"]?.requests == 4)
  }

  @Test func routesDeclaredInSwiftAreCheckedAsInAFile() throws {
    let scenario = try Self.scenario(operations: 1, "{}")
    let error = #expect(throws: ScenarioError.self) {
      try scenario.routing([ServerRoute("POST", "/a", .write), ServerRoute("POST", "/a", .order)])
    }
    #expect(error.map { "\($0)" }?.contains("server.routes[1].path") == true)
  }
}
