/// The start times of a run's operations, in order: operation `i` is the
/// `i`-th to start. Starting operations in index order keeps the records an
/// event touches close together in memory, and lets the world keep only the
/// next start in the pending-event set.
///
/// A uniform schedule needs the sum of all its spacings before its first
/// time. ``prepare(_:count:random:)`` sums them and keeps the running sums
/// of the first ``cachedSums`` operations (2 MiB); ``next()`` reads those,
/// and draws the spacings of later operations again as they start (the same
/// draws, added in the same order: the same times). So a run of up to
/// 262,144 operations takes one logarithm per operation, and a run of a
/// hundred million takes two, in the same memory.
@usableFromInline
struct ArrivalSchedule {
  /// How the times are made.
  @usableFromInline
  enum Rule {
    /// Every operation at one instant.
    case simultaneous(VirtualTime)
    /// The order statistics of uniform times on `[0, window]`: the running
    /// sum of the spacings, times `scale`.
    case uniform(window: UInt64, scale: Double)
    /// A Poisson process: exponential gaps.
    case poisson(LatencyDistribution)
  }

  @usableFromInline
  var rule = Rule.simultaneous(.zero)
  /// The draw space of the run.
  @usableFromInline
  var random = KeyedRandom(seed: 0)
  /// Operations in the run.
  @usableFromInline
  var count = 0
  /// The next operation to start.
  @usableFromInline
  var operation = 0
  /// The uniform schedule's running sum of spacings, `E₀ + … + E_{i−1}`.
  @usableFromInline
  var cumulative = 0.0
  /// The uniform schedule's running sums of the first operations: entry `i`
  /// is `E₀ + … + E_i`.
  @usableFromInline
  var sums: [Double] = []
  /// The most running sums kept.
  @usableFromInline
  static var cachedSums: Int { 1 << 18 }

  /// The bytes the schedule holds: its cached running sums.
  var allocatedBytes: Int { sums.capacity &* MemoryLayout<Double>.stride }
  /// The Poisson schedule's latest start.
  @usableFromInline
  var latest = VirtualTime.zero

  @inlinable
  init() {}

  /// Prepares the start times of `count` operations.
  ///
  /// `uniform(over: W)` draws the order statistics of `count` independent
  /// uniform times on [0, W] exactly, by normalised exponential spacings
  /// (Devroye, *Non-Uniform Random Variate Generation*, V.2): with
  /// `E₀ … E_count` i.i.d. Exp(1) and `S` their sum, the `i`-th time is
  /// `W·(E₀ + … + E_i)/S`. `E_i` is the keyed draw (i, arrival). `S` needs
  /// every spacing before the first time, so this sums them once; ``next()``
  /// draws each again as its operation starts (the same draw, added in the
  /// same order: the same times as when they were stored).
  ///
  /// - Throws: `clockOverflow` when a Poisson schedule could pass the
  ///   largest time (checked here, before the run, when it can happen).
  /// - Complexity: O(`count`) for a uniform schedule, O(1) otherwise (a
  ///   Poisson schedule that might overflow: O(`count`)); memory O(min(`count`,
  ///   ``cachedSums``)).
  @inlinable
  mutating func prepare(
    _ arrival: WorkloadOptions.Arrival, count: Int, random: KeyedRandom
  ) throws(SimulationError) {
    self.random = random
    self.count = count
    operation = 0
    cumulative = 0
    latest = .zero
    switch arrival {
    case .simultaneous(let at):
      rule = .simultaneous(VirtualTime(sinceStart: at))
    case .uniform(let window):
      sums.removeAll(keepingCapacity: true)
      let cached = Swift.min(count, Self.cachedSums)
      sums.reserveCapacity(cached)
      var sum = 0.0
      for operation in 0..<cached {
        sum += Self.exponential(operation, random)
        sums.append(sum)
      }
      for operation in cached...count {
        sum += Self.exponential(operation, random)
      }
      rule = .uniform(window: window.nanoseconds, scale: Double(window.nanoseconds) / sum)
    case .poisson(let meanGap):
      let gaps = LatencyDistribution.exponential(mean: meanGap)
      rule = .poisson(gaps)
      // An Exp(1) draw from a 53-bit open unit is at most 53·ln 2 < 37
      // means; below that bound the sum of the gaps cannot overflow.
      let bound = Double(meanGap.nanoseconds) * 37 * Double(count)
      if bound >= Double(UInt64.max / 2) {
        var probe = self
        while try probe.next() != nil {}
      }
    }
  }

  /// The start of the next operation, in number order; `nil` after the
  /// last.
  ///
  /// - Complexity: O(1).
  @inlinable
  @inline(__always)
  mutating func next() throws(SimulationError) -> VirtualTime? {
    guard operation < count else { return nil }
    defer { operation &+= 1 }
    switch rule {
    case .simultaneous(let at):
      return at
    case .uniform(let window, let scale):
      if operation < sums.count {
        cumulative = sums[operation]
      } else {
        cumulative += Self.exponential(operation, random)
      }
      return VirtualTime(nanoseconds: min(window, LatencyDistribution.nanoseconds(cumulative * scale)))
    case .poisson(let gaps):
      let gap = gaps.delay(
        word: random.word(DrawKey(OperationIdentity(operation: operation), RequestDraw.arrival.purpose)))
      guard let next = try? latest + gap else {
        throw .clockOverflow(ClockOverflow(operation: "the Poisson start of operation \(operation)"))
      }
      latest = next
      return next
    }
  }

  /// An Exp(1) draw keyed by the operation (`count`: the closing gap).
  @usableFromInline
  @inline(__always)
  static func exponential(_ operation: Int, _ random: KeyedRandom) -> Double {
    -DeterministicMath.log(
      random.openUnit(DrawKey(OperationIdentity(operation: operation), RequestDraw.arrival.purpose)))
  }
}
