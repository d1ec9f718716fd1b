/// How often a property check runs a seed again to verify that the run is
/// a function of its seed — as FoundationDB's and madsim's simulators do.
///
/// A verified seed is run twice more with its timeline: once fresh, and
/// once after another seed has run in the same process, and the two
/// timelines and final states are compared. A difference means something
/// outside the simulation decided part of the run — the wall clock
/// (`Date()`, `ContinuousClock.now`), the system's random numbers
/// (`Double.random(in:)`), or static state kept from one seed to the next
/// — and the property's report does not hold, whatever the runs measured.
///
/// The failing seed is always verified (unless ``off``), before it is
/// shrunk: shrinking a run that is not a function of its seed would find
/// nothing real.
public struct DeterminismCheck: Hashable, Sendable {
  /// Verify every `interval`-th seed of the range, counting from its
  /// first; 0 verifies none.
  @usableFromInline package var interval: UInt64

  /// Verifies the first seed of the range and every `interval`-th after
  /// it, and the failing seed.
  ///
  /// - Complexity: Three runs with a timeline per verified seed: with the
  ///   default of 100, a few percent more work.
  public static func sampled(every interval: UInt64) -> DeterminismCheck {
    DeterminismCheck(interval: max(1, interval))
  }

  /// The default: the failing seed, and every 100th seed.
  public static let sampled = sampled(every: 100)
  /// Every seed: three more runs each.
  public static let everySeed = sampled(every: 1)
  /// No verification, not even of the failing seed.
  public static let off = DeterminismCheck(interval: 0)

  /// Whether the failing seed is verified.
  var isOn: Bool { interval > 0 }

  /// Whether the `index`-th seed of the range (from 0) is verified.
  func samples(_ index: UInt64) -> Bool { isOn && index % interval == 0 }
}

/// A seed whose runs differ: where their timelines part, or that their
/// final states differ.
public struct NondeterministicRun: Hashable, Sendable, CustomStringConvertible {
  /// The seed.
  public var seed: UInt64
  /// The seed that ran before the second run.
  @usableFromInline package var after: UInt64
  /// The first line (1-based) at which the two timelines differ; `nil` when
  /// they are equal and only the final states differ.
  @usableFromInline package var line: Int?
  /// That line in the fresh run (`"(end of the timeline)"` past its end).
  @usableFromInline package var fresh: String
  /// That line in the run after seed ``after``.
  @usableFromInline package var again: String

  /// What differs, and what usually causes it.
  public var description: String {
    let place =
      line.map { "their timelines differ at line \($0):\n  fresh:        \(fresh)\n  after seed \(after): \(again)" }
      ?? "their timelines are equal but their final states differ"
    return """
      seed \(seed) is not a function of its seed: it ran twice, fresh and after seed \(after), and \(place)
      something outside the simulation decides part of the run: the wall clock (Date(), ContinuousClock.now), \
      the system's random numbers (Double.random(in:), UUID()), or static state kept from one seed to the next; \
      use the clock, random generator and app state the simulation gives your code
      """
  }
}

/// Runs a seed fresh and after another seed, and compares.
struct DeterminismProbe<World: ScenarioWorld> {
  let options: World.Options

  /// The difference between a fresh run of `seed` and a run of it after
  /// another seed, or `nil` when they agree.
  ///
  /// - Complexity: Three runs of `seed` and one of another seed at most;
  ///   memory of 8 bytes per timeline line.
  func verify(_ seed: UInt64) throws(SimulationError) -> NondeterministicRun? {
    let fingerprint = LineFingerprints()
    let first = try World.runOnce(options, seed: seed, strategy: .fifo, streamingTraceTo: fingerprint)
    let other = seed &+ 1
    _ = try World.runOnce(options, seed: other, strategy: .fifo, tracing: false)
    let comparison = LineComparison(fingerprint.hashes)
    let second = try World.runOnce(options, seed: seed, strategy: .fifo, streamingTraceTo: comparison)
    comparison.finish()
    if let index = comparison.firstDifference {
      let capture = LineCapture(index)
      _ = try World.runOnce(options, seed: seed, strategy: .fifo, streamingTraceTo: capture)
      return NondeterministicRun(
        seed: seed, after: other, line: index + 1, fresh: capture.line ?? LineCapture.end,
        again: comparison.differingLine ?? LineCapture.end)
    }
    guard first.finalState.digest == second.finalState.digest else {
      return NondeterministicRun(seed: seed, after: other, line: nil, fresh: "", again: "")
    }
    return nil
  }
}

/// The digest of every timeline line, in order.
private final class LineFingerprints: TraceSink {
  var hashes: [UInt64] = []

  func receive(_ entry: TraceEntry) {
    hashes.append(LineFingerprints.digest(entry))
  }

  static func digest(_ entry: TraceEntry) -> UInt64 {
    var digest = ContentDigest()
    digest.absorb(Array(entry.description.utf8))
    return digest.value
  }
}

/// Compares a timeline with the digests of another, keeping the first line
/// that differs.
private final class LineComparison: TraceSink {
  let expected: [UInt64]
  var count = 0
  var firstDifference: Int?
  var differingLine: String?

  init(_ expected: [UInt64]) {
    self.expected = expected
  }

  func receive(_ entry: TraceEntry) {
    defer { count += 1 }
    guard firstDifference == nil else { return }
    if count >= expected.count || expected[count] != LineFingerprints.digest(entry) {
      firstDifference = count
      differingLine = entry.description
    }
  }

  /// The timeline ended: shorter than the expected one is a difference.
  func finish() {
    if firstDifference == nil && count < expected.count { firstDifference = count }
  }
}

/// Keeps one line of a timeline.
private final class LineCapture: TraceSink {
  static let end = "(end of the timeline)"
  let index: Int
  var count = 0
  var line: String?

  init(_ index: Int) {
    self.index = index
  }

  func receive(_ entry: TraceEntry) {
    if count == index { line = entry.description }
    count += 1
  }
}
