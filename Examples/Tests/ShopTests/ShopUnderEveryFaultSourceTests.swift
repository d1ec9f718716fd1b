import FaultSim
import ShopSimulation
import Testing

/// The fixed shop — its own client and its own server, no fakes — under
/// every source of duplicates the request world has, at once: a gateway
/// that retries every method, a network that duplicates and holds back
/// requests and cuts the responses for a while, apps killed mid-request,
/// phones whose clocks disagree with the server's, and the server's own
/// crashes. A per-cart key and a claim committed with the order hold
/// against all of them; each source's fault is required to fire.
@Suite struct ShopUnderEveryFaultSourceTests {
  static let everySource = [
    "gateway.preset=nginx", "gateway.methods=all", "gateway.timeout=2s",
    "network.requestDuplication=0.05", "network.requestReordering=0.05",
    #"network.reorderDelay={"distribution": "fixed", "value": "1s"}"#,
    #"network.partitions=[{"from": "500ms", "until": "1s", "direction": "responses"}]"#,
    "client.app.termination=0.1", "client.clock.preset=phones-measured",
  ]

  @Test func theFixedShopHoldsUnderEverySourceAtOnce() throws {
    let world = try Scenario.shop(orders: 4, over: "2s", everySource: Self.everySource).shop(.fixed, crashes: 0.02)
    // Every source applies to your code: none is refused or replaced.
    #expect(world.warnings.isEmpty, "\(world.warnings)")
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
