/// Virtual-time arithmetic left the range of `UInt64` nanoseconds (about 584
/// years). Raised instead of trapping, so a scenario with absurd durations
/// gets a message rather than a crash.
public struct ClockOverflow: Error, Hashable, Sendable, CustomStringConvertible {
  /// The operation that overflowed, as a person would write it.
  @usableFromInline package var operation: String

  /// An overflow of `operation`, named as the message shows it: `<time> +
  /// <duration>`, `the Poisson start of operation 7`.
  @usableFromInline package init(operation: String) {
    self.operation = operation
  }

  /// The operation that overflowed, the clock's range, and to use shorter
  /// durations.
  public var description: String {
    "virtual clock overflow: \(operation) exceeds the clock's range (UInt64 nanoseconds, about 584 years); use shorter durations"
  }
}
