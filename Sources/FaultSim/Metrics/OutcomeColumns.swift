/// The columns every outcome-counting world's table starts with (the
/// request and transfer worlds): counts of duplicated, lost and uncertain
/// operations with their rates and 95% Wilson intervals, attempts, load and
/// completion time, so that tables of different worlds line up. Each world
/// says which of its counters play each part.
enum OutcomeColumns {
  /// The eighteen columns, in table order.
  static func columns<Metrics: WorldMetrics>(
    operations: KeyPath<Metrics, UInt64> & Sendable, duplicated: KeyPath<Metrics, UInt64> & Sendable,
    lost: KeyPath<Metrics, UInt64> & Sendable,
    uncertain: KeyPath<Metrics, UInt64> & Sendable, attemptsPerOperation: MetricsQuantity<Metrics>,
    serverRequests: KeyPath<Metrics, UInt64> & Sendable, completion: KeyPath<Metrics, DurationHistogram> & Sendable
  ) -> [MetricsColumn<Metrics>] {
    [
      .seeds("seeds run in the cell, one FIFO run each"),
      MetricsColumn(
        "operations", "operations measured over every seed (orders, requests; files in the transfer world)",
        "\(count: operations)"),
      MetricsColumn("duplicated", "operations applied (or transferred) more than once", "\(count: duplicated)"),
      MetricsColumn("duplicate_rate", "duplicated operations per operation", "\(rate: .ratio(duplicated, operations))"),
      MetricsColumn(
        "duplicate_rate_lo", "lower bound of the 95% Wilson interval of duplicate_rate",
        "\(lowerBound: duplicated, of: operations)"),
      MetricsColumn(
        "duplicate_rate_hi", "upper bound of the 95% Wilson interval of duplicate_rate",
        "\(upperBound: duplicated, of: operations)"),
      MetricsColumn("lost", "operations wanted and never applied (or stored)", "\(count: lost)"),
      MetricsColumn("lost_rate", "lost operations per operation", "\(rate: .ratio(lost, operations))"),
      MetricsColumn(
        "uncertain", "operations that ended not knowing whether they were applied", "\(count: uncertain)"),
      MetricsColumn("uncertain_rate", "uncertain operations per operation", "\(rate: .ratio(uncertain, operations))"),
      MetricsColumn(
        "attempts_mean", "attempts per operation (tasks per file in the transfer world)",
        "\(fixed: attemptsPerOperation, digits: 4)"),
      MetricsColumn(
        "server_requests", "requests that reached the server: the load (completed transfers in the transfer world)",
        "\(count: serverRequests)"),
      MetricsColumn(
        "completion_p50_ms", "median completion time over every operation of every seed (empty when none ended)",
        "\(percentile: 50, of: completion, in: .milliseconds)"),
      MetricsColumn(
        "completion_p99_ms", "99th percentile completion time", "\(percentile: 99, of: completion, in: .milliseconds)"),
      MetricsColumn(
        "lost_rate_lo", "lower bound of the 95% Wilson interval of lost_rate", "\(lowerBound: lost, of: operations)"),
      MetricsColumn(
        "lost_rate_hi", "upper bound of the 95% Wilson interval of lost_rate", "\(upperBound: lost, of: operations)"),
      MetricsColumn(
        "uncertain_rate_lo", "lower bound of the 95% Wilson interval of uncertain_rate",
        "\(lowerBound: uncertain, of: operations)"),
      MetricsColumn(
        "uncertain_rate_hi", "upper bound of the 95% Wilson interval of uncertain_rate",
        "\(upperBound: uncertain, of: operations)"),
    ]
  }
}
