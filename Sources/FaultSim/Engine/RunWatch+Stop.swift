extension RunWatch {
  /// The stop check alone, made before a run handles its first event:
  /// cheap (one atomic load), and it needs no progress to look at.
  ///
  /// - Throws: ``SimulationError/interrupted(at:)`` once a stop was asked for.
  /// - Complexity: O(1).
  @usableFromInline
  func checkStop(at now: VirtualTime) throws(SimulationError) {
    if isStopRequested { throw .interrupted(at: now) }
  }
}
