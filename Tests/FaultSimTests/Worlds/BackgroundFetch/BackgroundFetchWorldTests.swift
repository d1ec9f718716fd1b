import Testing

@testable import FaultSim

/// Property-style tests of the background fetch world over many seeds.
@Suite struct BackgroundFetchWorldTests {
  static let hour: UInt64 = 3_600_000_000_000

  /// A small population over two days.
  static func small(users: Int = 20, itemsPerHour: Double = 0.5) -> BackgroundFetchWorldOptions {
    var options = BackgroundFetchWorldOptions()
    options.population.users = users
    options.population.duration = .nanoseconds(48 * hour)
    options.content.itemsPerHour = itemsPerHour
    return options
  }

  static func measure(_ options: BackgroundFetchWorldOptions, seeds: Range<UInt64>) throws -> BackgroundFetchMetrics {
    try BackgroundFetchWorld.measure(options, seeds: SeedRange(seeds.lowerBound, seeds.upperBound))
  }

  @Test func countsAddUp() throws {
    var options = Self.small()
    options.fetch.failure = 0.1
    options.fetch.duration = .lognormal(median: .nanoseconds(5_000_000_000), sigma: 1)
    for seed in 0..<10 as Range<UInt64> {
      let metrics = try Self.measure(options, seeds: seed..<(seed + 1))
      #expect(metrics.newData + metrics.noData + metrics.failed == metrics.wakeUps, "seed \(seed)")
      #expect(metrics.killed <= metrics.failed)
      #expect(
        metrics.deliveredInBackground + metrics.deliveredOnOpen + metrics.undelivered == metrics.contentItems,
        "seed \(seed)")
      #expect(metrics.staleness.count == metrics.deliveredInBackground + metrics.deliveredOnOpen)
      #expect(metrics.wakeGaps.count + (metrics.users - metrics.usersNeverWoken) == metrics.wakeUps)
      #expect(metrics.staleOpens <= metrics.opens)
      // No fetch runs longer than the 30 s limit.
      #expect(metrics.backgroundRuntime <= metrics.wakeUps * 30_000_000_000)
    }
    let total = try Self.measure(options, seeds: 0..<10)
    #expect(total.wakeUps > 1_000 && total.newData > 0 && total.noData > 0 && total.failed > 0 && total.killed > 0)
  }

  @Test func newDataShortensTheIntervalAndNoDataLengthensIt() {
    let rule = FetchIntervalRule()
    let current = VirtualDuration(nanoseconds: Self.hour)
    #expect(rule.next(after: .newData, current: current).nanoseconds == Self.hour / 2)
    #expect(rule.next(after: .noData, current: current).nanoseconds == Self.hour * 3 / 2)
    #expect(rule.next(after: .failed, current: current).nanoseconds == Self.hour * 2)
    #expect(rule.next(after: .killed, current: current).nanoseconds == Self.hour * 4)
    #expect(rule.next(after: .newData, current: rule.minimum) == rule.minimum)
    #expect(rule.next(after: .killed, current: rule.maximum) == rule.maximum)
  }

  @Test func appsWithNewDataAreWokenMoreOftenThanAppsWithout() throws {
    let none = try Self.measure(Self.small(itemsPerHour: 0), seeds: 0..<5)
    let some = try Self.measure(Self.small(itemsPerHour: 0.5), seeds: 0..<5)
    let lots = try Self.measure(Self.small(itemsPerHour: 20), seeds: 0..<5)
    #expect(none.newData == 0 && none.contentItems == 0)
    #expect(lots.newDataRate.rate > 0.8)
    // Shorter gaps between wake-ups and more wake-ups as new data grows.
    #expect(lots.meanWakeGap < some.meanWakeGap && some.meanWakeGap < none.meanWakeGap)
    #expect(lots.wakeUps > some.wakeUps && some.wakeUps > none.wakeUps)
    #expect(lots.wakeGaps.percentile(50)! < none.wakeGaps.percentile(50)!)
    // Seed by seed too.
    for seed in 0..<10 as Range<UInt64> {
      let a = try Self.measure(Self.small(itemsPerHour: 0), seeds: seed..<(seed + 1))
      let b = try Self.measure(Self.small(itemsPerHour: 20), seeds: seed..<(seed + 1))
      #expect(b.wakeUps > a.wakeUps, "seed \(seed)")
    }
  }

  @Test func theSameSeedGivesTheSameMetricsAndTrace() throws {
    var options = Self.small(users: 10)
    options.races.window = .nanoseconds(600_000_000_000)
    for seed in [0, 7, 123_456_789] as [UInt64] {
      let a = try BackgroundFetchWorld.runOnce(options, seed: seed, tracing: true)
      let b = try BackgroundFetchWorld.runOnce(options, seed: seed, tracing: true)
      #expect(a.metrics == b.metrics)
      #expect(a.trace == b.trace)
      #expect(a.summary == b.summary)
      // Tracing changes nothing measured.
      #expect(try BackgroundFetchWorld.runOnce(options, seed: seed).metrics == a.metrics)
    }
    // A reused simulation gives what fresh ones give.
    let summed = try Self.measure(options, seeds: 0..<3)
    var fresh = BackgroundFetchMetrics()
    for seed in 0..<3 as Range<UInt64> {
      try fresh.merge(try BackgroundFetchWorld.runOnce(options, seed: seed).metrics)
    }
    #expect(summed == fresh)
    #expect(try Self.measure(options, seeds: 0..<3) != Self.measure(options, seeds: 3..<6))
  }

  /// The drawn faults of a run, by (app, fetch): duration and failure (the
  /// network state at the wake-up is a condition at that time, not a draw).
  static func faults(_ trace: [TraceEntry]) -> [String: String] {
    var faults: [String: String] = [:]
    for entry in trace where entry.actor == "system" {
      let details = entry.details
      faults[entry.event] = String(details[..<(details.range(of: " network=")?.lowerBound ?? details.endIndex)])
    }
    return faults
  }

  @Test func orderStrategiesChangeTheOrderOfRacesButNeverTheFaults() throws {
    var options = Self.small(users: 10, itemsPerHour: 4)
    options.races.window = .nanoseconds(1_800_000_000_000)
    var choices = 0
    var differed = 0
    for seed in 0..<8 as Range<UInt64> {
      let fifo = try BackgroundFetchWorld.runOnce(options, seed: seed, tracing: true)
      let random = try BackgroundFetchWorld.runOnce(
        options, seed: seed, strategy: .random(orderSeed: seed), tracing: true)
      choices += fifo.summary.choices.count
      let a = Self.faults(fifo.trace)
      let b = Self.faults(random.trace)
      var shared = 0
      for (fetch, details) in a {
        guard let other = b[fetch] else { continue }
        #expect(details == other && details.hasPrefix("duration="), "seed \(seed) \(fetch)")
        shared += 1
      }
      #expect(shared > 0)
      if fifo.metrics != random.metrics { differed += 1 }
      // Replaying FIFO's choices reproduces FIFO.
      let replay = try BackgroundFetchWorld.runOnce(
        options, seed: seed, strategy: .replay(fifo.summary.choiceSequence))
      #expect(replay.metrics == fifo.metrics)
      // The conditions and the content are the same under every strategy.
      #expect(fifo.metrics.contentItems == random.metrics.contentItems && fifo.metrics.opens == random.metrics.opens)
    }
    #expect(choices > 0)
    #expect(differed > 0)
  }

  @Test func backgroundAppRefreshOffOrLowPowerModeMeansNoWakeUps() throws {
    var off = Self.small()
    off.conditions.backgroundAppRefresh.offUsers = 1
    let metrics = try Self.measure(off, seeds: 0..<3)
    #expect(metrics.wakeUps == 0 && metrics.usersNeverWoken == metrics.users)
    // Content then arrives only when users open the app.
    #expect(metrics.deliveredInBackground == 0 && metrics.deliveredOnOpen > 0)
    var lowPower = Self.small()
    lowPower.conditions.lowPowerMode.rule = .always
    #expect(try Self.measure(lowPower, seeds: 0..<3).wakeUps == 0)
    // With fetches on, opens find stale content less often.
    #expect(try Self.measure(Self.small(), seeds: 0..<3).staleOpenRate.rate < metrics.staleOpenRate.rate)
  }

  @Test func aFetchBeyondTheTimeLimitIsKilledAndCountsAsFailed() throws {
    var options = Self.small(users: 5)
    options.fetch.duration = .fixed(.nanoseconds(45_000_000_000))
    options.fetch.failure = 0
    options.conditions.network.offline.weight = 0
    let metrics = try Self.measure(options, seeds: 0..<3)
    #expect(metrics.wakeUps > 0)
    #expect(metrics.killed == metrics.wakeUps && metrics.failed == metrics.wakeUps)
    #expect(metrics.backgroundRuntime == metrics.wakeUps * 30_000_000_000)
    #expect(metrics.deliveredInBackground == 0)
    // Killed apps back off fastest: fewer wake-ups than plain no-data apps.
    var quick = options
    quick.fetch.duration = .fixed(.nanoseconds(1_000_000_000))
    quick.content.itemsPerHour = 0
    #expect(try Self.measure(quick, seeds: 0..<3).wakeUps > metrics.wakeUps)
  }
}
