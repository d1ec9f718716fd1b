/// What every sum of background-fetch runs satisfies, from the definitions
/// in ``BackgroundFetchMetrics`` and how the world counts them.
extension BackgroundFetchMetrics {
  package static var invariants: [MetricsInvariant<BackgroundFetchMetrics>] {
    [
      // Every run of a cell has `population.users` users, each simulated
      // for `population.duration`.
      .multiple(\.users, of: \.runs),
      .multiple(\.userTimeMicroseconds, of: \.users),
      .atMost([\.usersNeverWoken], [\.users]),
      // Every wake-up ends in exactly one outcome; kills are failures.
      .equal([\.newData, \.noData, \.failed], [\.wakeUps]),
      .atMost([\.killed], [\.failed]),
      // A gap separates consecutive wake-ups of one app: an app woken k > 0
      // times has k − 1 of them.
      .equal([\.wakeGaps.count, \.users], [\.wakeUps, \.usersNeverWoken]),
      .histogramSum(\.wakeGaps, total: \.wakeGapTotalMicroseconds, unit: 1_000),
      // Each content item is delivered once (in the background or on open)
      // or not at all, and a delivered item records its staleness.
      .equal([\.deliveredInBackground, \.deliveredOnOpen, \.undelivered], [\.contentItems]),
      .equal([\.staleness.count], [\.deliveredInBackground, \.deliveredOnOpen]),
      .histogramSum(\.staleness, total: \.stalenessTotalMicroseconds, unit: 1_000),
      .atMost([\.staleOpens], [\.opens]),
    ]
  }
}
