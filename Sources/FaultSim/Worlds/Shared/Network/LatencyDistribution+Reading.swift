extension LatencyDistribution {
  /// Reads a distribution: a duration string is a fixed delay (`"50ms"`);
  /// otherwise an object naming its `distribution`:
  ///
  /// - `{"distribution": "fixed", "value": "50ms"}`
  /// - `{"distribution": "uniform", "min": "20ms", "max": "80ms"}`
  /// - `{"distribution": "normal", "mean": "100ms", "standardDeviation": "30ms"}` (truncated at 0)
  /// - `{"distribution": "folded-normal", "mean": "10ms", "standardDeviation": "2ms"}` (`|X|`)
  /// - `{"distribution": "exponential", "mean": "40ms"}`
  /// - `{"distribution": "lognormal", "median": "60ms", "sigma": 0.5}`
  static func read(_ value: ScenarioValue) throws(ScenarioError) -> LatencyDistribution {
    if case .string = value.node.value {
      return .fixed(.nanoseconds(try value.duration(in: ScenarioLimits.delay)))
    }
    let reader = try value.object()
    let kinds = ["fixed", "uniform", "normal", "folded-normal", "exponential", "lognormal"]
    func delay(_ key: String) throws(ScenarioError) -> VirtualDuration {
      .nanoseconds(try reader.duration(key, in: ScenarioLimits.delay))
    }
    switch try reader.choice("distribution", among: kinds) {
    case "fixed":
      return .fixed(try delay("value"))
    case "uniform":
      let low = try delay("min")
      let high = try delay("max")
      guard low <= high else { throw reader.error("min \(low) is above max \(high); allowed min ≤ max", key: "max") }
      return .uniform(min: low, max: high)
    case "normal":
      return .normal(mean: try delay("mean"), standardDeviation: try delay("standardDeviation"))
    case "folded-normal":
      return .foldedNormal(mean: try delay("mean"), standardDeviation: try delay("standardDeviation"))
    case "exponential":
      return .exponential(mean: try delay("mean"))
    default:
      return .lognormal(median: try delay("median"), sigma: try reader.double("sigma", in: ScenarioLimits.sigma))
    }
  }
}
