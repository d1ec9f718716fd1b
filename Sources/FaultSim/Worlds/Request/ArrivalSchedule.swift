/// The start times of a run's operations, in order: operation `i` is the
/// `i`-th to start. Starting operations in index order keeps the records an
/// event touches close together in memory, and lets the world keep only the
/// next start in the pending-event set.
@usableFromInline
struct ArrivalSchedule {

  /// Start time of each operation, non-decreasing.
  @usableFromInline
  private(set) var times: [VirtualTime] = []

  /// Computes the start times of `count` operations.
  ///
  /// `uniform(over: W)` draws the order statistics of `count` independent
  /// uniform times on [0, W] exactly, by normalised exponential spacings
  /// (Devroye, *Non-Uniform Random Variate Generation*, V.2): with
  /// `E₀ … E_count` i.i.d. Exp(1) and `S` their sum, the `i`-th time is
  /// `W·(E₀ + … + E_i)/S`. `E_i` is the keyed draw (i, arrival).
  ///
  /// - Complexity: O(`count`).
  @usableFromInline
  mutating func fill(
    _ arrival: WorkloadOptions.Arrival, count: Int, random: KeyedRandom
  ) throws(SimulationError) {
    times.removeAll(keepingCapacity: true)
    times.reserveCapacity(count)
    switch arrival {
    case .simultaneous(let at):
      for _ in 0..<count { times.append(VirtualTime(sinceStart: at)) }
    case .uniform(let window):
      var spacings = [Double]()
      spacings.reserveCapacity(count)
      var sum = 0.0
      for operation in 0..<count {
        sum += Self.exponential(operation, random)
        spacings.append(sum)
      }
      sum += Self.exponential(count, random)
      let scale = Double(window.nanoseconds) / sum
      for cumulative in spacings {
        times.append(
          VirtualTime(nanoseconds: min(window.nanoseconds, LatencyDistribution.nanoseconds(cumulative * scale))))
      }
    case .poisson(let meanGap):
      let gaps = LatencyDistribution.exponential(mean: meanGap)
      var time = VirtualTime.zero
      for operation in 0..<count {
        let gap = gaps.delay(
          word: random.word(DrawKey(OperationIdentity(operation: operation), RequestDraw.arrival.purpose)))
        guard let next = try? time + gap else {
          throw .clockOverflow(ClockOverflow(operation: "the Poisson start of operation \(operation)"))
        }
        time = next
        times.append(time)
      }
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
