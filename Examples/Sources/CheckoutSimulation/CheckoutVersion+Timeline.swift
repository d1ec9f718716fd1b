import FaultSim

extension CheckoutVersion {
  /// The client's type: `NaiveCheckoutClient`, `CheckoutClient`.
  public var clientName: String {
    switch self {
    case .naive: "NaiveCheckoutClient"
    case .idempotent: "CheckoutClient"
    }
  }

  /// What `checkout-trace` prints for this client: a header, the timeline
  /// of one seed of the reference checkout with `orders` orders (one line
  /// per event, the client's own decisions among them), and what the
  /// server recorded. The same seed gives the same text in every process.
  ///
  /// - Throws: `ScenarioError` for a bad number of orders,
  ///   `SimulationError` when the run fails.
  public func timeline(seed: UInt64, orders: Int) throws -> String {
    let scenario = try Scenario.shipped(
      "checkout-reference", overrides: [try ScenarioOverride(parsing: "workload.operations=\(orders)")])
    let run = try scenario.checkout(self).runOnce(seed: seed, tracing: true)
    var text = "== \(clientName), seed \(seed), \(orders) orders of checkout-reference\n"
    for entry in run.trace { text += "\(entry)\n" }
    let metrics = run.metrics
    text +=
      "\(metrics.duplicated) of \(metrics.operations) orders recorded more than once; \(metrics.succeeded) confirmed, "
      + "\(metrics.uncertain) outcome unknown, \(metrics.failed) failed; \(metrics.attempts) requests\n"
    return text
  }
}
