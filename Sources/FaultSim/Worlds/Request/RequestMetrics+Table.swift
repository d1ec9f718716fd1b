/// The request world's metrics as tables: each counter, column and
/// `faultsim run` line declared once (docs/metrics.md shows them, and a
/// test keeps it equal).
extension RequestMetrics: WorldMetrics {
  /// Every table below, as ``WorldMetrics`` requires them.
  public static let table = MetricsTable(
    counters: counters, histograms: histograms, columns: columns, appendedColumns: appendedColumns,
    runReport: runReport, invariants: invariants,
    details: MetricsDetails(
      merge: { (sum: inout RequestMetrics, other: RequestMetrics) throws(MetricsOverflow) in
        try RouteMetrics.merge(other.routes, into: &sum.routes)
      },
      columns: { $0.routes?.columnNames ?? [] },
      fields: { metrics, _ in metrics.routes?.fields(operations: metrics.operations) ?? [] }))

  package static let counters: [MetricsCounter<RequestMetrics>] =
    [
      .init("runs", \.runs, "runs summed, one per seed"),
      .init("operations", \.operations, "operations (orders, requests), one client each"),
      .init("succeeded", \.succeeded, "operations whose client got a success"),
      .init("failed", \.failed, "operations whose client gave up on a definite failure"),
      .init("duplicated", \.duplicated, "writes that create a record, applied more than once"),
      .init("lost", \.lost, "writes never applied, reads that never succeeded"),
      .init("uncertain", \.uncertain, "operations whose client gave up not knowing whether the write applied"),
      .init("applied", \.applied, "applications of writes on the server"),
      .init("attempts", \.attempts, "requests clients sent, status queries included"),
      .init("server_requests", \.serverRequests, "requests that reached the server"),
      .init("write_calls", \.writeCalls, "write requests that reached the server"),
      .init("overload_rejections", \.overloadRejections, "requests refused with 503 for lack of capacity"),
      .init("retries_refused", \.retriesRefused, "retries the shared retry budget refused"),
      .init("events", \.events, "engine events handled"),
      .init("makespan_total_ns", \.makespanTotal, "sum over runs of the time every client was done, in ns"),
      .init("outbox_resends", \.outboxResends, "writes an outbox resent after the app's relaunch"),
      // Intermediaries that retry:
      .init("gateway_retries", \.gatewayRetries, "upstream tries a gateway sent beyond the first of each request"),
      .init("gateway_timeouts", \.gatewayTimeouts, "504s a gateway answered a client with, its timeout spent"),
    ]

  package static let histograms: [MetricsHistogram<RequestMetrics>] =
    [.init("completion", \.completion, "each operation's time from its start until its client stopped")]

  package static let columns: [MetricsColumn<RequestMetrics>] =
    OutcomeColumns.columns(
      operations: \.operations, duplicated: \.duplicated, lost: \.lost, uncertain: \.uncertain,
      attemptsPerOperation: .attemptsPerOperation, serverRequests: \.serverRequests, completion: \.completion)
    + [
      .count(\.succeeded, "operations whose client got a success"),
      MetricsColumn(
        "amplification", "server requests per operation: the load", "\(fixed: .amplification, digits: 4)"),
      .count(
        \.writeCalls, "write requests that reached the server (conditional writes: writes until every client landed)"),
      .count(\.overloadRejections, "503s for lack of capacity"),
      .count(\.retriesRefused, "retries the shared retry budget refused"),
      MetricsColumn(
        "makespan_mean_ms", "mean over seeds of the time at which every client was done, in ms",
        "\(fixed: .ratio(\.makespanTotal, \.runs).divided(by: 1e6), digits: 3)"),
    ]

  /// What a gateway in front of the server did: added after the table was
  /// first published, so they come last.
  package static let appendedColumns: [MetricsColumn<RequestMetrics>] = [
    .count(\.gatewayRetries, "upstream tries a gateway sent beyond the first of each request"),
    .count(\.gatewayTimeouts, "504s a gateway answered a client with, its timeout spent"),
  ]

  package static let runReport: [MetricsReportLine<RequestMetrics>] =
    [
      .init("operations", "\(count: \.operations)"),
      .init("succeeded", "\(share: \.succeeded, of: \.operations, digits: 3)"),
      .init("duplicated", "\(share: \.duplicated, of: \.operations, digits: 3)"),
      .init("lost", "\(share: \.lost, of: \.operations, digits: 3)"),
      .init("uncertain", "\(share: \.uncertain, of: \.operations, digits: 3)"),
      .init("applied writes", "\(count: \.applied)"),
      .init("attempts", "\(count: \.attempts) (\(fixed: .attemptsPerOperation, digits: 4) per operation)"),
      .init("server requests", "\(count: \.serverRequests) (\(fixed: .amplification, digits: 4) per operation)"),
      .init("write calls", "\(count: \.writeCalls)"),
      .init("overload 503s", "\(count: \.overloadRejections)", whenNonzero: \.overloadRejections),
      .init("retries refused", "\(count: \.retriesRefused)", whenNonzero: \.retriesRefused),
      .init("completion p50", "\(percentile: 50, of: \.completion, in: .milliseconds, labelled: true)"),
      .init("completion p99", "\(percentile: 99, of: \.completion, in: .milliseconds, labelled: true)"),
      .init("all done at", "\(fixed: .counter(\.makespanTotal).divided(by: 1e6), digits: 3) ms"),
      .init("outbox resends", "\(count: \.outboxResends)", whenNonzero: \.outboxResends),
      // Intermediaries that retry:
      .init("gateway retries", "\(count: \.gatewayRetries)", whenNonzero: \.gatewayRetries),
      .init("gateway 504s", "\(count: \.gatewayTimeouts)", whenNonzero: \.gatewayTimeouts),
    ]
}

extension MetricsQuantity where Metrics == RequestMetrics {
  /// Attempts per operation.
  @usableFromInline package static var attemptsPerOperation: Self { .ratio(\.attempts, \.operations) }
  /// Server requests per operation: the load amplification.
  @usableFromInline package static var amplification: Self { .ratio(\.serverRequests, \.operations) }
}
