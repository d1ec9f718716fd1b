/// An instant on the simulation's virtual clock: integer nanoseconds since
/// the start of the run.
///
/// Time only moves forwards, and arithmetic that would leave `UInt64` is a
/// thrown ``ClockOverflow``, never a trap.
public struct VirtualTime: Hashable, Comparable, Sendable, BitwiseCopyable, CustomStringConvertible {
  /// Nanoseconds since the start of the run.
  public var nanoseconds: UInt64

  /// The instant `nanoseconds` after the start of the run.
  @inlinable
  public init(nanoseconds: UInt64) {
    self.nanoseconds = nanoseconds
  }

  /// The start of every run.
  public static let zero = VirtualTime(nanoseconds: 0)

  /// The instant `duration` after this one, or an overflow error.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func advanced(by duration: VirtualDuration) throws(ClockOverflow) -> VirtualTime {
    let (sum, overflow) = nanoseconds.addingReportingOverflow(duration.nanoseconds)
    guard !overflow else {
      throw ClockOverflow(operation: "\(self) + \(duration)")
    }
    return VirtualTime(nanoseconds: sum)
  }

  /// The span from `earlier` to this instant, or zero when `earlier` is later.
  @inlinable
  public func duration(since earlier: VirtualTime) -> VirtualDuration {
    VirtualDuration(nanoseconds: nanoseconds >= earlier.nanoseconds ? nanoseconds - earlier.nanoseconds : 0)
  }

  /// Whether `lhs` comes before `rhs`.
  @inlinable
  public static func < (lhs: VirtualTime, rhs: VirtualTime) -> Bool {
    lhs.nanoseconds < rhs.nanoseconds
  }

  /// `t=1.234567s`-style reading with fixed microsecond precision, so trace
  /// columns line up.
  public var description: String { TimeFormatting.instant(nanoseconds) }
}
