extension VirtualTime {
  /// The instant `duration` after this one, or the last instant the clock
  /// holds when that is beyond it: for times that mean "not before the
  /// end of the run" (a transfer too slow to finish, a far begin date).
  ///
  /// - Complexity: O(1).
  @inlinable
  package func advanced(saturatingBy duration: VirtualDuration) -> VirtualTime {
    let (sum, overflow) = nanoseconds.addingReportingOverflow(duration.nanoseconds)
    return VirtualTime(nanoseconds: overflow ? .max : sum)
  }
}
