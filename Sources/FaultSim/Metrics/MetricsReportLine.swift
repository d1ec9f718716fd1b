/// One line of what `faultsim run` prints about a run's metrics, declared
/// once: its label, how its value is computed, and when it is shown.
///
/// ```swift
/// MetricsReportLine("overload 503s", "\(count: \.overloadRejections)", whenNonzero: \.overloadRejections)
/// ```
@usableFromInline
package struct MetricsReportLine<Metrics>: Sendable {
  /// The label before the colon: `server requests`.
  @usableFromInline package let label: String
  /// How the value is computed and printed.
  @usableFromInline package let value: MetricsText<Metrics>
  /// A counter that must be nonzero for the line to be shown; `nil` for a
  /// line always shown.
  let shownWhenNonzero: (KeyPath<Metrics, UInt64> & Sendable)?

  /// A line labelled `label` with `value`, always shown.
  @usableFromInline package init(_ label: String, _ value: MetricsText<Metrics>) {
    self.label = label
    self.value = value
    self.shownWhenNonzero = nil
  }

  /// A line labelled `label` with `value`, shown only when the counter
  /// `whenNonzero` is not 0.
  @usableFromInline package init(
    _ label: String, _ value: MetricsText<Metrics>, whenNonzero: KeyPath<Metrics, UInt64> & Sendable
  ) {
    self.label = label
    self.value = value
    self.shownWhenNonzero = whenNonzero
  }
}

extension MetricsReportLine where Metrics: WorldMetrics {
  /// The line for one run's metrics, or `nil` when it is not shown.
  @usableFromInline package func line(for metrics: Metrics) -> (String, String)? {
    if let counter = shownWhenNonzero, metrics[keyPath: counter] == 0 { return nil }
    return (label, value.text(for: metrics, seeds: metrics.runs))
  }
}
