/// How much memory one device's condition timelines take.
extension DeviceConditionsOptions {
  /// About how many bytes the conditions of one device hold up to
  /// `horizon`: every timeline is drawn up front (see
  /// ``DeviceConditions/generate(_:horizon:user:random:)``), so it grows
  /// with the horizon over the typical spell — 48 h of one-minute network
  /// spells is 2,000 spells a device.
  ///
  /// Expected counts (spells no shorter than `shortestSpell`), 16 bytes
  /// a spell or period, 96 per charging cycle (its period, battery points
  /// and the low-battery and Low Power Mode periods it creates), 32 per
  /// usage session (it and a force-quit), and half again for variance and
  /// array growth. Measured (release, 48 h, one-minute network spells,
  /// 10,000 users): 16 bytes per network spell.
  ///
  /// - Complexity: O(1).
  public func estimatedBytes(horizon: VirtualDuration) -> UInt64 {
    let spell = Double(Self.shortestSpell.nanoseconds)
    let span = Double(horizon.nanoseconds)
    let weighted = network.states.filter { $0.1.weight > 0 }
    let totalWeight = weighted.reduce(0.0) { $0 + $1.1.weight }
    let meanSpell =
      totalWeight > 0
      ? weighted.reduce(0.0) { $0 + $1.1.weight * max(spell, Double($1.1.meanDuration.nanoseconds)) } / totalWeight
      : span
    let networkBytes = span / max(spell, meanSpell) * 16
    let cycle = max(spell, charging.unplugged.mean) + max(spell, charging.pluggedIn.mean)
    let chargingBytes = span / cycle * 96
    let usageBytes = span / max(spell, Double(usage.meanGap.nanoseconds)) * 32
    let fixedBytes = 1_024 + Double(lowPowerMode.periods.count) * 16
    let total = (fixedBytes + networkBytes + chargingBytes + usageBytes) * 1.5
    return total >= Double(UInt64.max) ? .max : UInt64(total)
  }
}
