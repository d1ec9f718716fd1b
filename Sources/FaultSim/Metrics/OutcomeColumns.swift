/// The columns every outcome-counting world's table starts with (the
/// request and transfer worlds): counts of duplicated, lost and uncertain
/// operations with their rates and 95% Wilson intervals, attempts, load and
/// completion time, so that tables of different worlds line up.
enum OutcomeColumns {
  static let names = [
    "seeds", "operations", "duplicated", "duplicate_rate", "duplicate_rate_lo", "duplicate_rate_hi", "lost",
    "lost_rate", "uncertain", "uncertain_rate", "attempts_mean", "server_requests", "completion_p50_ms",
    "completion_p99_ms", "lost_rate_lo", "lost_rate_hi", "uncertain_rate_lo", "uncertain_rate_hi",
  ]

  /// The fields of ``names`` for one cell.
  static func fields(
    seeds: UInt64, operations: UInt64, duplicated: UInt64, lost: UInt64, uncertain: UInt64, attemptsMean: Double,
    serverRequests: UInt64, completion: DurationHistogram
  ) -> [String] {
    let duplicate = WilsonInterval.rate(duplicated, of: operations)
    let lostRate = WilsonInterval.rate(lost, of: operations)
    let uncertainRate = WilsonInterval.rate(uncertain, of: operations)
    func milliseconds(_ nanoseconds: Double?) -> String { nanoseconds.map { DecimalText.fixed($0 / 1e6, 3) } ?? "" }
    return [
      "\(seeds)", "\(operations)", "\(duplicated)", DecimalText.rate(duplicate.rate),
      DecimalText.rate(duplicate.interval.lower),
      DecimalText.rate(duplicate.interval.upper), "\(lost)", DecimalText.rate(lostRate.rate), "\(uncertain)",
      DecimalText.rate(uncertainRate.rate),
      DecimalText.fixed(attemptsMean, 4), "\(serverRequests)", milliseconds(completion.percentile(50)),
      milliseconds(completion.percentile(99)), DecimalText.rate(lostRate.interval.lower),
      DecimalText.rate(lostRate.interval.upper),
      DecimalText.rate(uncertainRate.interval.lower), DecimalText.rate(uncertainRate.interval.upper),
    ]
  }
}
