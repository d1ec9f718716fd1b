/// What every sum of request-world runs satisfies, from the definitions in
/// ``RequestMetrics`` and how `RequestWorld.metrics(events:)` counts them.
extension RequestMetrics {
  package static var invariants: [MetricsInvariant<RequestMetrics>] {
    [
      // Every run of a cell has `workload.operations` clients.
      .multiple(\.operations, of: \.runs),
      // Each operation ends in at most one outcome (or is still pending)…
      .atMost([\.succeeded, \.failed, \.uncertain], [\.operations]),
      // …and records its completion time exactly when it ended.
      .equal([\.completion.count], [\.succeeded, \.failed, \.uncertain]),
      // A duplicated write was applied at least twice, a lost one never.
      .atMost([\.duplicated, \.lost], [\.operations]),
      .atMost([\.duplicated, \.duplicated], [\.applied]),
      // Every application is a write call the server processed; calls it
      // refused for lack of capacity were not processed.
      .atMost([\.applied], [\.writeCalls]),
      .atMost([\.writeCalls], [\.serverRequests]),
      .atMost([\.applied, \.overloadRejections], [\.serverRequests]),
      // A request reaches the server only as an attempt a client sent, or
      // as the one copy of it the network delivers again, or as a
      // gateway's retry of one.
      .atMost([\.serverRequests], [\.attempts, \.attempts, \.gatewayRetries]),
      // An operation ends no later than its run's last client.
      .histogramBound(\.completion, atMost: \.makespanTotal),
    ]
  }
}
