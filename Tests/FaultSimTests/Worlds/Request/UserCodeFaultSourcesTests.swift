import FaultSim
import Testing

/// Your async client runs on the request world's one router, so the fault
/// sources the built-in client meets reach it too: a gateway that retries,
/// an app killed mid-request and relaunched, a device clock that disagrees
/// with the server's.
@Suite struct UserCodeFaultSourcesTests {
  static func shipped(_ name: String, _ overrides: [String] = []) throws -> Scenario {
    try Scenario.shipped(name, overrides: overrides.map { try ScenarioOverride(parsing: $0) })
  }

  // MARK: A gateway that retries POSTs

  /// A client that sends its order once and never retries.
  static let sendOnce: @Sendable (SimulatedClient) async -> ClientOutcome = { client in
    do {
      let response = try await client.transport.send(
        TransportRequest(method: "POST", path: "/orders", text: "order=\(client.operation)", timeout: .seconds(30)))
      return response.isSuccess ? .succeeded : .failed
    } catch {
      return .uncertain
    }
  }

  @Test func theGatewayRetriesYourCodesPost() throws {
    let scenario = try Self.shipped("gateway-retries-post", ["workload.operations=2000"])
    let world = try scenario.requestWorld(running: Self.sendOnce)
    #expect(!world.warnings.contains { $0.check == "user-code-gateway" })
    let metrics = try world.measure(seeds: 0..<2)
    #expect(metrics.gatewayRetries > 0)
    // Each client sent its order once, yet about 37% are recorded twice or more.
    #expect(metrics.duplicateRate.rate > 0.25 && metrics.duplicateRate.rate < 0.5)
    let idempotent = try Self.shipped(
      "gateway-retries-post", ["workload.operations=2000", "gateway.methods=idempotent"]
    )
    .requestWorld(running: Self.sendOnce).measure(seeds: 0..<2)
    #expect(idempotent.duplicated == 0 && idempotent.gatewayTimeouts > 0)
  }

  @Test func theGatewayAppearsInYourCodesTrace() throws {
    let world = try Self.shipped("gateway-retries-post", ["workload.operations=20"]).requestWorld(
      running: Self.sendOnce)
    let trace = try world.trace(seed: 1)
    #expect(trace.contains("gateway"))
    #expect(trace.contains("POST /orders"))
  }

  // MARK: The app killed mid-request

  /// A checkout that keeps its idempotency key in memory (`storesKey`
  /// false: a relaunch makes a new one) or on the device's disk.
  static func checkout(storesKey: Bool) -> @Sendable (SimulatedClient) async -> ClientOutcome {
    { client in
      var random = client.random
      let key: String
      if let stored = client.disk["key"] {
        key = stored
      } else {
        key = "k-\(client.operation)-\(random.next())"
        if storesKey { client.disk["key"] = key }
      }
      for attempt in 1...3 {
        do {
          let response = try await client.transport.send(
            TransportRequest(
              method: "POST", path: "/orders", headers: ["Idempotency-Key": key], text: "order=\(client.operation)"))
          if response.isSuccess { return .succeeded }
          if response.status < 500 && response.status != 409 { return .failed }
        } catch is CancellationError {
          return .uncertain
        } catch {}
        if attempt < 3 {
          do { try await client.clock.sleep(for: .milliseconds(200)) } catch { return .uncertain }
        }
      }
      return .uncertain
    }
  }

  @Test func aKilledAppRunsYourCodeAgainAndAKeyInMemoryDuplicates() throws {
    let scenario = try Self.shipped("outbox-new-key", ["workload.operations=4000"])
    let inMemory = try scenario.requestWorld(running: Self.checkout(storesKey: false))
    // The built-in outbox's option cannot apply to your code's outbox: said so.
    #expect(inMemory.warnings.contains { $0.check == "user-code-outbox" })
    #expect(!inMemory.warnings.contains { $0.check == "user-code-app-lifecycle" })
    let lost = try inMemory.measure(seeds: 0..<2)
    #expect(lost.outboxResends > 0)
    #expect(lost.duplicated > 0)
    let stored = try scenario.requestWorld(running: Self.checkout(storesKey: true)).measure(seeds: 0..<2)
    #expect(stored.outboxResends == lost.outboxResends)
    #expect(stored.duplicated == 0)
  }

  @Test func theKillAndTheRelaunchAreInTheTrace() throws {
    let world = try Self.shipped("outbox-new-key", ["workload.operations=400", "client.app.termination=1"])
      .requestWorld(running: Self.checkout(storesKey: true))
    let trace = try world.trace(seed: 2)
    #expect(trace.contains("in flight): launch 1 of your code ends"))
    #expect(trace.contains("relaunch: your code runs again (launch 2)"))
    #expect(try world.trace(seed: 2) == trace)
  }

  @Test func theUserGivesTheAppUpAfterMaxResends() throws {
    let world = try Self.shipped(
      "outbox-new-key",
      ["workload.operations=50", "client.app.termination=1", "network.responseLoss=1", "client.app.maxResends=2"]
    ).requestWorld(running: Self.checkout(storesKey: true))
    let metrics = try world.measure(seeds: 0..<1)
    #expect(metrics.uncertain == 50)
    #expect(metrics.outboxResends == 100)
  }

  // MARK: Clocks that disagree

  /// A client that retries a 503 after its `Retry-After`, with the same key.
  static let honoursRetryAfter: @Sendable (SimulatedClient) async -> ClientOutcome = { client in
    let key = "k-\(client.operation)"
    for _ in 1...3 {
      do {
        let response = try await client.transport.send(
          TransportRequest(
            method: "POST", path: "/orders", headers: ["Idempotency-Key": key], text: "order=\(client.operation)",
            timeout: .seconds(2)))
        if response.isSuccess { return .succeeded }
        guard let wait = response.retryAfter else { return .failed }
        try await client.clock.sleep(for: wait)
      } catch {
        try? await client.clock.sleep(for: .milliseconds(100))
      }
    }
    return .uncertain
  }

  @Test func aRetryAfterDateIsReadOnTheDevicesSkewedClock() throws {
    let skewed = try Self.shipped("clock-skew-retry-after").requestWorld(running: Self.honoursRetryAfter)
      .measure(seeds: 0..<2)
    #expect(skewed.duplicated > 0)
    let agreeing = try Self.shipped("clock-skew-retry-after", ["client.clock.preset=uniform"]).requestWorld(
      running: Self.honoursRetryAfter
    ).measure(seeds: 0..<2)
    #expect(agreeing.duplicated == 0)
    let seconds = try Self.shipped("clock-skew-retry-after", ["server.retryAfterFormat=seconds"]).requestWorld(
      running: Self.honoursRetryAfter
    ).measure(seeds: 0..<2)
    #expect(seconds.duplicated == 0)
  }
}
