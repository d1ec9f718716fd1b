/// Time arithmetic for models inside a run: `try now + latency`.
///
/// Virtual time is integer nanoseconds, and a sum that leaves `UInt64` is
/// the run's ``SimulationError/clockOverflow(_:)`` (durations come from
/// scenario files, so an overflow is bad input, never a trap). The message
/// is the one ``VirtualTime/advanced(by:)`` and
/// ``VirtualDuration/adding(_:)`` give.
extension VirtualTime {
  /// The instant `duration` after the start of the run (an offset read
  /// from a scenario, such as a start time); it cannot overflow.
  @inlinable
  package init(sinceStart duration: VirtualDuration) {
    self.init(nanoseconds: duration.nanoseconds)
  }

  /// The instant `duration` after `time`, or the run's clock-overflow error.
  ///
  /// - Complexity: O(1).
  @inlinable
  package static func + (time: VirtualTime, duration: VirtualDuration) throws(SimulationError) -> VirtualTime {
    let (sum, overflow) = time.nanoseconds.addingReportingOverflow(duration.nanoseconds)
    guard !overflow else { throw .clockOverflow(ClockOverflow(operation: "\(time) + \(duration)")) }
    return VirtualTime(nanoseconds: sum)
  }

  /// The time between this instant and `other`, whichever comes first: how
  /// close two events are, for race windows.
  ///
  /// - Complexity: O(1).
  @inlinable
  package func distance(to other: VirtualTime) -> VirtualDuration {
    VirtualDuration(
      nanoseconds: nanoseconds >= other.nanoseconds ? nanoseconds - other.nanoseconds : other.nanoseconds - nanoseconds)
  }
}

extension VirtualDuration {
  /// The sum of two durations, or the run's clock-overflow error.
  ///
  /// - Complexity: O(1).
  @inlinable
  package static func + (lhs: VirtualDuration, rhs: VirtualDuration) throws(SimulationError) -> VirtualDuration {
    let (sum, overflow) = lhs.nanoseconds.addingReportingOverflow(rhs.nanoseconds)
    guard !overflow else { throw .clockOverflow(ClockOverflow(operation: "\(lhs) + \(rhs)")) }
    return VirtualDuration(nanoseconds: sum)
  }
}
