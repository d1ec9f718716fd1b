/// The background fetch world's metrics as tables: each counter, column and
/// `faultsim run` line declared once (docs/scheduling-world.md shows them,
/// and a test keeps it equal).
extension BackgroundFetchMetrics: WorldMetrics {
  /// Every table below, as ``WorldMetrics`` requires them.
  public static let table = MetricsTable(
    counters: counters, histograms: histograms, columns: columns, runReport: runReport,
    invariants: invariants)

  /// What the rates count per: the users (``users``).
  public var operations: UInt64 { users }

  package static let counters: [MetricsCounter<BackgroundFetchMetrics>] =
    [
      .init("runs", \.runs, "runs summed, one per seed"),
      .init("users", \.users, "users, one device and one app each"),
      .init("user_time_us", \.userTimeMicroseconds, "simulated time summed over users, in µs"),
      .init("events", \.events, "engine events handled"),
      .init("wake_ups", \.wakeUps, "times the system woke an app for a fetch"),
      .init("new_data", \.newData, "fetches that reported new data"),
      .init("no_data", \.noData, "fetches that found nothing new"),
      .init("failed", \.failed, "fetches that failed, kills included"),
      .init("killed", \.killed, "fetches killed at the time limit"),
      .init("users_never_woken", \.usersNeverWoken, "users whose app was never woken"),
      .init("background_runtime_ns", \.backgroundRuntime, "time apps ran in the background, in ns"),
      .init("wake_gap_total_us", \.wakeGapTotalMicroseconds, "wake gaps summed, each in µs rounded to nearest"),
      .init("content_items", \.contentItems, "items that appeared on the servers"),
      .init("delivered_in_background", \.deliveredInBackground, "items a background fetch delivered"),
      .init(
        "delivered_on_open", \.deliveredOnOpen, "items a foreground refresh delivered when the user opened the app"),
      .init("undelivered", \.undelivered, "items still undelivered when the run ended"),
      .init("staleness_total_us", \.stalenessTotalMicroseconds, "staleness summed, each in µs rounded to nearest"),
      .init("opens", \.opens, "times users opened the app"),
      .init("stale_opens", \.staleOpens, "opens at which the server had content the app lacked"),
    ]

  package static let histograms: [MetricsHistogram<BackgroundFetchMetrics>] =
    [
      .init("wake_gaps", \.wakeGaps, "time between consecutive wake-ups of one app"),
      .init("staleness", \.staleness, "each delivered item's time from its appearance until the app had it"),
    ]

