import CheckoutSimulation
import FaultSim

extension Scenario {
  /// FaultSim's reference checkout (5% of requests and 10% of responses
  /// lost, latency 20–80 ms, timeout 1 s) with `orders` orders over its
  /// 10 s, and `settings` (`key.path=value`) on top.
  static func reference(orders: Int, _ settings: String...) throws -> Scenario {
    try Scenario.shipped(
      "checkout-reference",
      overrides: (["workload.operations=\(orders)"] + settings).map { try ScenarioOverride(parsing: $0) })
  }
}

/// "No order is recorded twice": the property both clients are checked
/// against. (Computed: a `ScenarioProperty` is not `Sendable`, so it cannot
/// be a global constant.)
var noOrderIsRecordedTwice: ScenarioProperty<UserCodeRequestWorld<BuiltInRequestHandler>> {
  ScenarioProperty("no order is recorded twice") { run in
    run.metrics.duplicated == 0
  }
}
