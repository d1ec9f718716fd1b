/// One exact counter of a world's metrics: its name, for messages and the
/// docs, and where the metrics keep it.
///
/// The order of a world's counters is part of the partial-table format
/// (``WorldMetrics/encodedState``); the name is how messages about an edited
/// or damaged file point at it.
public struct MetricsCounter<Metrics> {
  /// The counter's name, in the CSV's `snake_case`: `server_requests`.
  public let name: String
  public let keyPath: WritableKeyPath<Metrics, UInt64>

  public init(_ name: String, _ keyPath: WritableKeyPath<Metrics, UInt64>) {
    self.name = name
    self.keyPath = keyPath
  }
}

/// One histogram of a world's metrics: its name and where the metrics keep
/// it.
public struct MetricsHistogram<Metrics> {
  /// The histogram's name: `completion`.
  public let name: String
  public let keyPath: WritableKeyPath<Metrics, DurationHistogram>

  public init(_ name: String, _ keyPath: WritableKeyPath<Metrics, DurationHistogram>) {
    self.name = name
    self.keyPath = keyPath
  }
}
