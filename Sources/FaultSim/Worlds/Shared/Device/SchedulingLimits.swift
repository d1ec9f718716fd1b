/// The bounds FaultSim accepts for the scheduling world's scenario values:
/// wide enough for any real experiment, narrow enough that a typo cannot
/// ask for years of virtual time or billions of timeline spells. Every
/// rejection names the bound.
enum SchedulingLimits {
  static let users = 1...100_000
  /// Simulated time: one minute to 30 days.
  static let duration: ClosedRange<UInt64> = 60_000_000_000...2_592_000_000_000_000
  /// Fetch intervals: one second to 30 days.
  static let interval: ClosedRange<UInt64> = 1_000_000_000...2_592_000_000_000_000
  /// Task time limits: one second to a day.
  static let timeLimit: ClosedRange<UInt64> = 1_000_000_000...86_400_000_000_000
  /// Mean spell lengths: one minute to 30 days.
  static let spell: ClosedRange<UInt64> = 60_000_000_000...2_592_000_000_000_000
  /// Mean gap between app opens: one minute to 30 days.
  static let usageGap: ClosedRange<UInt64> = 60_000_000_000...2_592_000_000_000_000
  /// Spans on the clock (Low Power Mode periods, recent use): up to 30 days.
  static let span = ScenarioLimits.span
  static let lowPowerModePeriods = 0...10_000
  /// Battery levels.
  static let level: ClosedRange<Double> = 0...1
  /// Battery change per hour: up to ten full batteries.
  static let ratePerHour: ClosedRange<Double> = 0...10
  static let weight: ClosedRange<Double> = 0...1_000
  /// Multipliers that lengthen delays or intervals.
  static let lengthening: ClosedRange<Double> = 1...1_000
  /// The multiplier that shortens the interval after new data.
  static let shortening: ClosedRange<Double> = 0.01...1
  static let perDay: ClosedRange<Double> = 0...1_000
  /// New content per hour: up to one a minute.
  static let itemsPerHour: ClosedRange<Double> = 0...60
}
