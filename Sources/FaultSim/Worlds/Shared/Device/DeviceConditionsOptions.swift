/// How a population's device conditions are drawn: battery,
/// charging, Low Power Mode, network, the Background App Refresh switch
/// and how the user uses (and force-quits) the app. One plain struct per
/// condition; every default is documented on its property and in
/// docs/scheduling-world.md.
public struct DeviceConditionsOptions: Hashable, Sendable {
  /// The battery's level at the start and how fast it drains and charges.
  @usableFromInline package struct Battery: Hashable, Sendable {
    /// The lowest starting level (0…1). Default 0.3.
    @usableFromInline package var startMinimum = 0.3
    /// The highest starting level (0…1, at least `startMinimum`); the start
    /// is uniform between the two. Default 1.0.
    @usableFromInline package var startMaximum = 1.0
    /// Level lost per hour while unplugged. Default 0.06 (a full battery
    /// lasts about 17 hours).
    @usableFromInline package var drainPerHour = 0.06
    /// Level gained per hour while plugged in. Default 0.5 (two hours from
    /// empty to full).
    @usableFromInline package var chargePerHour = 0.5

    /// The model's defaults: what a scenario that writes none of the section's
    /// keys runs.
    @usableFromInline package init() {}
  }

  /// When the device is plugged in: alternating unplugged and plugged-in
  /// spells.
  @usableFromInline package struct Charging: Hashable, Sendable {
    /// Probability that a device is plugged in at the start. Default 0.2.
    @usableFromInline package var pluggedInAtStart = 0.2
    /// Length of an unplugged spell. Default uniform 6 h–16 h.
    @usableFromInline package var unplugged = LatencyDistribution.uniform(min: Self.hours(6), max: Self.hours(16))
    /// Length of a plugged-in spell. Default uniform 1 h–8 h.
    @usableFromInline package var pluggedIn = LatencyDistribution.uniform(min: Self.hours(1), max: Self.hours(8))

    /// The model's defaults: what a scenario that writes none of the section's
    /// keys runs.
    @usableFromInline package init() {}

    static func hours(_ count: UInt64) -> VirtualDuration { .nanoseconds(count * 3_600_000_000_000) }
  }

  /// When Low Power Mode is on.
  @usableFromInline package struct LowPowerMode: Hashable, Sendable {
    /// The rule that switches it on.
    @usableFromInline package enum Rule: Hashable, Sendable {
      /// Only the explicit `periods` (and always-on users).
      case never
      /// On whenever the battery is below the level and the device is not
      /// plugged in (the user accepts iOS's 20% prompt; charging ends it).
      case belowBattery(Double)
      /// On for the whole run.
      case always

      /// The level of `belowBattery` when a scenario names the rule
      /// without one: iOS's 20% prompt.
      @usableFromInline package static let defaultThreshold = 0.2
    }

    /// When it is on: below a battery level (and unplugged), never (only
    /// `periods`), or always. Default `.belowBattery(0.2)`.
    @usableFromInline package var rule = Rule.belowBattery(Rule.defaultThreshold)
    /// Probability that a user keeps Low Power Mode on all the time.
    /// Default 0.
    @usableFromInline package var alwaysOnUsers = 0.0
    /// Periods in which Low Power Mode is on for every user, on top of the
    /// rule. Default none.
    @usableFromInline package var periods: [ConditionPeriod] = []

    /// The model's defaults: what a scenario that writes none of the section's
    /// keys runs.
    @usableFromInline package init() {}
  }

