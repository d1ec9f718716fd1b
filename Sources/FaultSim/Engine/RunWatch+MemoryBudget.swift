/// A memory budget enforced while a run goes, not only estimated before it:
/// at each check the watch adds what the model says it holds
/// (``SimulationModel/liveBytes``) to what the pending events hold, and
/// stops a run that holds more than its limit before the process runs out.
extension RunWatch {
  /// The most memory one run may hold, and what to tell a user whose run
  /// passed it.
  @usableFromInline package struct MemoryLimit: Sendable, Hashable {
    /// The most bytes one run may hold.
    @usableFromInline package var bytes: UInt64
    /// Where the limit comes from and how to raise it, appended to the
    /// message: `"the default; raise it with --memory-budget"`.
    @usableFromInline package var advice: String

    /// A limit of `bytes`, explained by `advice`.
    @usableFromInline package init(bytes: UInt64, advice: String = "") {
      self.bytes = bytes
      self.advice = advice
    }
  }

  /// The most bytes a check saw one run hold so far (the model's live
  /// bytes and its pending events'), over every run this watch looked at;
  /// 0 before the first check.
  @usableFromInline package var peakBytes: Int { peakBytesSeen.load(ordering: .relaxed) }

  /// The memory check made every ``interval`` events: records the peak,
  /// and stops a run that holds more than ``memoryLimit``.
  ///
  /// - Parameters:
  ///   - progress: Where the run is.
  ///   - alive: What the model holds, in words; evaluated only when the
  ///     run is stopped.
  /// - Throws: ``SimulationError/memoryBudgetExceeded(_:)``.
  /// - Complexity: O(1).
  @usableFromInline
  func checkMemory(_ progress: RunProgress, holding alive: @autoclosure () -> String) throws(SimulationError) {
    let (sum, overflow) = max(0, progress.liveBytes).addingReportingOverflow(max(0, progress.pendingBytes))
    let held = overflow ? Int.max : sum
    peakBytesSeen.max(held, ordering: .relaxed)
    guard let memoryLimit, UInt64(held) > memoryLimit.bytes else { return }
    throw .memoryBudgetExceeded(
      MemoryOverrun(
        limit: memoryLimit, heldBytes: UInt64(held), pendingEvents: progress.pendingEvents,
        pendingBytes: UInt64(max(0, progress.pendingBytes)), alive: alive(), at: progress.now))
  }
}
