import Testing

@testable import FaultSim

/// The building blocks of the request world: distributions, backoff,
/// bursts, histograms and intervals.
@Suite struct NetworkAndClientModelTests {
  static func samples(_ distribution: LatencyDistribution, count: Int = 50_000) -> [UInt64] {
    var generator = Xoshiro256StarStar(seed: 21)
    return (0..<count).map { _ in distribution.sample(generator.next()) }
  }

  static func mean(_ values: [UInt64]) -> Double {
    values.reduce(0.0) { $0 + Double($1) } / Double(values.count)
  }

  @Test func nanosecondRoundingIsHalfAwayFromZeroWithoutLibm() {
    // Halves, neighbours of halves, the largest doubles below 2⁵³ and above,
    // and a spread of keyed values.
    var values: [Double] = [0.5, 1.5, 2.5, 0.49999999999999994, 1.4999999999999998, 0x1p52 + 0.5, 0x1p53 - 1, 0x1p60]
    var stream = KeyedRandom(seed: 3).stream(OperationIdentity(operation: 0), RequestDraw.arrival.purpose)
    for _ in 0..<100_000 {
      var scale = 1.0
      for _ in 0..<stream.next() % 16 { scale *= 10 }
      values.append(stream.nextUnit() * scale)
    }
    for value in values {
      let expected =
        value < Double(LatencyDistribution.maximumNanoseconds)
        ? UInt64(value.rounded(.toNearestOrAwayFromZero)) : LatencyDistribution.maximumNanoseconds
      #expect(LatencyDistribution.nanoseconds(value) == expected, "\(value)")
    }
  }

  @Test func distributionsHaveTheirDocumentedMeans() {
    let ms = 1_000_000.0
    let uniform = Self.samples(.uniform(min: .nanoseconds(20_000_000), max: .nanoseconds(80_000_000)))
    #expect(uniform.allSatisfy { (20_000_000...80_000_000).contains($0) })
    #expect(abs(Self.mean(uniform) / ms - 50) < 0.5)
    #expect(abs(Self.mean(Self.samples(.exponential(mean: .nanoseconds(40_000_000)))) / ms - 40) < 1)
    let normal = Self.samples(.normal(mean: .nanoseconds(100_000_000), standardDeviation: .nanoseconds(10_000_000)))
    #expect(abs(Self.mean(normal) / ms - 100) < 0.5)
    let lognormal = LatencyDistribution.lognormal(median: .nanoseconds(60_000_000), sigma: 0.5)
    #expect(abs(Self.mean(Self.samples(lognormal)) - lognormal.mean) / lognormal.mean < 0.02)
    #expect(Self.samples(.fixed(.nanoseconds(7)), count: 10).allSatisfy { $0 == 7 })
  }

  @Test func aNormalTruncatedAtZeroIsRedrawnNotClamped() {
    let values = Self.samples(.normal(mean: .nanoseconds(1_000), standardDeviation: .nanoseconds(10_000)))
    let zeros = values.count { $0 == 0 }
    #expect(zeros < values.count / 1_000, "clamping would pile about 46% of draws on zero")
  }

