/// When the replication stalls of ``LagSpikeOptions`` happen: a function
/// of time alone. Time is cut into one-minute windows; window `w` holds a
/// Poisson(`rate`) number of episodes, each starting uniformly within it
/// and lasting a `duration` draw, all keyed by (window, episode), so the
/// schedule does not depend on which events ran first or whether any key
/// was stored in a window.
@usableFromInline
struct LagSpikeSchedule: Sendable {
  /// One window's length.
  static let window = VirtualDuration.seconds(60)
  /// The most windows looked back: an episode lasting longer than this is
  /// seen only for that long (unbounded duration distributions).
  static let lookBack: UInt64 = 60
  /// The most episodes counted in one window (the Poisson tail beyond it
  /// is far below any rate allowed: P(N > 400 | mean 60) < 1e-100).
  static let episodeLimit = 400

  /// The options drawn from.
  let options: LagSpikeOptions
  /// The windows an episode can reach beyond the one it starts in.
  let reach: UInt64

  /// The schedule of `options`.
  init(_ options: LagSpikeOptions) {
    self.options = options
    let window = Self.window.nanoseconds
    reach = options.duration.upperBound.map { Swift.min(Self.lookBack, $0 / window + 1) } ?? Self.lookBack
  }

  /// The end of the latest episode under way at `time`, or `nil` when no
  /// stall holds replication then.
  ///
  /// - Complexity: O(reach × rate) draws.
  func stallEnd(at time: VirtualTime, _ random: KeyedRandom) -> VirtualTime? {
    guard options.rate > 0 else { return nil }
    let window = Self.window.nanoseconds
    let current = time.nanoseconds / window
    var end: VirtualTime?
    for index in current - Swift.min(current, reach)...current {
      for (start, length) in episodes(in: index, random) where start <= time {
        let stop = RestartSchedule.saturating(start, length)
        if time < stop, end.map({ stop > $0 }) ?? true { end = stop }
      }
    }
    return end
  }

  /// The episodes starting in window `index`, as (start, duration). The
  /// window's index is its place in virtual time (minute `index`), so the
  /// draws are keyed by time, not by the order of the queries.
  ///
  /// - Complexity: O(episodes) draws.
  func episodes(in index: UInt64, _ random: KeyedRandom) -> [(VirtualTime, VirtualDuration)] {
    let count = Self.poisson(
      options.rate,
      unit: random.unit(DrawKey(LagSpikeIdentity(window: index, episode: 0), RequestDraw.lagSpikeCount.purpose)))
    guard count > 0 else { return [] }
    let window = Self.window.nanoseconds
    return (0..<count).map { episode in
      let identity = LagSpikeIdentity(window: index, episode: episode)
      let offset = random.index(below: window, DrawKey(identity, RequestDraw.lagSpikeStart.purpose))
      let length = options.duration.delay(
        word: random.word(DrawKey(identity, RequestDraw.lagSpikeDuration.purpose)))
      let (start, overflow) = (index &* window).addingReportingOverflow(offset)
      return (VirtualTime(nanoseconds: overflow ? .max : start), length)
    }
  }

  /// The Poisson(`mean`) count whose cumulative probability first exceeds
  /// `unit` (inversion), at most ``episodeLimit``.
  ///
  /// - Complexity: O(result).
  static func poisson(_ mean: Double, unit: Double) -> Int {
    var probability = DeterministicMath.exp(-mean)
    var cumulative = probability
    var count = 0
    while unit >= cumulative, count < episodeLimit {
      count += 1
      probability *= mean / Double(count)
      cumulative += probability
    }
    return count
  }
}
