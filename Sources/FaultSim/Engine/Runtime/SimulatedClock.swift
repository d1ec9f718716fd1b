/// The clock of a simulation, as the standard library's `Clock`: its
/// `now` is virtual time and `sleep(until:)` suspends the task until
/// virtual time gets there — instantly in wall-clock terms, and the same
/// way in every run of a seed.
///
/// Give it to your code wherever the code takes a clock (`some
/// Clock<Duration>`); its instants start at the run's time zero.
///
/// ```swift
/// func retry<C: Clock<Duration>>(after wait: Duration, on clock: C) async throws {
///   try await clock.sleep(for: wait)
/// }
/// ```
///
/// Sleeping on a real clock (`Task.sleep`, `ContinuousClock`) inside a
/// simulation is an escape: the run stops with
/// ``SimulationError/escape(_:)`` instead of waiting in real time.
public struct SimulatedClock: Clock, Sendable {
  /// An instant of virtual time, as an offset from the run's start.
  public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
    /// The time since the run's start (it may be negative after
    /// arithmetic; virtual time itself never is).
    @usableFromInline package var offset: Duration

    /// The instant `offset` after the run's start.
    @usableFromInline package init(offset: Duration) {
      self.offset = offset
    }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// The duration from this instant to `other`.
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    /// Whether this instant is earlier.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }

    /// `12.5s`, as traces write times.
    public var description: String {
      VirtualTime(clamping: offset).description
    }
  }

  /// The runtime whose virtual time this is.
  @usableFromInline
  let runtime: TaskRuntime
  /// Whose sleeps these are.
  @usableFromInline
  let owner: SleepOwner

  /// The clock of `runtime`, sleeping for `owner`.
  @usableFromInline
  init(_ runtime: TaskRuntime, owner: SleepOwner = .none) {
    self.runtime = runtime
    self.owner = owner
  }

  /// The current virtual instant.
  public var now: Instant {
    // Clamped by hand: `Int64(clamping:)` is generic over its source, and
    // a debug build calls it unspecialised (about 480 instructions).
    Instant(offset: .nanoseconds(Int64(truncatingIfNeeded: Swift.min(runtime.now.nanoseconds, UInt64(Int64.max)))))
  }

  /// One nanosecond: virtual time's resolution.
  public var minimumResolution: Duration { .nanoseconds(1) }

  /// Suspends until virtual time reaches `deadline` (at once for a
  /// deadline already past), or until the task is cancelled.
  ///
  /// - Throws: `CancellationError`; ``SimulationError/escape(_:)`` when
  ///   called from outside the simulation's thread.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await runtime.sleep(until: VirtualTime(clamping: deadline.offset), owner: owner)
  }
}

extension VirtualTime {
  /// The virtual instant `offset` after the start: 0 for a negative offset,
  /// the clock's last instant for one beyond it.
  @usableFromInline
  init(clamping offset: Duration) {
    let (seconds, attoseconds) = offset.components
    guard seconds >= 0, attoseconds >= 0 || seconds > 0 else {
      self = .zero
      return
    }
    let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
    let (sum, carry) = whole.addingReportingOverflow(UInt64(max(0, attoseconds) / 1_000_000_000))
    self = overflow || carry ? VirtualTime(nanoseconds: .max) : VirtualTime(nanoseconds: sum)
  }
}
