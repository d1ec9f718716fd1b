/// What every sum of transfer-world runs satisfies, from the definitions in
/// ``TransferMetrics`` and how `TransferWorld.metrics(events:)` counts them.
extension TransferMetrics {
  package static var invariants: [MetricsInvariant<TransferMetrics>] {
    [
      // A wanted file is stored (and records its completion time) or lost.
      .equal([\.completion.count, \.lost], [\.files]),
      // Transferred once excludes duplicated; both, and corrupt, need a
      // stored file for "once" and "corrupt".
      .atMost([\.transferredOnce, \.duplicated], [\.files]),
      .atMost([\.transferredOnce], [\.completion.count]),
      .atMost([\.corrupt], [\.completion.count]),
      // Misreported (row done) and uncertain (row queued or active) are
      // files never stored, in different registry states.
      .atMost([\.misreported, \.uncertain], [\.lost]),
      .atMost([\.rejected], [\.files]),
      .atMost([\.progressUnknown], [\.files]),
      // A wanted file counts as orphaned when at least one of its transfers
      // completed in an abandoned session.
      .atMost([\.orphaned], [\.files]),
      .atMost([\.orphaned], [\.orphanedTransfers]),
      // A task ends once: completed, cancelled by the app, or otherwise.
      .atMost([\.transfersCompleted, \.cancelledByApp], [\.tasksCreated]),
      .atMost([\.bytesWasted], [\.bytesTransferred]),
      .atMost([\.reconcileJobsExpired], [\.reconcileJobs]),
    ]
  }
}
