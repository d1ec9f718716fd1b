/// One exact counter of a world's metrics: its name, what it counts, and
/// where the metrics keep it — declared once, in the world's
/// `WorldMetrics.counters`.
///
/// The order of a world's counters is part of the partial-table format
/// (the state a sweep shard writes for `faultsim merge`); the name is how messages about an edited
/// or damaged file point at it, and how columns' formulas in the docs name
/// what they read.
@usableFromInline
package struct MetricsCounter<Metrics>: Sendable {
  /// The counter's name, in the CSV's `snake_case`: `server_requests`.
  @usableFromInline package let name: String
  /// Where the metrics keep it.
  @usableFromInline package let keyPath: WritableKeyPath<Metrics, UInt64> & Sendable
  /// What it counts, for the docs: `requests that reached the server`.
  @usableFromInline package let meaning: String

  /// A counter named `name` kept at `keyPath`.
  @usableFromInline package init(
    _ name: String, _ keyPath: WritableKeyPath<Metrics, UInt64> & Sendable, _ meaning: String
  ) {
    self.name = name
    self.keyPath = keyPath
    self.meaning = meaning
  }
}

/// One histogram of a world's metrics: its name, what it records, and where
/// the metrics keep it.
@usableFromInline
package struct MetricsHistogram<Metrics>: Sendable {
  /// The histogram's name: `completion`.
  @usableFromInline package let name: String
  /// Where the metrics keep it.
  @usableFromInline package let keyPath: WritableKeyPath<Metrics, DurationHistogram> & Sendable
  /// What it records, for the docs.
  @usableFromInline package let meaning: String

  /// A histogram named `name` kept at `keyPath`.
  @usableFromInline package init(
    _ name: String, _ keyPath: WritableKeyPath<Metrics, DurationHistogram> & Sendable, _ meaning: String
  ) {
    self.name = name
    self.keyPath = keyPath
    self.meaning = meaning
  }
}
