/// The columns of a request-world sweep table, documented for users: one
/// column per varied key path (named by the path), then these, in order.
public enum RequestSweepTable {
  /// The fixed columns after the varied key paths.
  public static let columns = [
    "seeds",  // seeds run in the cell
    "operations",  // operations over all seeds
    "duplicated",  // operations applied more than once
    "duplicate_rate",  // duplicated / operations
    "duplicate_rate_lo",  // 95% Wilson interval, lower bound
    "duplicate_rate_hi",  // 95% Wilson interval, upper bound
    "lost",  // writes never applied (reads never answered)
    "lost_rate",
    "uncertain",  // clients that gave up not knowing whether the write applied
    "uncertain_rate",
    "attempts_mean",  // attempts per operation
    "server_requests",  // requests that reached the server, over all seeds
    "completion_p50_ms",  // completion time percentiles over all operations
    "completion_p99_ms",
    "lost_rate_lo",
    "lost_rate_hi",
    "uncertain_rate_lo",
    "uncertain_rate_hi",
    "succeeded",  // clients that got a success
    "amplification",  // server requests per operation
    "write_calls",  // write requests that reached the server
    "overload_rejections",  // 503s for lack of capacity
    "retries_refused",  // retries refused by the shared retry budget
    "makespan_mean_ms",  // mean time until every client was done
    "faultsim_version",
    "scenario_digest",
  ]

  /// The header record for the given varied key paths.
  public static func header(varied: [String]) -> String {
    CSVWriter.record(varied + columns)
  }

  /// One cell's record.
  public static func row(
    values: [String], seeds: UInt64, metrics m: RequestMetrics, version: String, digest: String
  ) -> String {
    let duplicate = m.duplicateRate
    let lost = m.lostRate
    let uncertain = m.uncertainRate
    func rate(_ value: Double) -> String { DecimalText.fixed(value, 6) }
    func milliseconds(_ nanoseconds: Double?) -> String {
      nanoseconds.map { DecimalText.fixed($0 / 1e6, 3) } ?? ""
    }
    let makespan = m.runs == 0 ? 0 : Double(m.makespanTotal) / Double(m.runs)
    let fields: [String] = [
      "\(seeds)", "\(m.operations)", "\(m.duplicated)", rate(duplicate.rate), rate(duplicate.interval.lower),
      rate(duplicate.interval.upper), "\(m.lost)", rate(lost.rate), "\(m.uncertain)", rate(uncertain.rate),
      DecimalText.fixed(m.attemptsPerOperation, 4), "\(m.serverRequests)",
      milliseconds(m.completion.percentile(50)), milliseconds(m.completion.percentile(99)),
      rate(lost.interval.lower), rate(lost.interval.upper), rate(uncertain.interval.lower),
      rate(uncertain.interval.upper), "\(m.succeeded)", DecimalText.fixed(m.amplification, 4), "\(m.writeCalls)",
      "\(m.overloadRejections)", "\(m.retriesRefused)", DecimalText.fixed(makespan / 1e6, 3), version, digest,
    ]
    return CSVWriter.record(values + fields)
  }
}
