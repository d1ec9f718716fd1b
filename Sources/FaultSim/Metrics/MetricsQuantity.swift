/// A number derived from a world's exact counters — a mean, a ratio, a
/// duration in seconds — declared as a formula, so that what it reads and
/// how it is computed are one fact: the column or report line that prints
/// it, the metrics' own property and the docs' table all come from it.
///
/// Evaluation follows the formula's operations in order, in `Double`, so
/// `.ratio(.counter(\.total).times(1_000), .counter(\.count))` is
/// `Double(total) * 1_000 / Double(count)` to the last bit.
///
/// ```swift
/// extension MetricsQuantity where Metrics == RequestMetrics {
///   static var attemptsPerOperation: Self { .ratio(\.attempts, \.operations) }
/// }
/// ```
@usableFromInline package struct MetricsQuantity<Metrics>: Sendable {
  indirect enum Node: Sendable {
    case counter(KeyPath<Metrics, UInt64> & Sendable)
    case times(Node, Double)
    case divided(Node, Double)
    case ratio(Node, Node)
  }

  let node: Node

  /// One counter's value.
  @usableFromInline package static func counter(_ counter: KeyPath<Metrics, UInt64> & Sendable) -> Self {
    Self(node: .counter(counter))
  }

  /// `numerator ÷ denominator`, or 0 when the denominator is 0 (no runs,
  /// no operations: nothing to divide).
  @usableFromInline package static func ratio(_ numerator: Self, _ denominator: Self) -> Self {
    Self(node: .ratio(numerator.node, denominator.node))
  }

  /// One counter divided by another, or 0 when the other is 0.
  @usableFromInline package static func ratio(
    _ numerator: KeyPath<Metrics, UInt64> & Sendable, _ denominator: KeyPath<Metrics, UInt64> & Sendable
  ) -> Self {
    .ratio(.counter(numerator), .counter(denominator))
  }

  /// This quantity multiplied by `factor` (a unit change: µs to ns).
  @usableFromInline package func times(_ factor: Double) -> Self {
    Self(node: .times(node, factor))
  }

  /// This quantity divided by `divisor` (a unit change: ns to ms).
  @usableFromInline package func divided(by divisor: Double) -> Self {
    Self(node: .divided(node, divisor))
  }

  /// The quantity's value for `metrics`.
  ///
  /// - Complexity: O(size of the formula).
  @usableFromInline package func value(in metrics: Metrics) -> Double {
    Self.value(node, metrics)
  }

  private static func value(_ node: Node, _ metrics: Metrics) -> Double {
    switch node {
    case .counter(let counter): return Double(metrics[keyPath: counter])
    case .times(let node, let factor): return value(node, metrics) * factor
    case .divided(let node, let divisor): return value(node, metrics) / divisor
    case .ratio(let numerator, let denominator):
      let below = value(denominator, metrics)
      return below == 0 ? 0 : value(numerator, metrics) / below
    }
  }

  /// The counters the quantity reads, in order of appearance.
  var reads: [KeyPath<Metrics, UInt64> & Sendable] {
    func reads(_ node: Node) -> [KeyPath<Metrics, UInt64> & Sendable] {
      switch node {
      case .counter(let counter): return [counter]
      case .times(let node, _), .divided(let node, _): return reads(node)
      case .ratio(let numerator, let denominator): return reads(numerator) + reads(denominator)
      }
    }
    return reads(node)
  }

  /// The formula with each counter written by `name`:
  /// `makespan_total_ns ÷ runs ÷ 1,000,000`.
  func formula(_ name: (KeyPath<Metrics, UInt64> & Sendable) -> String) -> String {
    func text(_ node: Node, operand: Bool) -> String {
      switch node {
      case .counter(let counter): return name(counter)
      case .times(let node, let factor): return group("\(text(node, operand: false)) × \(number(factor))", operand)
      case .divided(let node, let divisor):
        return group("\(text(node, operand: false)) ÷ \(number(divisor))", operand)
      case .ratio(let numerator, let denominator):
        return group("\(text(numerator, operand: false)) ÷ \(text(denominator, operand: true))", operand)
      }
    }
    // Every operation is multiplicative and left-associative: only a
    // compound right operand of a division needs parentheses.
    func group(_ text: String, _ operand: Bool) -> String { operand ? "(\(text))" : text }
    func number(_ value: Double) -> String {
      guard value == value.rounded(), abs(value) < 1e18 else { return "\(value)" }
      let digits = Array(String(Int64(abs(value))))
      var grouped = ""
      for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { grouped += "," }
        grouped.append(digit)
      }
      return (value < 0 ? "-" : "") + grouped
    }
    return text(node, operand: false)
  }
}
