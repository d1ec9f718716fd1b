/// Stable purposes of the scheduling world's draws (0x54xx); part of the
/// determinism contract: renumbering one changes every result that uses it.
///
/// Device conditions and the scheduler key their draws by the entity the
/// caller names (a user, a device), so a timeline or a run time is a
/// function of (seed, entity) alone, never of the order events are handled.
enum SchedulingPurpose {
  // Device conditions (0x5401…): ordinals are segment or session indices.
  static let batteryStart = DrawPurpose(rawValue: 0x5401)
  static let pluggedInAtStart = DrawPurpose(rawValue: 0x5402)
  static let chargingSegment = DrawPurpose(rawValue: 0x5403)
  static let lowPowerModeAlwaysOn = DrawPurpose(rawValue: 0x5404)
  static let networkState = DrawPurpose(rawValue: 0x5405)
  static let networkSegment = DrawPurpose(rawValue: 0x5406)
  static let backgroundAppRefreshOff = DrawPurpose(rawValue: 0x5407)
  static let dormant = DrawPurpose(rawValue: 0x5408)
  static let idleAtStart = DrawPurpose(rawValue: 0x5409)
  static let usageGap = DrawPurpose(rawValue: 0x540A)
  static let sessionLength = DrawPurpose(rawValue: 0x540B)
  static let forceQuit = DrawPurpose(rawValue: 0x540C)

  // The scheduler (0x5420…): ordinal = submission << 20 | deferral.
  static let schedulerDelay = DrawPurpose(rawValue: 0x5420)

  // The background fetch world (0x5440…): ordinals are item or fetch indices.
  static let contentArrival = DrawPurpose(rawValue: 0x5440)
  static let fetchDuration = DrawPurpose(rawValue: 0x5441)
  static let fetchFailure = DrawPurpose(rawValue: 0x5442)

  // Races (0x5480…).
  static let raceContentSnapshot = DrawPurpose(rawValue: 0x5480)
}