  /// |X| for X ~ normal(1 ms, 2 ms) has mean σ√(2/π)·e^(−μ²/2σ²) + μ(1 − 2Φ(−μ/σ)) = 1.7912 ms;
  /// truncating instead (redrawing negatives) would give μ + σφ(½)/Φ(½) = 2.0183 ms.
  /// Far from zero the two are the same samples.
  @Test func aFoldedNormalMirrorsNegativeDraws() {
    let folded = Self.samples(.foldedNormal(mean: .nanoseconds(1_000_000), standardDeviation: .nanoseconds(2_000_000)))
    #expect(abs(Self.mean(folded) / 1_000_000 - 1.7912) < 0.02)
    let mean = VirtualDuration.nanoseconds(10_000_000)
    let deviation = VirtualDuration.nanoseconds(2_000_000)
    #expect(
      Self.samples(.foldedNormal(mean: mean, standardDeviation: deviation), count: 10_000)
        == Self.samples(.normal(mean: mean, standardDeviation: deviation), count: 10_000))
  }

  @Test func backoffFollowsTheStandardFormulas() {
    let base = VirtualDuration.nanoseconds(100)
    let cap = VirtualDuration.nanoseconds(1_000)
    var generator = Xoshiro256StarStar(seed: 5)
    let exponential = Backoff(growth: .exponential, jitter: .none, base: base, cap: cap)
    #expect(
      (0..<6).map { exponential.delay(retry: $0, previous: base, word: 0) }
        == [100, 200, 400, 800, 1_000, 1_000].map(VirtualDuration.nanoseconds))
    let full = Backoff(growth: .exponential, jitter: .full, base: base, cap: cap)
    let equal = Backoff(growth: .exponential, jitter: .equal, base: base, cap: cap)
    let decorrelated = Backoff(growth: .exponential, jitter: .decorrelated, base: base, cap: cap)
    var previous = base
    for retry in 0..<200 {
      let ceiling = exponential.ceiling(retry: retry % 8).nanoseconds
      #expect(full.delay(retry: retry % 8, previous: .zero, word: generator.next()).nanoseconds <= ceiling)
      let halfway = equal.delay(retry: retry % 8, previous: .zero, word: generator.next()).nanoseconds
      #expect(halfway >= ceiling - ceiling / 2 && halfway <= ceiling)
      let next = decorrelated.delay(retry: retry, previous: previous, word: generator.next())
      #expect(next >= base && next.nanoseconds <= min(1_000, 3 * previous.nanoseconds))
      previous = next
    }
    #expect(Backoff(growth: .constant, base: base).delay(retry: 9, previous: .zero, word: 0) == base)
    #expect(Backoff.immediate.delay(retry: 3, previous: .zero, word: 12_345) == .zero)
  }

  @Test func burstLossAveragesItsStationaryMix() {
    let model = BurstLoss(
      meanGood: .nanoseconds(900_000_000), meanBad: .nanoseconds(100_000_000), lossGood: 0.01, lossBad: 0.6)
    var timeline = BurstLossTimeline(model, random: KeyedRandom(seed: 8), channel: 0)
    var total = 0.0
    let steps = 200_000
    for step in 0..<steps {
      total += timeline.lossProbability(at: VirtualTime(nanoseconds: UInt64(step) * 10_000_000))
    }
    #expect(abs(total / Double(steps) - model.averageLoss) < 0.01)
    #expect(abs(model.averageLoss - 0.069) < 1e-12)
  }

  @Test func histogramPercentilesAreWithinHalfABucket() {
    var histogram = DurationHistogram()
    var values: [UInt64] = []
    var generator = Xoshiro256StarStar(seed: 2)
    for _ in 0..<20_000 {
      let value = generator.next(below: 10_000_000_000)
      values.append(value)
      histogram.record(value)
    }
    values.sort()
    for p in [1.0, 50, 90, 99, 100] {
      let exact = Double(values[max(0, Int((p / 100 * Double(values.count)).rounded(.up)) - 1)])
      let reported = histogram.percentile(p) ?? -1
      #expect(abs(reported - exact) / exact < 0.004, "p\(p): \(reported) vs \(exact)")
    }
    var merged = DurationHistogram()
    let mergedTwice = merged.merge(histogram) && merged.merge(histogram)
    #expect(mergedTwice)
    #expect(merged.count == 40_000 && merged.percentile(50) == histogram.percentile(50))
    #expect(DurationHistogram().percentile(50) == nil)
  }

  @Test func histogramsHoldOnlyTheirBlocksAndCompareByContent() {
    // Values spread over many powers of two, recorded out of order, in two
    // halves merged the other way round: the same counts however stored.
    var generator = Xoshiro256StarStar(seed: 5)
    let values = (0..<5_000).map { _ in generator.next(below: 1 << 40) >> generator.next(below: 40) }
    var whole = DurationHistogram()
    for value in values { whole.record(value) }
    var low = DurationHistogram()
    var high = DurationHistogram()
    for value in values { value < 1 << 20 ? low.record(value) : high.record(value) }
    var merged = high
    let mergedLow = merged.merge(low)
    #expect(mergedLow)
    #expect(merged == whole)
    #expect(merged.hashValue == whole.hashValue)
    #expect(merged.nonEmptyBuckets.map(\.index) == whole.nonEmptyBuckets.map(\.index))
    for p in [0.1, 25, 50, 75, 99, 100] { #expect(merged.percentile(p) == whole.percentile(p)) }
    #expect(merged.maximum == whole.maximum)
    var rebuilt = DurationHistogram()
    var accepted = true
    for (index, count) in whole.nonEmptyBuckets {
      accepted = rebuilt.add(count: count, toBucket: index) == .added && accepted
    }
    #expect(accepted)
    // Buckets alone bound the extremes; the exact ones are stored beside them.
    #expect(rebuilt.smallest <= whole.smallest && rebuilt.largest >= whole.largest)
    let restored = rebuilt.restoreExtremes(smallest: whole.smallest, largest: whole.largest)
    #expect(restored)
    #expect(rebuilt == whole)
    let outside = rebuilt.add(count: 1, toBucket: DurationHistogram.bucketCount)
    #expect(outside == .outOfRange)
    let tooMany = rebuilt.add(count: .max, toBucket: 0)
    #expect(tooMany == .overflow)
    #expect(rebuilt == whole, "a refused addition changes nothing")
    var full = DurationHistogram()
    let nearlyFull = full.add(count: .max - 1, toBucket: 3)
    #expect(nearlyFull == .added)
    let overflowing = full.merge(whole)
    #expect(!overflowing, "a merge whose total count overflows is refused")
    #expect(full.count == UInt64.max - 1)
    // Completion times of 20 ms to 2 s span 7 powers of two: 7 blocks.
    var narrow = DurationHistogram()
    narrow.record(20_000_000)
    narrow.record(2_000_000_000)
    #expect(narrow.counts.count == 7 * DurationHistogram.subBuckets)
    var emptied = narrow
    emptied.removeAll()
    #expect(emptied == DurationHistogram())
    #expect(emptied.percentile(50) == nil)
  }

  @Test func wilsonIntervalsMatchKnownValues() {
    let interval = WilsonInterval(successes: 10, trials: 100)
    #expect(abs(interval.lower - 0.05522854) < 1e-6)
    #expect(abs(interval.upper - 0.17436566) < 1e-6)
    let none = WilsonInterval(successes: 0, trials: 1_000)
    #expect(none.lower == 0 && abs(none.upper - 0.003825) < 1e-5)
    #expect(WilsonInterval(successes: 0, trials: 0).upper == 1)
  }

  @Test func decimalTextIsLocaleFreeAndRoundsHalfAway() {
    #expect(DecimalText.fixed(0.04875, 4) == "0.0488")
    #expect(DecimalText.fixed(-1.5, 0) == "-2")
    #expect(DecimalText.fixed(2, 3) == "2.000")
    #expect(DecimalText.fixed(.nan, 2) == "nan")
    #expect(DecimalText.percent(0.099275, 2) == "9.93%")
  }
}
