import FaultSim
import Synchronization
import Testing

/// An app's singletons under simulation: one object per run, shared by
/// every operation, whose requests are the calling operation's.
@Suite struct AppObjectTests {
  static func shipped(_ name: String, _ overrides: [String] = []) throws -> Scenario {
    try Scenario.shipped(name, overrides: overrides.map { try ScenarioOverride(parsing: $0) })
  }

  /// A session shared by every order: it counts the orders it placed and
  /// remembers the first response it saw.
  actor Session {
    let transport: SimulatedTransport
    var placed = 0
    var firstStatus: Int?

    init(transport: SimulatedTransport) {
      self.transport = transport
    }

    func place(_ order: Int) async -> ClientOutcome {
      placed += 1
      let request = TransportRequest(
        method: "POST", path: "/orders", headers: ["Idempotency-Key": "k\(order)"], text: "order=\(order)",
        timeout: .seconds(1))
      for _ in 1...3 {
        if let response = try? await transport.send(request) {
          if firstStatus == nil { firstStatus = response.status }
          if response.isSuccess { return .succeeded }
        }
      }
      return .uncertain
    }

    func count() -> Int { placed }
  }

  @Test func theAppObjectIsBuiltOncePerRunAndSharedByEveryOperation() throws {
    let builds = Mutex(0)
    let counts = Mutex<[Int]>([])
    let world = try Self.shipped("checkout-reference", ["workload.operations=50"]).requestWorld(
      app: { app in
        builds.withLock { $0 += 1 }
        return Session(transport: app.transport)
      },
      running: { session, client in
        let outcome = await session.place(client.operation)
        if client.operation == 49 { counts.withLock { $0.append(0) } }
        let placed = await session.count()
        if placed == 50 { counts.withLock { $0[$0.count - 1] = placed } }
        return outcome
      })
    let metrics = try world.measure(seeds: 0..<3)
    #expect(builds.withLock { $0 } == 3, "one app object per run")
    #expect(metrics.operations == 150)
    // Each run's object saw that run's 50 orders, never another run's.
    #expect(counts.withLock { $0 }.allSatisfy { $0 == 0 || $0 == 50 })
    #expect(counts.withLock { $0 }.contains(50))
  }

  @Test func theAppsTransportSendsAsTheCallingOperation() throws {
    let scenario = try Self.shipped("checkout-reference", ["workload.operations=200"])
    let viaApp = try scenario.requestWorld(
      app: { app in Session(transport: app.transport) },
      running: { session, client in await session.place(client.operation) })
    let viaClient = try scenario.requestWorld { client in
      await Session(transport: client.transport).place(client.operation)
    }
    // The same requests drawn by the same keys: the same run, line for line.
    for seed: UInt64 in 1...2 {
      let trace = try viaApp.trace(seed: seed)
      #expect(trace == (try viaClient.trace(seed: seed)))
      #expect(trace.contains("client#17"))
    }
    #expect(try viaApp.measure(seeds: 0..<4) == viaClient.measure(seeds: 0..<4))
  }

  @Test func aRunsStateDoesNotLeakIntoTheNext() throws {
    let world = try Self.shipped("checkout-reference", ["workload.operations=30"]).requestWorld(
      app: { app in Session(transport: app.transport) },
      running: { session, client in
        let outcome = await session.place(client.operation)
        client.trace("placed", "\(await session.count())")
        return outcome
      })
    let alone = try world.trace(seed: 7)
    _ = try world.measure(seeds: 0..<5)
    #expect(try world.trace(seed: 7) == alone)
  }

  /// Line items sent in a task group through the app's transport: the
  /// child tasks' requests are the operation's.
  @Test func requestsOfChildTasksBelongToTheOperation() throws {
    let world = try Self.shipped("checkout-reference", ["workload.operations=5", "network.requestLoss=0"])
      .requestWorld(
        app: { app in app },
        running: { app, client in
          await withTaskGroup(of: Void.self) { group in
            for item in 0..<3 {
              group.addTask {
                let request = TransportRequest(method: "GET", path: "/items/\(client.operation)-\(item)")
                _ = try? await app.transport.send(request)
              }
            }
          }
          app.trace("items sent")
          return .succeeded
        })
    let trace = try world.trace(seed: 1)
    let lines = trace.split(separator: "\n")
    for operation in 0..<5 {
      for item in 0..<3 {
        #expect(
          lines.contains { $0.contains("client#\(operation)") && $0.contains("GET /items/\(operation)-\(item)") },
          "op \(operation) item \(item)")
      }
      #expect(lines.contains { $0.contains("client#\(operation)") && $0.contains("items sent") })
    }
  }

  @Test func aDetachedTaskSendingThroughTheAppIsAnEscape() throws {
    let world = try Self.shipped("checkout-reference", ["workload.operations=1"]).requestWorld(
      app: { app in app },
      running: { app, _ in
        let detached = Task.detached {
          try await app.transport.send(TransportRequest(method: "GET", path: "/orders/0"))
        }
        _ = await detached.result
        return .succeeded
      })
    do {
      _ = try world.runOnce(seed: 1)
      Issue.record("a request from a detached task ran silently")
    } catch {
      guard case .escape(let escape) = error else {
        Issue.record("expected an escape, got \(error)")
        return
      }
      #expect(escape.kind == .foreignThread, "\(escape)")
      #expect("\(escape)".contains("GET /orders/0"), "\(escape)")
    }
  }

  @Test func appKillsAreReportedWithAnAppObject() throws {
    let scenario = try Self.shipped("outbox-new-key", ["workload.operations=10"])
    let withApp = try scenario.requestWorld(app: { app in app }, running: { _, _ in .succeeded })
    #expect(withApp.warnings.contains { $0.check == "user-code-app-object" })
    let withoutApp = try scenario.requestWorld { _ in .succeeded }
    #expect(!withoutApp.warnings.contains { $0.check == "user-code-app-object" })
  }
}
