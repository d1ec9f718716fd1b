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
    let run = try Self.reference(orders: orders).checkout(self).runOnce(seed: seed, tracing: true)
    var text = "== \(clientName), seed \(seed), \(orders) orders of checkout-reference\n"
    for entry in run.trace { text += "\(entry)\n" }
    return text + Self.summary(run.metrics)
  }

  /// What `checkout-trace --counts` prints for this client: the header and
  /// the last line of ``timeline(seed:orders:)``, from a run that keeps no
  /// timeline (as a property's runs do), so its cost is the client's and
  /// the simulation's alone.
  ///
  /// - Throws: `ScenarioError` for a bad number of orders,
  ///   `SimulationError` when the run fails.
  public func counts(seed: UInt64, orders: Int) throws -> String {
    let metrics = try Self.reference(orders: orders).checkout(self).measure(seeds: seed..<seed + 1)
    return "== \(clientName), seed \(seed), \(orders) orders of checkout-reference\n" + Self.summary(metrics)
  }

  /// The shipped reference checkout with `orders` orders.
  static func reference(orders: Int) throws -> Scenario {
    try Scenario.shipped(
      "checkout-reference", overrides: [try ScenarioOverride(parsing: "workload.operations=\(orders)")])
  }

  /// The run's counts, one line.
  static func summary(_ metrics: RequestMetrics) -> String {
    "\(metrics.duplicated) of \(metrics.operations) orders recorded more than once; \(metrics.succeeded) confirmed, "
      + "\(metrics.uncertain) outcome unknown, \(metrics.failed) failed; \(metrics.attempts) requests\n"
  }
}
