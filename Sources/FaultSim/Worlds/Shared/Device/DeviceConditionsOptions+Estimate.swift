/// How much memory one device's condition timelines take.
extension DeviceConditionsOptions {
  /// About how many bytes the conditions of one device hold up to
  /// `horizon`: every timeline is drawn up front (see
  /// ``DeviceConditions/generate(_:horizon:user:random:)``), so it grows
  /// with the horizon over the typical spell — 48 h of one-minute network
  /// spells is 2,000 spells a device.
  ///
  /// Expected counts (spells no shorter than `shortestSpell`) times the
  /// layouts that hold them: a network spell; per charging cycle its
  /// period, the low-battery and Low Power Mode periods it creates and two
  /// battery points; per usage session its period and a force-quit; and
  /// half again for variance and array growth; and each of its eight
  /// timelines' array.
  ///
  /// - Complexity: O(1).
  @usableFromInline package func estimatedBytes(horizon: VirtualDuration) -> UInt64 {
    let spell = Double(Self.shortestSpell.nanoseconds)
    let span = Double(horizon.nanoseconds)
    let weighted = network.states.filter { $0.1.weight > 0 }
    let totalWeight = weighted.reduce(0.0) { $0 + $1.1.weight }
    let meanSpell =
      totalWeight > 0
      ? weighted.reduce(0.0) { $0 + $1.1.weight * max(spell, Double($1.1.meanDuration.nanoseconds)) } / totalWeight
      : span
    let period = Double(MemoryLayout<ConditionPeriod>.stride)
    let networkBytes = span / max(spell, meanSpell) * Double(MemoryLayout<NetworkTimeline.Spell>.stride)
    let cycle = max(spell, charging.unplugged.mean) + max(spell, charging.pluggedIn.mean)
    let chargingBytes = span / cycle * (3 * period + 2 * Double(MemoryLayout<BatteryTimeline.Point>.stride))
    let usageBytes = span / max(spell, Double(usage.meanGap.nanoseconds)) * 2 * period
    let fixedBytes =
      Double(MemoryLayout<DeviceConditions>.stride) + 8 * Double(MemoryFootprint.arrayHeader)
      + Double(lowPowerMode.periods.count) * period
    let total = (fixedBytes + networkBytes + chargingBytes + usageBytes) * 1.5
    return total >= Double(UInt64.max) ? .max : UInt64(total)
  }
}
