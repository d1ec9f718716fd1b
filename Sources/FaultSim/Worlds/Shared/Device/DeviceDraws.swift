/// The draw purposes of a device's conditions and of the OS task scheduler
/// (shared by the transfer and background-fetch worlds), in one place; the
/// raw values are part of the determinism contract.
///
/// Device conditions and the scheduler key their draws by the user (one user,
/// one device), so a timeline or a run time is a function of (seed, user)
/// alone, never of the order events are handled.
@usableFromInline package enum DeviceDraw: UInt64, DrawPurposeSet {
  // Device conditions (0x5401…), by user and spell or session index.
  /// The battery level at the start.
  case batteryStart = 0x5401
  /// Whether the device starts plugged in.
  case pluggedInAtStart = 0x5402
  /// The length of a charging or unplugged spell.
  case chargingSegment = 0x5403
  /// Whether the user keeps Low Power Mode on.
  case lowPowerModeAlwaysOn = 0x5404
  /// The network state of a spell (Wi-Fi, cellular, offline).
  case networkState = 0x5405
  /// The length of a network spell.
  case networkSegment = 0x5406
  /// Whether the user switched Background App Refresh off.
  case backgroundAppRefreshOff = 0x5407
  /// Whether the user never opens the app.
  case dormant = 0x5408
  /// How long before the user first opens the app.
  case idleAtStart = 0x5409
  /// The gap between two usage sessions.
  case usageGap = 0x540A
  /// The length of a usage session.
  case sessionLength = 0x540B
  /// Whether a usage session ends in a force-quit.
  case usageForceQuit = 0x540C
  // The scheduler (0x5420…), by user, submission and deferral.
  /// The scheduler's delay before it starts a request.
  case schedulerDelay = 0x5420

  /// What the purpose's draws decide.
  @usableFromInline package var role: DrawRole {
    switch self {
    case .schedulerDelay: .value
    default: .timeline
    }
  }
}

/// One user, with one device: the draws made once per user (a lifecycle
/// time, whether Background App Refresh is off).
///
/// Converts from an integer literal (`user: 3` in a test), never from an
/// integer variable, so a slot or counter cannot become a user by accident.
public struct UserIdentity: DrawIdentity, ExpressibleByIntegerLiteral {
  /// The user's number, `0 ..< users`.
  @usableFromInline package var user: Int

  /// The identity of user `user`'s draws (its device's conditions and decisions).
  @inlinable
  public init(user: Int) {
    self.user = user
  }

  /// User `value`, so that tests and examples can write `7` for
  /// `UserIdentity(user: 7)`.
  public init(integerLiteral value: Int) {
    self.init(user: value)
  }

  @inlinable package var entity: UInt64 { UInt64(user) }
  @inlinable package var occurrence: UInt64 { 0 }
}

/// The n-th step of a timeline drawn up front for one user: a charging or
/// network spell, a usage session, a content item.
@usableFromInline package struct TimelineStepIdentity: DrawIdentity {
  /// The user (device) whose draw it is.
  @usableFromInline package var user: UserIdentity
  /// The step's index in its timeline, from 0.
  @usableFromInline package var step: UInt64

  /// The identity of step `step` (from 0) of one of `user`'s timelines.
  @inlinable
  package init(_ user: UserIdentity, step: UInt64) {
    self.user = user
    self.step = step
  }

  @inlinable package var entity: UInt64 { user.entity }
  @inlinable package var occurrence: UInt64 { step }
}

/// One evaluation of the scheduler's rule for one submission of one user:
/// the user's n-th submission, deferred d times.
@usableFromInline package struct SchedulerDecisionIdentity: DrawIdentity {
  /// The user (device) whose draw it is.
  @usableFromInline package var user: UserIdentity
  /// Which submission of this user (0, 1, …), replacements included.
  @usableFromInline package var submission: UInt64
  /// How often the rule deferred it (below 2²⁰).
  @usableFromInline package var deferral: UInt64

  /// The identity of the scheduler's decision on `user`'s `submission`-th request after `deferral` deferrals.
  @inlinable
  package init(_ user: UserIdentity, submission: UInt64, deferral: UInt64) {
    self.user = user
    self.submission = submission
    self.deferral = deferral
  }

  @inlinable package var entity: UInt64 { user.entity }
  @inlinable package var occurrence: UInt64 { submission << 20 | deferral }
}

/// One background fetch of one user: the user's n-th wake.
@usableFromInline package struct FetchIdentity: DrawIdentity {
  /// The user (device) whose draw it is.
  @usableFromInline package var user: UserIdentity
  /// The fetch's number for this user, from 0.
  @usableFromInline package var fetch: UInt32

  /// The identity of `user`'s fetch number `fetch` (from 0).
  @inlinable
  package init(_ user: UserIdentity, fetch: UInt32) {
    self.user = user
    self.fetch = fetch
  }

  @inlinable package var entity: UInt64 { user.entity }
  @inlinable package var occurrence: UInt64 { UInt64(fetch) }
}
