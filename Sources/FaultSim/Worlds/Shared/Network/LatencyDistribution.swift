/// A distribution of delays (network latency, server processing time),
/// sampled from one keyed 64-bit word so that a sample is a pure function of
/// its draw key.
///
/// Samples are whole nanoseconds, at most `maximumNanoseconds`. The
/// normal and lognormal use the Marsaglia polar method, which needs no
/// trigonometry; its extra words come from a stream derived from the draw's
/// word, so one key still names one sample. Logarithms and exponentials use
/// `DeterministicMath` so samples are identical on every machine.
@usableFromInline package enum LatencyDistribution: Hashable, Sendable, CustomStringConvertible {
  /// Always the same delay.
  case fixed(VirtualDuration)
  /// Uniform over `min...max`, inclusive, in whole nanoseconds.
  case uniform(min: VirtualDuration, max: VirtualDuration)
  /// Normal with the given mean and standard deviation, truncated at zero
  /// (negative samples are redrawn, not clamped).
  case normal(mean: VirtualDuration, standardDeviation: VirtualDuration)
  /// Folded normal: `|X|` for X normal with the given mean and standard
  /// deviation (a negative sample is mirrored, not redrawn). The AWS
  /// backoff simulator's network delay, `abs(normalvariate(10, 2))`. Far
  /// from zero it equals ``normal(mean:standardDeviation:)``: for 10 ms and
  /// 2 ms the two differ on one draw in 3.5 million (P(X < 0) = Φ(−5)).
  case foldedNormal(mean: VirtualDuration, standardDeviation: VirtualDuration)
  /// Exponential with the given mean.
  case exponential(mean: VirtualDuration)
  /// Lognormal: `median · e^(σ·Z)` with Z standard normal.
  case lognormal(median: VirtualDuration, sigma: Double)

  /// The largest sample: 2⁶² ns, about 146 years, so that sums of a few
  /// samples never leave the clock's range.
  @usableFromInline package static let maximumNanoseconds: UInt64 = 1 << 62

  /// A sample, in nanoseconds, from one uniformly random word.
  ///
  /// - Complexity: O(1) expected.
  @inlinable
  package func sample(_ word: UInt64) -> UInt64 {
    switch self {
    case .fixed(let delay):
      return delay.nanoseconds
    case .uniform(let low, let high):
      let span = high.nanoseconds &- low.nanoseconds
      if span == .max { return word }
      return low.nanoseconds &+ RandomConversion.index(word, below: span &+ 1)
    case .exponential(let mean):
      return Self.nanoseconds(-DeterministicMath.log(RandomConversion.openUnit(word)) * Double(mean.nanoseconds))
    case .normal(let mean, let deviation):
      var stream = KeyedStream(base: word)
      for _ in 0..<64 {
        let value = Double(mean.nanoseconds) + Double(deviation.nanoseconds) * Self.standardNormal(&stream)
        if value >= 0 { return Self.nanoseconds(value) }
      }
      return 0
    case .foldedNormal(let mean, let deviation):
      var stream = KeyedStream(base: word)
      let value = Double(mean.nanoseconds) + Double(deviation.nanoseconds) * Self.standardNormal(&stream)
      return Self.nanoseconds(abs(value))
    case .lognormal(let median, let sigma):
      var stream = KeyedStream(base: word)
      let z = Self.standardNormal(&stream)
      return Self.nanoseconds(Double(median.nanoseconds) * DeterministicMath.exp(sigma * z))
    }
  }

  /// A sample as a duration, from one uniformly random word: the same
  /// value as `sample(_:)`.
  ///
  /// - Complexity: O(1) expected.
  @inlinable
  package func delay(word: UInt64) -> VirtualDuration {
    VirtualDuration(nanoseconds: sample(word))
  }

  /// The mean of the distribution in nanoseconds (before truncation or
  /// folding for the normals), for documentation and closed-form checks.
  @usableFromInline package var mean: Double {
    switch self {
    case .fixed(let delay): return Double(delay.nanoseconds)
    case .uniform(let low, let high): return (Double(low.nanoseconds) + Double(high.nanoseconds)) / 2
    case .exponential(let mean): return Double(mean.nanoseconds)
    case .normal(let mean, _), .foldedNormal(let mean, _): return Double(mean.nanoseconds)
    case .lognormal(let median, let sigma): return Double(median.nanoseconds) * DeterministicMath.exp(sigma * sigma / 2)
    }
  }

  /// The largest possible sample, or `nil` when unbounded.
  @usableFromInline package var upperBound: UInt64? {
    switch self {
    case .fixed(let delay): return delay.nanoseconds
    case .uniform(_, let high): return high.nanoseconds
    case .normal, .foldedNormal, .exponential, .lognormal: return nil
    }
  }

  /// A standard normal deviate by the Marsaglia polar method.
  @inlinable
  static func standardNormal(_ stream: inout KeyedStream) -> Double {
    while true {
      let u = 2 * stream.nextUnit() - 1
      let v = 2 * stream.nextUnit() - 1
      let s = u * u + v * v
      if s > 0 && s < 1 {
        return u * (-2 * DeterministicMath.log(s) / s).squareRoot()
      }
    }
  }

  /// Rounds a non-negative real number of nanoseconds, capped at the maximum.
  @inlinable
  static func nanoseconds(_ value: Double) -> UInt64 {
    guard value > 0 else { return 0 }
    guard value < Double(maximumNanoseconds) else { return maximumNanoseconds }
    // Half away from zero, as `value.rounded(.toNearestOrAwayFromZero)`,
    // without libm's `round` (a call per latency, backoff and start time):
    // the conversion truncates, and `value − whole` is exact (below 2⁵³ by
    // Sterbenz's lemma; above, `value` is already whole).
    let whole = UInt64(value)
    return value - Double(whole) >= 0.5 ? whole &+ 1 : whole
  }

  /// The distribution and its parameters: `fixed 5ms`, `uniform 1ms–9ms`,
  /// `lognormal median 2s σ 1`.
  @usableFromInline package var description: String {
    switch self {
    case .fixed(let delay): return "fixed \(delay)"
    case .uniform(let low, let high): return "uniform \(low)–\(high)"
    case .normal(let mean, let deviation): return "normal mean \(mean) sd \(deviation)"
    case .foldedNormal(let mean, let deviation): return "folded normal mean \(mean) sd \(deviation)"
    case .exponential(let mean): return "exponential mean \(mean)"
    case .lognormal(let median, let sigma): return "lognormal median \(median) σ \(sigma)"
    }
  }
}
