/// Monotonic wall-clock timing for benchmarks only (never inside a run).
struct Stopwatch {
  private let clock = ContinuousClock()
  private var start: ContinuousClock.Instant

  init() {
    start = clock.now
  }

  /// Nanoseconds since the stopwatch was created.
  var elapsedNanoseconds: Double {
    let (seconds, attoseconds) = (clock.now - start).components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }
}
