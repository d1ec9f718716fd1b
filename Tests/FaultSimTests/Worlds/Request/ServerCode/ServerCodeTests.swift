import Dispatch
import Testing

@testable import FaultSim

/// A client that retries a keyed order after a timeout or a 409, with the
/// same key every time.
struct KeyedOrderClient {
  let transport: SimulatedTransport
  let clock: SimulatedClock
  var timeout: Duration = .milliseconds(200)

  func place(_ order: Int) async -> ClientOutcome {
    let request = TransportRequest(
      method: "POST", path: "/orders", headers: ["Idempotency-Key": "order-\(order)"], text: "order=\(order)",
      timeout: timeout)
    for _ in 0..<6 {
      if let response = try? await transport.send(request) {
        if response.isSuccess { return .succeeded }
        if response.status != 409 && response.status < 500 { return .failed }
      }
      try? await clock.sleep(for: .milliseconds(300))
    }
    return .uncertain
  }
}

/// Servers written the way real idempotency middlewares are, two of them
/// wrong.
enum OrderServers {
  /// Check-then-insert, with a payment call between: two retries of one
  /// key that overlap both find no order and both insert.
  static let checkThenInsert = ServerCode(ledger: "orders") { request, server in
    let key = request.headers["Idempotency-Key"] ?? ""
    if let row = try await server.database.rows(in: "orders", where: "key", is: key).first {
      return ServerResponse(status: 201, text: #"{"order": \#(row.id)}"#)
    }
    try await server.clock.sleep(for: .seconds(2))  // the payment provider
    let row = try await server.database.insert(["key": key], into: "orders")
    return ServerResponse(status: 201, text: #"{"order": \#(row.id)}"#)
  }

  /// The key claimed first under a unique constraint: a concurrent retry
  /// gets 409 and comes back for the stored answer.
  static func claimFirst(crashes: Double = 0) -> ServerCode {
    ServerCode(ledger: "orders", crashes: crashes) { request, server in
      let key = request.headers["Idempotency-Key"] ?? ""
      try? server.database.declareTable("keys", unique: ["key"])
      let claim: DatabaseRow
      do {
        claim = try await server.database.insert(["key": key], into: "keys")
      } catch is DatabaseError {
        let stored = try await server.database.rows(in: "keys", where: "key", is: key).first
        guard let answer = stored?["answer"] else { return ServerResponse(status: 409) }
        return ServerResponse(status: 201, text: answer)
      }
      try await server.clock.sleep(for: .seconds(2))
      // The order and the stored answer commit together, or neither does.
      let answer = try await server.database.transaction { transaction in
        let order = try transaction.insert(["key": key], into: "orders")
        let answer = #"{"order": \#(order.id)}"#
        try transaction.update(in: "keys", id: claim.id, set: ["answer": answer])
        return answer
      }
      return ServerResponse(status: 201, text: answer)
    }
  }

  /// The order committed, then the key stored in a second transaction: a
  /// crash between the two leaves an order without its key.
  static func keyStoredAfterCommit(crashes: Double) -> ServerCode {
    ServerCode(ledger: "orders", crashes: crashes) { request, server in
      let key = request.headers["Idempotency-Key"] ?? ""
      if let stored = try await server.database.rows(in: "keys", where: "key", is: key).first {
        return ServerResponse(status: 201, text: stored["answer"] ?? "")
      }
      let order = try await server.database.insert(["key": key], into: "orders")
      let answer = #"{"order": \#(order.id)}"#
      try await server.database.insert(["key": key, "answer": answer], into: "keys")
      return ServerResponse(status: 201, text: answer)
    }
  }
}

@Suite struct ServerCodeTests {
  static func scenario(_ overrides: [String] = []) throws -> Scenario {
    try Scenario.shipped(
      "checkout-reference",
      overrides: (["workload.operations=300"] + overrides).map { try ScenarioOverride(parsing: $0) })
  }

  static func world(
    _ server: ServerCode, _ overrides: [String] = []
  ) throws -> PluggedScenario<UserCodeRequestWorld<BuiltInRequestHandler>> {
    try scenario(overrides).requestWorld(server: server) { client in
      await KeyedOrderClient(transport: client.transport, clock: client.clock).place(client.operation)
    }
  }

  @Test func theHandlersAnswerReachesTheClientWithItsBody() throws {
    let server = ServerCode(ledger: "orders") { request, server in
      let row = try await server.database.insert(["body": request.text], into: "orders")
      return ServerResponse(status: 201, headers: ["Location": "/orders/\(row.id)"], text: #"{"order": \#(row.id)}"#)
    }
    let world = try Self.scenario(["network.requestLoss=0", "network.responseLoss=0"]).requestWorld(
      server: server
    ) { client in
      let response = try? await client.transport.send(
        TransportRequest(method: "POST", path: "/orders", text: "order=\(client.operation)"))
      guard let response, response.status == 201, response.headers["Location"] != nil,
        response.text.hasPrefix(#"{"order": "#)
      else { return .failed }
      return .succeeded
    }
    let metrics = try world.measure(seeds: 0..<2)
    #expect(metrics.succeeded == 600)
    #expect(metrics.applied == 600, "each order's insert into the ledger is its write applied")
    #expect(metrics.duplicated == 0)
    let trace = try world.trace(seed: 0)
    #expect(trace.contains("your handler takes up POST /orders"))
  }

  @Test func checkThenInsertDuplicatesOverlappingRetriesAndAClaimDoesNot() throws {
    let naive = try Self.world(OrderServers.checkThenInsert).measure(seeds: 0..<2)
    #expect(naive.duplicated > 100, "every order's retries overlap the 2 s payment call: \(naive.duplicated)")
    // Each POST that reached your server is a write call, and each applied
    // order came from one: the request world's invariant holds.
    #expect(naive.applied <= naive.writeCalls && naive.writeCalls <= naive.serverRequests)
    #expect(naive.writeCalls > 0)
    let fixed = try Self.world(OrderServers.claimFirst()).measure(seeds: 0..<2)
    #expect(fixed.duplicated == 0)
    #expect(fixed.succeeded > 400)
  }

  @Test func aCrashBetweenTheOrderAndItsKeyDuplicatesAndOneTransactionDoesNot() throws {
    let quiet = try Self.world(OrderServers.keyStoredAfterCommit(crashes: 0)).measure(seeds: 0..<2)
    #expect(quiet.duplicated == 0, "without crashes the key is always stored")
    let crashing = try Self.world(OrderServers.keyStoredAfterCommit(crashes: 0.05)).measure(seeds: 0..<2)
    #expect(crashing.duplicated > 0)
    let fixed = try Self.world(OrderServers.claimFirst(crashes: 0.05)).measure(seeds: 0..<2)
    #expect(fixed.duplicated == 0)
  }

  /// Crash points at rate q before the key lookup, the order's insert, the
  /// key's insert and the answer: a try ends at one of the first two with
  /// probability q + (1 − q)q = 1 − (1 − q)², and the client tries again; it
  /// ends between the order and the key with probability (1 − q)²q. So an
  /// order is left without its key — and recorded again by the next try —
  /// with probability (1 − q)²q / (1 − q − (1 − q)q) = q, whatever else
  /// happens (lost requests and responses are retried; a retry after the
  /// key finds it).
  @Test func theKeyStoredAfterTheOrderDuplicatesAtTheCrashRate() throws {
    let q = 0.02
    let orders = 4_000
    let metrics = try Self.world(
      OrderServers.keyStoredAfterCommit(crashes: q), ["workload.operations=\(orders)", "workload.arrival.over=100s"]
    ).measure(seeds: 0..<1)
    let rate = Double(metrics.duplicated) / Double(orders)
    let tolerance = 4 * (q * (1 - q) / Double(orders)).squareRoot()
    #expect(abs(rate - q) < tolerance, "rate \(rate), expected \(q) ± \(tolerance)")
  }

  @Test func aCrashIsAKeyedFaultWithCoverageAndShrinksToOne() throws {
    let world = try Self.world(OrderServers.keyStoredAfterCommit(crashes: 0.05))
    let property = ScenarioProperty<UserCodeRequestWorld<BuiltInRequestHandler>>("no order twice") {
      $0.metrics.duplicated == 0
    }
    let report = try property.check(world, seeds: 0..<4, requiring: [.serverCrash])
    #expect(!report.holds)
    #expect(report.unexercised.isEmpty)
    let counterexample = try #require(report.failure).counterexample
    #expect(counterexample.faults.count == 1, "one crash is enough: \(counterexample.faults)")
    #expect(counterexample.faults.allSatisfy { $0.contains("crashes at crash point") }, "\(counterexample)")
    #expect(counterexample.description.contains("crash: your server's process"))
  }

  @Test func theTraceIsTheSameForTheSameSeedAndNamesTheCrash() throws {
    let world = try Self.world(OrderServers.keyStoredAfterCommit(crashes: 0.2), ["workload.operations=20"])
    let trace = try world.trace(seed: 3)
    #expect(trace == (try world.trace(seed: 3)))
    #expect(trace.contains("crash: your server's process 1 dies at crash point"))
    #expect(trace.contains("process=2"), "the next request is handled by a new process")
  }

  @Test func aCrashLosesTheProcessesMemoryButNotTheDatabase() throws {
    final class Visits: @unchecked Sendable { var count = 0 }
    let server = ServerCode(ledger: "orders", crashes: 0.3) { server in
      (server: server, visits: Visits())
    } handle: { process, request in
      process.visits.count += 1
      let row = try await process.server.database.insert(["order": request.text], into: "orders")
      let total = process.server.database.contents(of: "orders").count
      process.server.trace("process \(process.server.process) visit \(process.visits.count) rows \(total)", "\(row.id)")
      return ServerResponse(status: 201)
    }
    let world = try Self.scenario(["workload.operations=30"]).requestWorld(server: server) { client in
      await KeyedOrderClient(transport: client.transport, clock: client.clock).place(client.operation)
    }
    let trace = try world.trace(seed: 1)
    #expect(trace.contains("process 2 visit 1 rows"), "a new process starts with fresh memory")
    let rowsAfterRestart = trace.split(separator: "\n").first { $0.contains("process 2 visit 1 rows") }
    #expect(rowsAfterRestart.map { !$0.contains("rows 1 ") } ?? false, "the database kept the first process's rows")
  }

  /// A deploy at 3 s ends the process: the requests it was charging are
  /// cut (their clients see the connection lost, and retry), the next
  /// process starts with an empty memory, and every order still folds.
  @Test func aRestartEndsTheProcessAndCutsWhatItWasHandling() throws {
    let world = try Self.world(
      OrderServers.claimFirst(),
      ["workload.operations=40", #"server.restarts={"at": ["3s"], "downtime": "0s"}"#])
    let trace = try world.trace(seed: 1)
    let restart = try #require(trace.split(separator: "\n").first { $0.contains("ends at a restart") })
    #expect(restart.contains("3.000000s"), "\(restart)")
    #expect(!restart.contains("(0 requests cut)"), "orders were being charged at 3 s: \(restart)")
    #expect(trace.contains("process=2"))
    let metrics = try world.measure(seeds: 1..<2)
    #expect(metrics.duplicated == 0)
    #expect(metrics.operations == 40)
    #expect(metrics.succeeded + metrics.uncertain + metrics.failed == 40, "every order ended and folded")
  }

  /// A handler that waits on a Dispatch queue never answers in virtual
  /// time: the client gives up, but the run does not pass quietly.
  @Test func aHandlerWaitingOutsideTheSimulationIsReported() throws {
    let server = ServerCode(ledger: "orders") { _, _ in
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(3600)) { continuation.resume() }
      }
      return ServerResponse(status: 201)
    }
    let world = try Self.scenario(["workload.operations=2"]).requestWorld(server: server) { client in
      await KeyedOrderClient(transport: client.transport, clock: client.clock).place(client.operation)
    }
    #expect {
      try world.measure(seeds: 0..<1)
    } throws: { error in
      guard case .escape(let escape) = error as? SimulationError else { return false }
      return escape.kind == .stillWaiting && escape.detail.contains("your server's handler of POST /orders")
    }
  }

  @Test func theScenariosServerOptionsThatCannotApplyAreReported() throws {
    let plain = try Self.world(OrderServers.claimFirst())
    #expect(!plain.warnings.map(\.check).contains("server-code-server"))
    let keyed = try Self.world(OrderServers.claimFirst(), ["server.keyTTL=1s"])
    #expect(keyed.warnings.map(\.check).contains("server-code-server"))
    let routed = try Self.scenario().routing([ServerRoute("POST", "/orders", .order)]).requestWorld(
      server: OrderServers.claimFirst()
    ) { _ in .succeeded }
    #expect(routed.warnings.map(\.check).contains("server-code-routes"))
  }
}
