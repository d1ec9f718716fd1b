import FaultSim
import ShopSimulation
import Testing

/// The fixed shop — its own client and its own server, no fakes — under
/// every source of duplicates the request world has, at once: a gateway
/// that retries every method, a network that duplicates and holds back
/// requests and cuts the responses for a while, apps killed mid-request,
/// and the server's own crashes. (Skewed phone clocks are not among them:
/// the shop's server sends no Retry-After date for a clock to misread, and
/// FaultSim says so with a warning when a scenario sets one.) A per-cart key and a claim committed with the order hold
/// against all of them; each source's fault is required to fire.
@Suite struct ShopUnderEveryFaultSourceTests {
  static let everySource = [
    "gateway.preset=nginx", "gateway.methods=all", "gateway.servers=3", "gateway.timeout=1s",
    "network.requestDuplication=0.05", "network.requestReordering=0.05",
    #"network.reorderDelay={"distribution": "fixed", "value": "1s"}"#,
    #"network.partitions=[{"from": "500ms", "until": "1s", "direction": "responses"}]"#,
    "client.app.termination=0.1",
  ]

  @Test func theFixedShopHoldsUnderEverySourceAtOnce() throws {
    let world = try Scenario.shop(orders: 4, over: "2s", everySource: Self.everySource).shop(.fixed, crashes: 0.02)
    // Every source applies to your code. The warnings: the reference's
    // retry options, which the shop's client replaces, and that a kill
    // does not reset the app object (the shop keeps its keys per cart).
    #expect(world.warnings.map(\.check) == ["user-code-client", "user-code-app-object"], "\(world.warnings)")
    let report = try ShopTests.noOrderTwice.check(
      world, seeds: 0..<1_000,
      requiring: [
        UserCodeDraw(.gatewayRetry), UserCodeDraw(.requestDuplication), UserCodeDraw(.requestReordering),
        UserCodeDraw(.partitionResponseLoss), UserCodeDraw(.appTermination), .serverCrash,
      ])
    #expect(report.holds, "\(report)")
  }

  /// The naive shop (a new key per attempt) under the same sources is
  /// caught: the sources reach the code, and the property can fail.
  @Test func theNaiveShopIsCaughtUnderTheSameSources() throws {
    let world = try Scenario.shop(orders: 4, over: "2s", everySource: Self.everySource).shop(.keyPerAttempt)
    let report = try ShopTests.noOrderTwice.check(world, seeds: 0..<200)
    #expect(!report.holds)
  }
}

extension Scenario {
  /// ``shop(orders:over:_:)`` with a list of overrides.
  static func shop(orders: Int, over: String, everySource: [String]) throws -> Scenario {
    try Scenario.shipped(
      "checkout-reference",
      overrides: (["workload.operations=\(orders)", "workload.arrival.over=\(over)"] + everySource).map {
        try ScenarioOverride(parsing: $0)
      })
  }
}
