/// What runs of a background fetch world measured, summed over
/// runs: exact counts plus mergeable histograms.
///
/// - **wake-ups**: times the system woke an app for a fetch;
///   `newData + noData + failed == wakeUps`, and `killed ≤ failed`.
/// - **background runtime**: time apps ran in the background (each fetch
///   from wake-up to completion or kill).
/// - **wake gaps**: time between consecutive wake-ups of one app.
/// - **content**: items that appeared on the server; each is delivered by a
///   background fetch or by a foreground refresh when the user opens the
///   app, or is still undelivered when the run ends.
/// - **staleness**: for each delivered item, the time from its appearance
///   on the server until the app had it.
/// - **stale opens**: opens of the app at which the server had content the
///   app did not.
public struct BackgroundFetchMetrics: Hashable, Sendable {
  /// Runs summed.
  public var runs: UInt64 = 0
  /// Users summed over runs.
  public var users: UInt64 = 0
  /// Sum over users of the simulated time, in microseconds (rounded to
  /// nearest), for per-day rates. Nanosecond sums of time overflow 64 bits
  /// after a few hundred runs of a few hundred users over three days;
  /// microseconds last a thousand times longer.
  @usableFromInline package var userTimeMicroseconds: UInt64 = 0
  /// Engine events handled.
  @usableFromInline package var events: UInt64 = 0
  /// Times the system woke an app for a fetch.
  public var wakeUps: UInt64 = 0
  /// Fetches that reported new data.
  @usableFromInline package var newData: UInt64 = 0
  /// Fetches that found nothing new.
  @usableFromInline package var noData: UInt64 = 0
  /// Failed fetches, kills included.
  public var failed: UInt64 = 0
  /// Fetches killed at the time limit.
  @usableFromInline package var killed: UInt64 = 0
  /// Users whose app was never woken.
  @usableFromInline package var usersNeverWoken: UInt64 = 0
  /// Background time used (ns).
  @usableFromInline package var backgroundRuntime: UInt64 = 0
  /// Time between consecutive wake-ups of one app.
  @usableFromInline package var wakeGaps = DurationHistogram()
  /// Sum of the wake gaps, each in microseconds rounded to nearest, for
  /// the mean.
  @usableFromInline package var wakeGapTotalMicroseconds: UInt64 = 0
  /// Content items that appeared on servers.
  @usableFromInline package var contentItems: UInt64 = 0
  /// Items a background fetch delivered.
  @usableFromInline package var deliveredInBackground: UInt64 = 0
  /// Items a foreground refresh delivered when the user opened the app.
  @usableFromInline package var deliveredOnOpen: UInt64 = 0
  /// Items still undelivered when the run ended.
  @usableFromInline package var undelivered: UInt64 = 0
  /// Time from an item's appearance until the app had it.
  @usableFromInline package var staleness = DurationHistogram()
  /// Sum of the staleness of delivered items, each in microseconds rounded
  /// to nearest, for the mean.
  @usableFromInline package var stalenessTotalMicroseconds: UInt64 = 0
  /// Times users opened the app.
  @usableFromInline package var opens: UInt64 = 0
  /// Opens at which the app lacked content the server had.
  @usableFromInline package var staleOpens: UInt64 = 0

  public init() {}

  /// Fetches that reported new data, per wake-up, with the 95% Wilson interval.
  @usableFromInline package var newDataRate: (rate: Double, interval: WilsonInterval) {
    WilsonInterval.rate(newData, of: wakeUps)
  }
  /// Failed fetches (kills included) per wake-up.
  @usableFromInline package var failureRate: (rate: Double, interval: WilsonInterval) {
    WilsonInterval.rate(failed, of: wakeUps)
  }
  /// Stale opens per open.
  @usableFromInline package var staleOpenRate: (rate: Double, interval: WilsonInterval) {
    WilsonInterval.rate(staleOpens, of: opens)
  }

  /// Wake-ups per user per day.
  @usableFromInline package var wakeUpsPerUserDay: Double { MetricsQuantity.wakeUpsPerUserDay.value(in: self) }

  /// Mean time between consecutive wake-ups of one app (ns); 0 when none.
  @usableFromInline package var meanWakeGap: Double {
    wakeGaps.count == 0 ? 0 : Double(wakeGapTotalMicroseconds) * 1_000 / Double(wakeGaps.count)
  }

  /// Mean staleness of delivered items (ns); 0 when none.
  @usableFromInline package var meanStaleness: Double { MetricsQuantity.meanStaleness.value(in: self) }

  /// Mean background runtime per wake-up (ns); 0 when none.
  @usableFromInline package var meanRuntime: Double { MetricsQuantity.meanRuntime.value(in: self) }

  /// Nanoseconds in microseconds, rounded half up: the unit of the time
  /// sums above.
  static func microseconds(_ nanoseconds: UInt64) -> UInt64 {
    nanoseconds / 1_000 + (nanoseconds % 1_000 >= 500 ? 1 : 0)
  }

  /// `a + b` for a time sum of one run, refusing to wrap around.
  static func sum(_ a: UInt64, _ b: UInt64, named name: String) throws(SimulationError) -> UInt64 {
    let (total, overflow) = a.addingReportingOverflow(b)
    guard !overflow else { throw .sumOverflow(MetricsOverflow(counter: name)) }
    return total
  }
}
