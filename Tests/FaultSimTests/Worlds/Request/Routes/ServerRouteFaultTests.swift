import Testing

@testable import FaultSim

/// The scenario's faults reach every routed request: an intermediary
/// retries a route's request by its method, and routes that only your code
/// can use are reported when the built-in client runs.
@Suite struct ServerRouteFaultTests {
  static let routes = [
    ServerRoute("POST", "/events", .write),
    ServerRoute("PUT", "/profile", .idempotentWrite),
  ]

  /// Each operation sends one keyless POST and one PUT, never retried.
  static func world(_ overrides: [String] = []) throws -> PluggedScenario<UserCodeRequestWorld<BuiltInRequestHandler>> {
    let scenario = try Scenario.shipped(
      "gateway-retries-post",
      overrides: (["workload.operations=1000"] + overrides).map { try ScenarioOverride(parsing: $0) })
    return try scenario.routing(routes).requestWorld { client in
      _ = try? await client.transport.send(TransportRequest(method: "POST", path: "/events", text: "e"))
      _ = try? await client.transport.send(TransportRequest(method: "PUT", path: "/profile", text: "p"))
      return .succeeded
    }
  }

  /// The gateway retries a try that outlasts its 2 s timeout; the server
  /// applies every try, and processing takes an exponential 2 s on
  /// average, so a POST sent once is applied twice or more with
  /// probability e⁻¹.
  @Test func aGatewayThatRetriesEveryMethodDuplicatesAWriteRoute() throws {
    let counts = try #require(try Self.world().routeMetrics(seeds: 0..<2))
    let events = try #require(counts["POST", "/events"])
    let rate = Double(events.duplicated) / 2_000
    let expected = 1 / 2.718281828459045
    let tolerance = 4 * (expected * (1 - expected) / 2_000).squareRoot()
    #expect(abs(rate - expected) < tolerance, "rate \(rate), expected \(expected) ± \(tolerance)")
    #expect(try #require(counts["PUT", "/profile"]).duplicated == 0, "an idempotent write is never a duplicate")
  }

  @Test func aGatewayThatRetriesIdempotentMethodsRetriesThePutButNotThePost() throws {
    let counts = try #require(try Self.world(["gateway.methods=idempotent"]).routeMetrics(seeds: 0..<2))
    let events = try #require(counts["POST", "/events"])
    #expect(events.duplicated == 0)
    #expect(events.applied == 2_000)
    // The PUT's tries that outlast the gateway's timeout are sent again.
    #expect(try #require(counts["PUT", "/profile"]).applied > 2_500)
  }

  @Test func routesAreReportedWhenOnlyTheBuiltInClientRuns() throws {
    let scenario = try Scenario.shipped("checkout-reference").routing(Self.routes)
    #expect(scenario.warnings.map(\.check).contains("routes-without-code"))
    let code = try scenario.requestWorld { _ in .succeeded }
    #expect(!code.warnings.map(\.check).contains("routes-without-code"))
  }
}
