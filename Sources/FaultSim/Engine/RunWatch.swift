import Synchronization

/// Looks at a run while it goes, every `interval` events: stops it when
/// asked (an interrupt from another thread), or when it has handled more
/// than its `eventLimit`.
///
/// A run without a watch pays nothing for it; a watched run pays one
/// comparison per event and a call every `interval` events, so a stop is
/// honoured within that many events of being asked for, whatever the run's
/// length. The checks never change what a run computes: a run that is not
/// stopped gives the same result, byte for byte, watched or not.
///
/// One watch may be shared by every worker of a sweep: its state is atomic.
@usableFromInline package final class RunWatch: Sendable {
  /// Events between two checks.
  @usableFromInline package let interval: UInt64
  private let stopRequested = Atomic<Bool>(false)
  /// The most events one run may handle before it is stopped; `nil` for no
  /// limit.
  @usableFromInline package let eventLimit: UInt64?
  /// The most memory one run may hold, or `nil` for no limit (see
  /// `RunWatch+MemoryBudget.swift`).
  @usableFromInline package let memoryLimit: MemoryLimit?
  /// The most bytes a check saw one run hold, for ``peakBytes``.
  let peakBytesSeen = Atomic<Int>(0)

  /// A watch that checks every `interval` events.
  ///
  /// - Parameters:
  ///   - interval: Events between two checks; at least 1. The default
  ///     keeps a check to well under a millisecond of a release run.
  ///   - eventLimit: The most events one run may handle; `nil` for no
  ///     limit. A run past it stops within ``interval`` events.
  ///   - memoryLimit: The most memory one run may hold; a run that holds
  ///     more at a check stops with
  ///     ``SimulationError/memoryBudgetExceeded(_:)``. `nil` for no limit.
  @usableFromInline package init(interval: UInt64 = 1 << 14, eventLimit: UInt64? = nil, memoryLimit: MemoryLimit? = nil)
  {
    self.interval = max(1, interval)
    self.eventLimit = eventLimit
    self.memoryLimit = memoryLimit
  }

  /// Asks every run this watch looks at to stop at its next check; safe
  /// from any thread, a signal handler's queue included.
  @usableFromInline package func requestStop() {
    stopRequested.store(true, ordering: .relaxed)
  }

  /// Whether ``requestStop()`` was called.
  @usableFromInline package var isStopRequested: Bool { stopRequested.load(ordering: .relaxed) }

  /// The check made every ``interval`` events.
  ///
  /// - Throws: ``SimulationError/interrupted(at:)`` once a stop was asked
  ///   for; ``SimulationError/eventLimitExceeded(limit:at:)`` past the
  ///   event limit.
  /// - Complexity: O(1).
  @usableFromInline
  func check(_ progress: RunProgress) throws(SimulationError) {
    if isStopRequested { throw .interrupted(at: progress.now) }
    try checkWork(progress)
  }
}

/// Where a run is when its `RunWatch` looks at it.
@usableFromInline
struct RunProgress {
  /// Events handled so far.
  @usableFromInline var events: UInt64
  /// The virtual time of the last handled event.
  @usableFromInline var now: VirtualTime
  /// Events pending.
  @usableFromInline var pendingEvents: Int
  /// The bytes the model's state holds now (``SimulationModel/liveBytes``).
  @usableFromInline var liveBytes: Int
  /// The bytes the pending-event set holds, its buffers' spare room
  /// included.
  @usableFromInline var pendingBytes: Int

  @inlinable
  init(events: UInt64, now: VirtualTime, pendingEvents: Int, liveBytes: Int, pendingBytes: Int = 0) {
    self.events = events
    self.now = now
    self.pendingEvents = pendingEvents
    self.liveBytes = liveBytes
    self.pendingBytes = pendingBytes
  }
}
