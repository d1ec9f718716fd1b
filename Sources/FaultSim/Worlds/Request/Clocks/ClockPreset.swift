extension ClockOptions {
  /// How each device's clock offset is drawn (`client.clock.preset`).
  @usableFromInline package enum Preset: String, CaseIterable, Hashable, Sendable {
    /// Uniformly within ± ``ClockOptions/spread`` of the clock's offset:
    /// a stress setting, not a measured population.
    case uniform
    /// A population of phones: most within seconds of true time, a few
    /// minutes to an hour off, and 3.5% more than an hour off
    /// (``PhonesMeasured``).
    case phonesMeasured = "phones-measured"
  }

  /// The `phones-measured` mixture of device clock offsets.
  ///
  /// Measured (OpenSignal, "Android clock errors", June 2013, about a
  /// million speed tests whose app timestamp was compared with the
  /// server's): 3.5% of Android clocks were more than an hour out; the
  /// causes named were a GPS time-setting bug worth about 15 s, one-hour
  /// time-zone disagreements, and clocks set by hand.
  ///
  /// Assumed (the study gives no table to fit): the core and the middle
  /// component's shares and shapes, and a symmetric sign. Per 10,000
  /// devices:
  ///
  /// | share | offset |
  /// | --- | --- |
  /// | 9,000 | uniform in −15 s … +15 s (the core; 15 s is the GPS bug's size) |
  /// | 650 | 15 s … 1 h, either sign, uniform in magnitude |
  /// | 350 | 1 h … 1 h 15 s, either sign (the study's "more than an hour out") |
  ///
  /// Two words per device: `component` picks the row, `position` the
  /// offset within it (the sign from its top bit in the outer rows).
  @usableFromInline package enum PhonesMeasured {
    /// The core's half-width.
    @usableFromInline package static let core: Int64 = 15_000_000_000
    /// An hour, in nanoseconds.
    @usableFromInline package static let hour: Int64 = 3_600_000_000_000
    /// The devices of 10,000 in the core.
    @usableFromInline package static let coreShare: UInt64 = 9_000
    /// The devices of 10,000 between the core and an hour off.
    @usableFromInline package static let middleShare: UInt64 = 650
    /// The devices of 10,000 more than an hour off (the study's 3.5%).
    @usableFromInline package static let tailShare: UInt64 = 350

    /// The offset, from true time, of the device whose words are
    /// `component` and `position`.
    ///
    /// - Complexity: O(1).
    @inlinable
    package static func offset(component: UInt64, position: UInt64) -> Int64 {
      let row = component.multipliedFullWidth(by: coreShare + middleShare + tailShare).high
      if row < coreShare { return uniform(position, from: -core, through: core) }
      // The top bit is the sign; the other 63 bits place the magnitude.
      let negative = position >> 63 == 1
      let rest = position << 1
      let magnitude =
        row < coreShare + middleShare
        ? uniform(rest, from: core + 1, through: hour) : uniform(rest, from: hour + 1, through: hour + core)
      return negative ? -magnitude : magnitude
    }

    /// `word` mapped onto `low … high` (the high half of a 128-bit product:
    /// equally likely offsets up to a bias of width / 2⁶⁴).
    @inlinable
    static func uniform(_ word: UInt64, from low: Int64, through high: Int64) -> Int64 {
      let width = UInt64(high - low) + 1
      return low + Int64(word.multipliedFullWidth(by: width).high)
    }
  }
}
