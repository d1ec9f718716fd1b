/// A non-negative span of simulated time in integer nanoseconds.
///
/// Integer time keeps results exact and identical on every machine; the
/// largest duration is about 584 years.
public struct VirtualDuration: Hashable, Comparable, Sendable, BitwiseCopyable, CustomStringConvertible {
  /// The length in nanoseconds.
  public var nanoseconds: UInt64

  /// A duration of `nanoseconds` nanoseconds.
  @inlinable
  public init(nanoseconds: UInt64) {
    self.nanoseconds = nanoseconds
  }

  /// No time at all.
  public static let zero = VirtualDuration(nanoseconds: 0)

  /// A duration of whole nanoseconds.
  @inlinable
  public static func nanoseconds(_ value: UInt64) -> VirtualDuration {
    VirtualDuration(nanoseconds: value)
  }

  /// A duration of whole microseconds: for literals in models and tests.
  ///
  /// - Precondition: It fits in 64-bit nanoseconds (about 584 years). An
  ///   overflowing literal is a programmer error; durations from user input
  ///   are read by the scenario reader, which reports them as errors.
  @inlinable
  package static func microseconds(_ value: UInt64) -> VirtualDuration {
    literal(value, by: 1_000)
  }

  /// A duration of whole milliseconds: for literals (see `microseconds(_:)`).
  @inlinable
  public static func milliseconds(_ value: UInt64) -> VirtualDuration {
    literal(value, by: 1_000_000)
  }

  /// A duration of whole seconds: for literals (see `microseconds(_:)`).
  @inlinable
  public static func seconds(_ value: UInt64) -> VirtualDuration {
    literal(value, by: 1_000_000_000)
  }

  /// A duration of whole minutes: for literals (see ``microseconds(_:)``).
  @inlinable
  package static func minutes(_ value: UInt64) -> VirtualDuration {
    literal(value, by: 60_000_000_000)
  }

  /// A duration of whole hours: for literals (see ``microseconds(_:)``).
  @inlinable
  package static func hours(_ value: UInt64) -> VirtualDuration {
    literal(value, by: 3_600_000_000_000)
  }

  /// `value × factor` nanoseconds; traps on overflow (a programmer error).
  @inlinable
  static func literal(_ value: UInt64, by factor: UInt64) -> VirtualDuration {
    let (product, overflow) = value.multipliedReportingOverflow(by: factor)
    precondition(!overflow, "a duration literal overflows 64-bit nanoseconds")
    return VirtualDuration(nanoseconds: product)
  }

  /// Converts a Swift `Duration`; negative or too-long durations are errors.
  @usableFromInline package init(_ duration: Duration) throws(ClockOverflow) {
    let (seconds, attoseconds) = duration.components
    guard seconds >= 0, attoseconds >= 0 else {
      throw ClockOverflow(operation: "convert \(duration) to a virtual duration: durations must not be negative")
    }
    let whole = try Self.scaled(UInt64(seconds), by: 1_000_000_000, unit: "s").nanoseconds
    let (sum, overflow) = whole.addingReportingOverflow(UInt64(attoseconds / 1_000_000_000))
    guard !overflow else { throw ClockOverflow(operation: "convert \(duration) to a virtual duration") }
    nanoseconds = sum
  }

  /// The same span as a Swift `Duration`.
  public var duration: Duration {
    .nanoseconds(Int64(clamping: nanoseconds))
  }

  /// The length in (fractional) milliseconds, for reports.
  public var milliseconds: Double { Double(nanoseconds) / 1e6 }

  /// The length in (fractional) seconds, for reports.
  public var seconds: Double { Double(nanoseconds) / 1e9 }

  /// The sum of two durations, or an overflow error.
  @inlinable
  package func adding(_ other: VirtualDuration) throws(ClockOverflow) -> VirtualDuration {
    let (sum, overflow) = nanoseconds.addingReportingOverflow(other.nanoseconds)
    guard !overflow else { throw ClockOverflow(operation: "\(self) + \(other)") }
    return VirtualDuration(nanoseconds: sum)
  }

  /// This duration times a factor, or an overflow error.
  @inlinable
  package func multiplied(by factor: UInt64) throws(ClockOverflow) -> VirtualDuration {
    let (product, overflow) = nanoseconds.multipliedReportingOverflow(by: factor)
    guard !overflow else { throw ClockOverflow(operation: "\(self) × \(factor)") }
    return VirtualDuration(nanoseconds: product)
  }

  /// Whether `lhs` is shorter than `rhs`.
  @inlinable
  public static func < (lhs: VirtualDuration, rhs: VirtualDuration) -> Bool {
    lhs.nanoseconds < rhs.nanoseconds
  }

  /// A human reading: `850ns`, `12.5µs`, `80ms`, `1.2s`.
  public var description: String { TimeFormatting.compact(nanoseconds) }

  static func scaled(_ value: UInt64, by factor: UInt64, unit: String) throws(ClockOverflow) -> VirtualDuration {
    let (product, overflow) = value.multipliedReportingOverflow(by: factor)
    guard !overflow else {
      throw ClockOverflow(operation: "\(value)\(unit) in nanoseconds (the limit is \(UInt64.max / factor)\(unit))")
    }
    return VirtualDuration(nanoseconds: product)
  }
}