  /// Connectivity: a chain of Wi-Fi, cellular and offline spells.
  ///
  /// The first state is drawn by weight; each spell lasts an exponential
  /// time with its state's mean; the next state is drawn by weight among
  /// the other states.
  @usableFromInline package struct Network: Hashable, Sendable {
    /// One state's share and spell length.
    @usableFromInline package struct State: Hashable, Sendable {
      /// Relative weight (≥ 0) when the next state is drawn.
      @usableFromInline package var weight: Double
      /// Mean length of a spell in this state.
      @usableFromInline package var meanDuration: VirtualDuration

      /// A state drawn with relative weight `weight` whose spells last
      /// `meanDuration` on average.
      @usableFromInline package init(weight: Double, meanDuration: VirtualDuration) {
        self.weight = weight
        self.meanDuration = meanDuration
      }
    }

    /// Default weight 0.6, mean 3 h.
    @usableFromInline package var wifi = State(weight: 0.6, meanDuration: .hours(3))
    /// Default weight 0.3, mean 1 h.
    @usableFromInline package var cellular = State(weight: 0.3, meanDuration: .hours(1))
    /// Default weight 0.1, mean 20 min.
    @usableFromInline package var offline = State(weight: 0.1, meanDuration: .minutes(20))

    /// The model's defaults: what a scenario that writes none of the section's
    /// keys runs.
    @usableFromInline package init() {}

    /// The states in a fixed order (the order of the weighted draw).
    var states: [(NetworkAvailability, State)] { [(.wifi, wifi), (.cellular, cellular), (.offline, offline)] }
  }

  /// Settings ▸ General ▸ Background App Refresh, per user.
  @usableFromInline package struct BackgroundAppRefresh: Hashable, Sendable {
    /// Probability that a user has switched it off for the app, for the
    /// whole run. Default 0.05.
    @usableFromInline package var offUsers = 0.05

    /// The model's defaults: what a scenario that writes none of the section's
    /// keys runs. 5% of users have it off.
    @usableFromInline package init() {}
  }

  /// When the user opens the app, how long they stay, and whether they
  /// force-quit it afterwards.
  @usableFromInline package struct Usage: Hashable, Sendable {
    /// Mean time from the end of one session to the next open (a Poisson
    /// process). Default 8 h.
    @usableFromInline package var meanGap: VirtualDuration = .hours(8)
    /// Length of a foreground session. Default uniform 30 s–5 min.
    @usableFromInline package var session = LatencyDistribution.uniform(
      min: .seconds(30), max: .minutes(5))
    /// How long before the start the app was last used. Default uniform
    /// 0–12 h.
    @usableFromInline package var idleAtStart = LatencyDistribution.uniform(min: .zero, max: .hours(12))
    /// Probability that a user does not open the app at all during the run.
    /// Default 0.
    @usableFromInline package var dormantUsers = 0.0
    /// Probability that a session ends with a force-quit from the app
    /// switcher; nothing runs in the background until the next open.
    /// Default 0.05.
    @usableFromInline package var forceQuit = 0.05

    /// The model's defaults: what a scenario that writes none of the section's
    /// keys runs.
    @usableFromInline package init() {}
  }

  /// The battery's level at the start, its drain and charge.
  @usableFromInline package var battery = Battery()
  /// Alternating unplugged and plugged-in spells.
  @usableFromInline package var charging = Charging()
  /// When Low Power Mode is on.
  @usableFromInline package var lowPowerMode = LowPowerMode()
  /// A chain of Wi-Fi, cellular and offline spells.
  @usableFromInline package var network = Network()
  /// Whether the user switched Background App Refresh off for the app.
  @usableFromInline package var backgroundAppRefresh = BackgroundAppRefresh()
  /// When the user opens the app, for how long, and whether they force-quit it.
  @usableFromInline package var usage = Usage()

  /// The model's defaults for every condition: what a `conditions` section that
  /// writes no key draws.
  public init() {}

  /// Spells (charging, network, usage gaps and sessions) shorter than this
  /// are lengthened to it, so that a timeline over a month stays small.
  @usableFromInline package static let shortestSpell = VirtualDuration.minutes(1)
  /// Sessions shorter than this are lengthened to it.
  @usableFromInline package static let shortestSession = VirtualDuration.seconds(1)
}
