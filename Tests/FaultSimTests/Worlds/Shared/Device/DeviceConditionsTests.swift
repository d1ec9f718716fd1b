import Testing

@testable import FaultSim

/// Device conditions: period arithmetic, the battery timeline, and drawn
/// timelines that depend on the seed and the user only.
@Suite struct DeviceConditionsTests {
  static let minute: UInt64 = 60_000_000_000
  static let hour: UInt64 = 3_600_000_000_000

  static func at(minutes: UInt64) -> VirtualTime { VirtualTime(nanoseconds: minutes * minute) }

  static func period(_ from: UInt64, _ until: UInt64) -> ConditionPeriod {
    ConditionPeriod(start: at(minutes: from), end: at(minutes: until))
  }

  @Test func periodsMergeAndAnswerQueries() {
    let periods = ConditionPeriods([Self.period(30, 40), Self.period(0, 10), Self.period(10, 20), Self.period(35, 50)])
    #expect(periods.periods == [Self.period(0, 20), Self.period(30, 50)])
    #expect(periods.contains(Self.at(minutes: 0)))
    #expect(!periods.contains(Self.at(minutes: 20)))
    #expect(periods.nextStart(atOrAfter: Self.at(minutes: 20)) == Self.at(minutes: 30))
    #expect(periods.nextStart(atOrAfter: Self.at(minutes: 31)) == Self.at(minutes: 31))
    #expect(periods.nextStart(atOrAfter: Self.at(minutes: 50)) == nil)
    #expect(periods.nextEnd(atOrAfter: Self.at(minutes: 31)) == Self.at(minutes: 50))
    #expect(periods.lastEnd(atOrBefore: Self.at(minutes: 25)) == Self.at(minutes: 20))
    #expect(periods.lastEnd(atOrBefore: Self.at(minutes: 5)) == nil)
    let cut = periods.subtracting(ConditionPeriods([Self.period(5, 8), Self.period(15, 35), Self.period(45, 60)]))
    #expect(cut.periods == [Self.period(0, 5), Self.period(8, 15), Self.period(35, 45)])
    #expect(cut.coverage(before: Self.at(minutes: 40)).nanoseconds == 17 * Self.minute)
  }

  @Test func theBatteryDrainsChargesAndClamps() {
    // Unplugged 0–5 h at 10%/h from 50%, plugged 5–6 h at 100%/h, unplugged after.
    let charging = ConditionPeriods([ConditionPeriod(start: Self.at(minutes: 300), end: Self.at(minutes: 360))])
    let battery = BatteryTimeline(
      start: 0.5, charging: charging, drainPerHour: 0.1, chargePerHour: 1, horizon: Self.at(minutes: 600))
    #expect(abs(battery.level(at: Self.at(minutes: 120)) - 0.3) < 1e-9)
    #expect(battery.level(at: Self.at(minutes: 300)) == 0)
    #expect(battery.level(at: Self.at(minutes: 330)) == 0.5)
    #expect(battery.level(at: Self.at(minutes: 360)) == 1)
    #expect(abs(battery.level(at: Self.at(minutes: 420)) - 0.9) < 1e-9)
    // Below 20%: from 3 h until plugged in at 5 h, then never again.
    let low = battery.periods(below: 0.2, horizon: Self.at(minutes: 600)).subtracting(charging)
    #expect(low.periods == [Self.period(180, 300)])
  }

  @Test func aTimelineIsAFunctionOfTheSeedAndTheUserOnly() {
    let options = DeviceConditionsOptions()
    let horizon = VirtualTime(nanoseconds: 72 * Self.hour)
    let random = KeyedRandom(seed: 11)
    let a = DeviceConditions.generate(options, horizon: horizon, user: 3, random: random)
    // Drawing other users first changes nothing.
    for other in 0..<3 as Range<UInt64> {
      _ = DeviceConditions.generate(options, horizon: horizon, user: UserIdentity(user: Int(other)), random: random)
    }
    let b = DeviceConditions.generate(options, horizon: horizon, user: 3, random: KeyedRandom(seed: 11))
    #expect(a == b)
    #expect(a != DeviceConditions.generate(options, horizon: horizon, user: 4, random: random))
    #expect(a != DeviceConditions.generate(options, horizon: horizon, user: 3, random: KeyedRandom(seed: 12)))
  }

  @Test func drawnTimelinesKeepTheirInvariants() {
    var options = DeviceConditionsOptions()
    options.usage.forceQuit = 0.5
    options.usage.meanGap = .nanoseconds(2 * Self.hour)
    let horizon = VirtualTime(nanoseconds: 48 * Self.hour)
    for seed in 0..<20 as Range<UInt64> {
      let conditions = DeviceConditions.generate(options, horizon: horizon, user: 0, random: KeyedRandom(seed: seed))
      // Low Power Mode (below 20%) and an empty battery never while charging.
      #expect(conditions.lowPowerMode.subtracting(conditions.charging) == conditions.lowPowerMode, "seed \(seed)")
      #expect(conditions.batteryEmpty.subtracting(conditions.charging) == conditions.batteryEmpty, "seed \(seed)")
      for period in conditions.lowPowerMode.periods {
        #expect(conditions.batteryLevel(at: period.start) <= 0.2 + 1e-9, "seed \(seed)")
      }
      // A force-quit lasts until the next open, and never overlaps a session.
      for quit in conditions.forceQuit.periods {
        #expect(!conditions.isForeground(at: quit.start), "seed \(seed)")
        #expect(quit.end == horizon || conditions.foreground.periods.contains { $0.start == quit.end }, "seed \(seed)")
      }
      #expect(conditions.idleDuration(at: conditions.opens.first ?? .zero) == .zero || conditions.opens.isEmpty)
      for spell in conditions.network.spells { #expect(spell.start < horizon) }
    }
  }
}
