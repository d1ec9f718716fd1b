/// A machine's clock (clocks that disagree): how far it is ahead
/// of or behind true (virtual) time, and how fast it runs. The client's
/// (`client.clock`) and the server's (`server.clock`) are each one of these.
///
/// A clock reads `offset + t + ⌊t · driftPPM / 10⁶⌋` nanoseconds at true
/// time `t` (floor division, so a slow clock rounds down too). It is read
/// in two ways:
///
/// - as a *date*, offset included: only when the server writes Retry-After
///   as an HTTP date (`ServerOptions.RetryAfterFormat.httpDate`) — the
///   server writes its clock's now plus the delay, the client compares it
///   with its own clock's now;
/// - as a *timer*, offset cancelled: a duration `d` measured on the clock
///   (a client's timeout and its waits, a server's key lifetime) lasts
///   `realDuration(_:)` = ⌈d · 10⁶ / (10⁶ + driftPPM)⌉ true nanoseconds,
///   the shortest true time in which the clock advances at least `d`.
///
/// All of it is integer arithmetic on 128-bit intermediates: no floating
/// point, the same on every platform. The defaults are a clock that agrees
/// with true time, and such a clock changes nothing.
@usableFromInline package struct ClockOptions: Hashable, Sendable {
  /// How far the clock is ahead of true time.
  @usableFromInline package var ahead = VirtualDuration.zero
  /// How far the clock is behind true time (give `ahead` or `behind`, not
  /// both).
  @usableFromInline package var behind = VirtualDuration.zero
  /// Each device's own offset lies uniformly in
  /// `offset − spread … offset + spread`, drawn per operation (every
  /// operation is its own device). The client's clock only.
  @usableFromInline package var spread = VirtualDuration.zero
  /// How fast the clock runs, in parts per million: +100 gains 100 µs a
  /// second, −100 loses as much.
  @usableFromInline package var driftPPM = 0
  /// How each device's offset is drawn: uniformly within ``spread``, or
  /// from a measured population of phones. The client's clock only.
  @usableFromInline package var preset = Preset.uniform
  /// What the client subtracts from a Retry-After date: its own clock's
  /// now, or the response's `Date` header. The client's clock only.
  @usableFromInline package var retryAfterBasis = RetryAfterBasis.ownClock

  /// The drift's bounds: a clock runs at half to one and a half times the
  /// true rate at the extremes (real quartz is within ±100 ppm).
  @usableFromInline package static let driftRange = -500_000...500_000

  /// A clock that agrees with true time.
  @usableFromInline package init() {}

  /// A clock `offset` nanoseconds ahead (negative: behind), drifting
  /// `driftPPM`.
  @usableFromInline package init(offset: Int64, driftPPM: Int = 0, spread: VirtualDuration = .zero) {
    if offset >= 0 { ahead = .nanoseconds(UInt64(offset)) } else { behind = .nanoseconds(offset.magnitude) }
    self.driftPPM = driftPPM
    self.spread = spread
  }

  /// The clock's offset in nanoseconds: positive ahead, negative behind.
  @inlinable
  package var offset: Int64 {
    Int64(clamping: ahead.nanoseconds) - Int64(clamping: behind.nanoseconds)
  }

  /// Whether the clock agrees with true time on every device.
  @inlinable
  package var isTrue: Bool {
    ahead == .zero && behind == .zero && !drawsDeviceOffsets && driftPPM == 0
  }

  /// Whether each device draws its own offset (a spread or a preset).
  @inlinable
  package var drawsDeviceOffsets: Bool { spread != .zero || preset != .uniform }

  /// The true time in which this clock measures `duration`: ⌈d · 10⁶ /
  /// (10⁶ + driftPPM)⌉ nanoseconds, saturating at the largest duration.
  /// `duration` itself without drift.
  ///
  /// - Complexity: O(1).
  @inlinable
  package func realDuration(_ duration: VirtualDuration) -> VirtualDuration {
    guard driftPPM != 0 else { return duration }
    let rate = UInt64(1_000_000 + Int64(drift))
    return .nanoseconds(Self.scale(duration.nanoseconds, by: 1_000_000, over: rate, roundingUp: true))
  }

  /// The clock's reading at true time `now` on a device whose offset is
  /// `offset`: `offset + now + ⌊now · driftPPM / 10⁶⌋` nanoseconds from the
  /// epoch (``HTTPDate``), clamped to 64 bits.
  ///
  /// - Complexity: O(1).
  @inlinable
  package func reading(at now: VirtualTime, offset: Int64) -> Int64 {
    let time = Int64(clamping: now.nanoseconds)
    guard driftPPM != 0 else { return offset.addingReportingOverflow(time).partialValue }
    let magnitude = UInt64(drift.magnitude)
    let gained =
      drift > 0
      ? Int64(clamping: Self.scale(UInt64(time), by: magnitude, over: 1_000_000, roundingUp: false))
      : -Int64(clamping: Self.scale(UInt64(time), by: magnitude, over: 1_000_000, roundingUp: true))
    let (sum, overflow) = time.addingReportingOverflow(gained)
    let (reading, overflow2) = sum.addingReportingOverflow(offset)
    return overflow || overflow2 ? (offset < 0 ? Int64.min : Int64.max) : reading
  }

  /// ``driftPPM`` within ``driftRange`` (scenario files are checked; a
  /// value set in Swift is clamped rather than trapping).
  @inlinable
  var drift: Int { Swift.min(Swift.max(driftPPM, Self.driftRange.lowerBound), Self.driftRange.upperBound) }

  /// A device's offset: the clock's own, moved by the device's draw within
  /// ``spread`` (`word` is that draw; unused without a spread).
  ///
  /// - Complexity: O(1).
  @inlinable
  package func deviceOffset(word: UInt64) -> Int64 {
    guard spread != .zero else { return offset }
    // Scenario files bound the spread to a day; a larger one set in Swift
    // wraps instead of trapping.
    let width = spread.nanoseconds &* 2 &+ 1
    let step = Int64(truncatingIfNeeded: word.multipliedFullWidth(by: width).high)
    return offset &- Int64(truncatingIfNeeded: spread.nanoseconds) &+ step
  }

  /// `value · factor / divisor` with a 128-bit product, rounded down or up,
  /// saturating at `UInt64.max`.
  @inlinable
  static func scale(_ value: UInt64, by factor: UInt64, over divisor: UInt64, roundingUp: Bool) -> UInt64 {
    let product = factor.multipliedFullWidth(by: value)
    guard product.high < divisor else { return UInt64.max }
    let (quotient, remainder) = divisor.dividingFullWidth(product)
    guard roundingUp, remainder != 0 else { return quotient }
    return quotient == UInt64.max ? quotient : quotient + 1
  }
}
