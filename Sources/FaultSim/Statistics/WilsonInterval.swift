/// The Wilson score interval for a binomial proportion: the 95% confidence
/// interval FaultSim reports for every rate.
///
/// Unlike the normal approximation it stays inside [0, 1] and behaves at 0
/// and n successes, which matter here: a keyed scenario has zero duplicates.
public struct WilsonInterval: Hashable, Sendable {
  /// z for a two-sided 95% interval.
  @usableFromInline package static let z95 = 1.959963984540054

  /// The interval's lower bound, in 0…1.
  public var lower: Double
  /// The interval's upper bound, in 0…1.
  public var upper: Double

  /// The interval for `successes` out of `trials`; `[0, 1]` when `trials` is 0.
  ///
  /// - Complexity: O(1).
  @usableFromInline package init(successes: UInt64, trials: UInt64, z: Double = WilsonInterval.z95) {
    guard trials > 0 else {
      lower = 0
      upper = 1
      return
    }
    let n = Double(trials)
    let p = Double(min(successes, trials)) / n
    let z2 = z * z
    let denominator = 1 + z2 / n
    let centre = (p + z2 / (2 * n)) / denominator
    let half = z * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot() / denominator
    lower = max(0, centre - half)
    upper = min(1, centre + half)
    if successes == 0 { lower = 0 }
    if successes >= trials { upper = 1 }
  }

  /// `count / total` (0 when `total` is 0) with its interval: how every
  /// world reports a rate.
  ///
  /// - Complexity: O(1).
  public static func rate(_ count: UInt64, of total: UInt64) -> (rate: Double, interval: WilsonInterval) {
    (total == 0 ? 0 : Double(count) / Double(total), WilsonInterval(successes: count, trials: total))
  }

  /// Whether `value` lies inside the interval (bounds included).
  public func contains(_ value: Double) -> Bool {
    lower <= value && value <= upper
  }
}