  package static let columns: [MetricsColumn<BackgroundFetchMetrics>] =
    [
      .seeds("seeds run in the cell, one FIFO run each"),
      .count(\.users, "users over every seed"),
      .count(\.wakeUps, "times the system woke an app for a fetch"),
      MetricsColumn(
        "wake_ups_per_user_day", "wake-ups per user per simulated day", "\(fixed: .wakeUpsPerUserDay, digits: 4)"),
      .count(\.newData, "fetches that reported new data"),
      .count(\.noData, "fetches that found nothing new"),
      .count(\.failed, "fetches that failed, kills included"),
      .count(\.killed, "fetches killed at the time limit"),
      MetricsColumn("new_data_rate", "fetches with new data per wake-up", "\(rate: .ratio(\.newData, \.wakeUps))"),
      MetricsColumn(
        "new_data_rate_lo", "lower bound of the 95% Wilson interval of new_data_rate",
        "\(lowerBound: \.newData, of: \.wakeUps)"),
      MetricsColumn(
        "new_data_rate_hi", "upper bound of the 95% Wilson interval of new_data_rate",
        "\(upperBound: \.newData, of: \.wakeUps)"),
      MetricsColumn("failure_rate", "failed fetches per wake-up", "\(rate: .ratio(\.failed, \.wakeUps))"),
      MetricsColumn(
        "failure_rate_lo", "lower bound of the 95% Wilson interval of failure_rate",
        "\(lowerBound: \.failed, of: \.wakeUps)"),
      MetricsColumn(
        "failure_rate_hi", "upper bound of the 95% Wilson interval of failure_rate",
        "\(upperBound: \.failed, of: \.wakeUps)"),
      MetricsColumn(
        "wake_gap_p50_s", "median time between consecutive wake-ups of one app",
        "\(percentile: 50, of: \.wakeGaps, in: .seconds)"),
      MetricsColumn(
        "wake_gap_p99_s", "99th percentile wake gap", "\(percentile: 99, of: \.wakeGaps, in: .seconds)"),
      MetricsColumn(
        "staleness_p50_s", "median time from an item's appearance until the app had it",
        "\(percentile: 50, of: \.staleness, in: .seconds)"),
      MetricsColumn(
        "staleness_p99_s", "99th percentile staleness", "\(percentile: 99, of: \.staleness, in: .seconds)"),
      MetricsColumn(
        "staleness_mean_s", "mean staleness of delivered items",
        "\(fixed: .meanStaleness.divided(by: 1e9), digits: 3)"),
      MetricsColumn("stale_open_rate", "stale opens per open", "\(rate: .ratio(\.staleOpens, \.opens))"),
      MetricsColumn(
        "stale_open_rate_lo", "lower bound of the 95% Wilson interval of stale_open_rate",
        "\(lowerBound: \.staleOpens, of: \.opens)"),
      MetricsColumn(
        "stale_open_rate_hi", "upper bound of the 95% Wilson interval of stale_open_rate",
        "\(upperBound: \.staleOpens, of: \.opens)"),
      MetricsColumn(
        "runtime_per_wake_s", "mean background runtime per wake-up",
        "\(fixed: .meanRuntime.divided(by: 1e9), digits: 3)"),
      .count(\.usersNeverWoken, "users whose app was never woken"),
      .count(\.contentItems, "items that appeared on the servers"),
      .count(\.undelivered, "items still undelivered when the run ended"),
    ]

  package static let runReport: [MetricsReportLine<BackgroundFetchMetrics>] =
    [
      .init("users", "\(count: \.users)"),
      .init("wake-ups", "\(count: \.wakeUps) (\(fixed: .wakeUpsPerUserDay, digits: 3) per user-day)"),
      .init("new data", "\(count: \.newData) (\(percent: .ratio(\.newData, \.wakeUps), digits: 2))"),
      .init("no data", "\(count: \.noData)"),
      .init("failed", "\(count: \.failed) (\(count: \.killed) killed at the time limit)"),
      .init("wake gap p50", "\(percentile: 50, of: \.wakeGaps, in: .seconds, labelled: true)"),
      .init("wake gap p99", "\(percentile: 99, of: \.wakeGaps, in: .seconds, labelled: true)"),
      .init("staleness p50", "\(percentile: 50, of: \.staleness, in: .seconds, labelled: true)"),
      .init("staleness p99", "\(percentile: 99, of: \.staleness, in: .seconds, labelled: true)"),
      .init(
        "stale opens",
        "\(count: \.staleOpens) of \(count: \.opens) (\(percent: .ratio(\.staleOpens, \.opens), digits: 2))"),
      .init("background runtime", "\(fixed: .counter(\.backgroundRuntime).divided(by: 1e9), digits: 3) s"),
      .init("users never woken", "\(count: \.usersNeverWoken)"),
    ]
}

extension MetricsQuantity where Metrics == BackgroundFetchMetrics {
  /// Wake-ups per user per day of simulated time.
  @usableFromInline package static var wakeUpsPerUserDay: Self {
    .ratio(.counter(\.wakeUps), .counter(\.userTimeMicroseconds).divided(by: 86_400_000_000))
  }
  /// Mean staleness of delivered items, in ns.
  @usableFromInline package static var meanStaleness: Self {
    .ratio(.counter(\.stalenessTotalMicroseconds).times(1_000), .counter(\.staleness.count))
  }
  /// Mean background runtime per wake-up, in ns.
  @usableFromInline package static var meanRuntime: Self { .ratio(\.backgroundRuntime, \.wakeUps) }
}
