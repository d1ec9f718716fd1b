/// Walks the server's restart instants (``RestartOptions``) forward in
/// time: the listed times merged with the random process, whose n-th gap
/// is the keyed draw (restart n, ``RequestDraw/restartInterval``). The
/// instants are a function of the seed alone, so the server's mechanics
/// and its handler each walk a copy and see the same restarts.
///
/// Queries must come in non-decreasing time order, as they do from a run
/// loop; ``rewind()`` starts a new run.
@usableFromInline
struct RestartSchedule: Sendable {
  /// The listed instants, sorted.
  @usableFromInline
  let listed: [VirtualTime]
  /// The random process's mean gap; `nil` for none.
  @usableFromInline
  let meanInterval: VirtualDuration?
  /// How long the server is down after each restart.
  @usableFromInline
  let downtime: VirtualDuration
  /// The first listed instant not yet passed.
  @usableFromInline
  var nextListed = 0
  /// The random restarts passed so far.
  @usableFromInline
  var randomPassed: UInt64 = 0
  /// The next random instant, once drawn; `nil` before the first query of
  /// a run or without a random process.
  @usableFromInline
  var nextRandom: VirtualTime?
  /// The latest restart at or before the last query's time.
  @usableFromInline
  var latest: VirtualTime?

  /// The schedule of `options`.
  @usableFromInline
  init(_ options: RestartOptions) {
    listed = options.at.map { VirtualTime(sinceStart: $0) }
    meanInterval = options.meanInterval
    downtime = options.downtime
  }

  /// Starts a new run: no restart passed.
  ///
  /// - Complexity: O(1).
  @inlinable
  mutating func rewind() {
    nextListed = 0
    randomPassed = 0
    nextRandom = nil
    latest = nil
  }

  /// Moves to `now`: every restart at or before it is passed.
  ///
  /// - Complexity: Amortised O(1) per query for monotone queries.
  @inlinable
  mutating func advance(to now: VirtualTime, _ random: KeyedRandom) {
    if nextRandom == nil, let meanInterval {
      nextRandom = Self.after(.zero, gap: meanInterval, restart: 0, random)
    }
    while let next = upcoming, next <= now {
      latest = next
      while nextListed < listed.count && listed[nextListed] <= next { nextListed += 1 }
      if let instant = nextRandom, instant <= next, let meanInterval {
        randomPassed += 1
        nextRandom = Self.after(instant, gap: meanInterval, restart: randomPassed, random)
      }
    }
  }

  /// The first restart after the last query's time, if any.
  @inlinable
  var upcoming: VirtualTime? {
    let listedNext = nextListed < listed.count ? listed[nextListed] : nil
    switch (listedNext, nextRandom) {
    case (let a?, let b?): return min(a, b)
    case (let a?, nil): return a
    case (nil, let b): return b
    }
  }

  /// Whether the server is down at `now` (advanced to): within `downtime`
  /// of the latest restart.
  @inlinable
  func isDown(at now: VirtualTime) -> Bool {
    guard let latest, downtime > .zero else { return false }
    return Self.saturating(latest, downtime) > now
  }

  /// The instant `gap(restart)` after `start`, saturating at the clock's end.
  @inlinable
  static func after(
    _ start: VirtualTime, gap meanInterval: VirtualDuration, restart: UInt64, _ random: KeyedRandom
  ) -> VirtualTime {
    let word = random.word(DrawKey(RestartIdentity(restart: restart), RequestDraw.restartInterval.purpose))
    let gap = LatencyDistribution.exponential(mean: meanInterval).delay(word: word)
    // A gap lasts at least a nanosecond, so the walk always moves on.
    return saturating(start, .nanoseconds(max(gap.nanoseconds, 1)))
  }

  /// `time + duration`, or the clock's end.
  @inlinable
  static func saturating(_ time: VirtualTime, _ duration: VirtualDuration) -> VirtualTime {
    let (sum, overflow) = time.nanoseconds.addingReportingOverflow(duration.nanoseconds)
    return VirtualTime(nanoseconds: overflow ? .max : sum)
  }
}
