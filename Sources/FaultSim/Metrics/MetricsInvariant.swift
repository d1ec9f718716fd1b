/// A fact every honest sum of a world's runs satisfies, derived from what
/// its metrics mean: "duplicated + lost ≤ operations", "completion.count =
/// succeeded + failed + uncertain".
///
/// Partial tables and checkpoints are checked against their world's
/// invariants when they are read (`WorldMetrics.invariantViolation()`), so
/// that a number edited by hand or damaged on disk is refused rather than
/// merged into a wrong table. Each invariant holds for every run and is
/// preserved by addition, so it holds for every sum of runs of one cell:
/// `≤` and `=` between sums add up, a per-run constant ratio stays a ratio,
/// and bucket bounds of a histogram add up with its values.
@usableFromInline
package struct MetricsInvariant<Metrics> {
  enum Rule {
    /// Σ left ≤ Σ right.
    case atMost([KeyPath<Metrics, UInt64>], [KeyPath<Metrics, UInt64>])
    /// Σ left = Σ right.
    case equal([KeyPath<Metrics, UInt64>], [KeyPath<Metrics, UInt64>])
    /// `value` is a whole multiple of `base` (a per-run constant times runs).
    case multiple(KeyPath<Metrics, UInt64>, of: KeyPath<Metrics, UInt64>)
    /// `total` is the sum of the histogram's values, each divided by `unit`
    /// and rounded to nearest: it lies within what the buckets allow.
    case histogramSum(KeyPath<Metrics, DurationHistogram>, total: KeyPath<Metrics, UInt64>, unit: UInt64)
    /// No value in the histogram exceeds `bound`.
    case histogramBound(KeyPath<Metrics, DurationHistogram>, atMost: KeyPath<Metrics, UInt64>)
  }

  let rule: Rule

  /// Σ `left` ≤ Σ `right`: `.atMost([\.duplicated, \.lost], [\.operations])`.
  @usableFromInline package static func atMost(
    _ left: [KeyPath<Metrics, UInt64>], _ right: [KeyPath<Metrics, UInt64>]
  ) -> Self {
    Self(rule: .atMost(left, right))
  }

  /// Σ `left` = Σ `right`.
  @usableFromInline package static func equal(_ left: [KeyPath<Metrics, UInt64>], _ right: [KeyPath<Metrics, UInt64>])
    -> Self
  {
    Self(rule: .equal(left, right))
  }

  /// `value` is a whole multiple of `base`: every run of a cell adds the
  /// same amount to `value` and one to `base`.
  @usableFromInline package static func multiple(_ value: KeyPath<Metrics, UInt64>, of base: KeyPath<Metrics, UInt64>)
    -> Self
  {
    Self(rule: .multiple(value, of: base))
  }

  /// `total` is the sum of the values recorded in `histogram` (nanoseconds),
  /// each divided by `unit` and rounded to nearest.
  @usableFromInline package static func histogramSum(
    _ histogram: KeyPath<Metrics, DurationHistogram>, total: KeyPath<Metrics, UInt64>, unit: UInt64 = 1
  ) -> Self {
    precondition(unit > 0, "a histogram sum's unit must be positive")
    return Self(rule: .histogramSum(histogram, total: total, unit: unit))
  }

  /// No value recorded in `histogram` exceeds `bound`.
  @usableFromInline package static func histogramBound(
    _ histogram: KeyPath<Metrics, DurationHistogram>, atMost bound: KeyPath<Metrics, UInt64>
  ) -> Self {
    Self(rule: .histogramBound(histogram, atMost: bound))
  }
}

extension MetricsInvariant: CustomStringConvertible where Metrics: WorldMetrics {
  /// The invariant as a statement: `duplicated + lost ≤ operations`.
  @usableFromInline package var description: String {
    switch rule {
    case .atMost(let left, let right): return "\(Self.names(left)) ≤ \(Self.names(right))"
    case .equal(let left, let right): return "\(Self.names(left)) = \(Self.names(right))"
    case .multiple(let value, let base): return "\(Self.name(value)) is a multiple of \(Self.name(base))"
    case .histogramSum(let histogram, let total, let unit):
      return "\(Self.name(total)) is the sum of the \(Self.name(histogram)) values\(unit == 1 ? "" : " / \(unit)")"
    case .histogramBound(let histogram, let bound): return "every \(Self.name(histogram)) value ≤ \(Self.name(bound))"
    }
  }

  /// What is wrong with `metrics`, or `nil` when the invariant holds:
  /// `duplicated + lost (210) > operations (200)`.
  ///
  /// - Complexity: O(terms), or O(histogram buckets) for histogram rules.
  @usableFromInline package func violation(in metrics: Metrics) -> String? {
    switch rule {
    case .atMost(let left, let right):
      let (low, high) = (Self.sum(left, metrics), Self.sum(right, metrics))
      return low <= high ? nil : "\(Self.names(left)) (\(low)) > \(Self.names(right)) (\(high))"
    case .equal(let left, let right):
      let (a, b) = (Self.sum(left, metrics), Self.sum(right, metrics))
      return a == b ? nil : "\(Self.names(left)) (\(a)) ≠ \(Self.names(right)) (\(b))"
    case .multiple(let value, let base):
      let (v, b) = (metrics[keyPath: value], metrics[keyPath: base])
      let holds = b == 0 ? v == 0 : v % b == 0
      return holds ? nil : "\(Self.name(value)) (\(v)) is not a multiple of \(Self.name(base)) (\(b))"
    case .histogramSum(let histogram, let total, let unit):
      var least = WideCount()
      var most = WideCount()
      for (index, count) in metrics[keyPath: histogram].nonEmptyBuckets {
        let (lower, width) = DurationHistogram.range(of: index)
        least.add(count, times: Self.rounded(lower, unit))
        most.add(count, times: Self.rounded(lower + (width - 1), unit))
      }
      let value = WideCount(metrics[keyPath: total])
      guard value < least || most < value else { return nil }
      return
        "\(Self.name(total)) (\(metrics[keyPath: total])) is not the sum of the \(Self.name(histogram)) values (between \(least) and \(most))"
    case .histogramBound(let histogram, let bound):
      let values = metrics[keyPath: histogram]
      let limit = metrics[keyPath: bound]
      guard values.count > 0, values.largest > limit else { return nil }
      return "the largest \(Self.name(histogram)) value (\(values.largest)) exceeds \(Self.name(bound)) (\(limit))"
    }
  }

  /// `value / unit`, rounded half up, without overflow.
  static func rounded(_ value: UInt64, _ unit: UInt64) -> UInt64 {
    value / unit + (value % unit >= unit - unit / 2 ? 1 : 0)
  }

  static func sum(_ terms: [KeyPath<Metrics, UInt64>], _ metrics: Metrics) -> WideCount {
    var total = WideCount()
    for term in terms { total.add(metrics[keyPath: term], times: 1) }
    return total
  }

  static func names(_ terms: [KeyPath<Metrics, UInt64>]) -> String {
    terms.map(name).joined(separator: " + ")
  }

  static func name(_ term: KeyPath<Metrics, UInt64>) -> String {
    Metrics.name(of: term)
  }

  static func name(_ histogram: KeyPath<Metrics, DurationHistogram>) -> String {
    Metrics.name(of: histogram)
  }
}
