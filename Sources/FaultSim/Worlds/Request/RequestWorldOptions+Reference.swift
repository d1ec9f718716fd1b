extension RequestWorldOptions {
  /// The reference checkout scenario, also FaultSim's performance yardstick
  /// (and `scenarios/checkout-reference.json`): orders placed once each at a
  /// uniform time over the first 10 s; one-way latency uniform 20–80 ms;
  /// request loss 5%, response loss 10%; timeout 1 s; 3 attempts;
  /// exponential backoff base 100 ms, cap 2 s, full jitter; keyless writes,
  /// naive client; the server honours keys and has no capacity limit.
  ///
  /// - Parameter orders: Orders per run (100,000 in the reference).
  public static func checkoutReference(orders: Int = 100_000) -> RequestWorldOptions {
    var options = RequestWorldOptions()
    options.workload.operations = orders
    options.workload.kind = .keylessWrite
    options.workload.arrival = .uniform(over: .seconds(10))
    options.network.latency = .uniform(min: .milliseconds(20), max: .milliseconds(80))
    options.network.requestLoss = 0.05
    options.network.responseLoss = 0.10
    options.client.timeout = .seconds(1)
    options.client.attempts = 3
    options.client.backoff = Backoff(
      growth: .exponential, jitter: .full, base: .milliseconds(100), cap: .seconds(2))
    options.client.safety = .naive
    options.server.keys = .honour
    return options
  }
}
