/// The watch's guard on work: a run that keeps making events — a model
/// cycling without progress, or a configuration far larger than it looks —
/// is stopped with an error instead of running for hours.
extension RunWatch {
  /// Stops a run that has handled more than ``eventLimit`` events.
  ///
  /// - Throws: ``SimulationError/eventLimitExceeded(limit:at:)``.
  /// - Complexity: O(1).
  @usableFromInline
  func checkWork(_ progress: RunProgress) throws(SimulationError) {
    if let eventLimit, progress.events > eventLimit {
      throw .eventLimitExceeded(limit: eventLimit, at: progress.now)
    }
  }
}
