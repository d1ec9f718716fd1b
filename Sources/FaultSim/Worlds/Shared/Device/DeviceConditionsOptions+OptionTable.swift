/// Device conditions in a scenario's `conditions` section
/// (docs/scheduling-world.md), shared by every world that draws
/// ``DeviceConditions``.
extension DeviceConditionsOptions {
  /// The section's objects, in reading order.
  static let optionTable = OptionTable<Self>(
    documentation: "scheduling-world.md#conditions",
    [
      .section("battery", \.battery, Battery.optionTable, "the battery's level at the start, its drain and charge"),
      .section("charging", \.charging, Charging.optionTable, "alternating unplugged and plugged-in spells"),
      .section("lowPowerMode", \.lowPowerMode, LowPowerMode.optionTable, "when Low Power Mode is on"),
      .section("network", \.network, Network.optionTable, "a chain of Wi-Fi, cellular and offline spells"),
      .section(
        "backgroundAppRefresh", \.backgroundAppRefresh,
        OptionTable<BackgroundAppRefresh>([
          .option(.probability("offUsers", "users with the switch off for the whole run"), \.offUsers)
        ]),
        "Settings ▸ General ▸ Background App Refresh, per user"),
      .section("usage", \.usage, Usage.optionTable, "when the user opens the app, for how long, and force-quits"),
    ])
}

extension DeviceConditionsOptions.Battery {
  /// The `battery` object's keys, in reading order.
  static let optionTable = OptionTable<Self>([
    .option(.number("startMinimum", in: SchedulingLimits.level, "lowest starting level"), \.startMinimum),
    .option(
      .number("startMaximum", in: SchedulingLimits.level, "highest starting level (the start is uniform between)"),
      \.startMaximum),
    .check(("startMaximum", "≥ startMinimum")) { battery, reader throws(ScenarioError) in
      guard battery.startMinimum <= battery.startMaximum else {
        throw reader.error(
          "startMinimum \(AllowedRange.number(battery.startMinimum)) is above startMaximum \(AllowedRange.number(battery.startMaximum)); allowed startMinimum ≤ startMaximum",
          key: reader.contains("startMaximum") ? "startMaximum" : "startMinimum")
      }
    },
    .option(.number("drainPerHour", in: SchedulingLimits.ratePerHour, "level lost per hour unplugged"), \.drainPerHour),
    .option(
      .number("chargePerHour", in: SchedulingLimits.ratePerHour, "level gained per hour plugged in"), \.chargePerHour),
  ])
}

extension DeviceConditionsOptions.Charging {
  /// The `charging` object's keys, in reading order.
  static let optionTable = OptionTable<Self>([
    .option(.probability("pluggedInAtStart", "plugged in at time zero"), \.pluggedInAtStart),
    .option(.distribution("unplugged", "length of an unplugged spell"), \.unplugged),
    .option(.distribution("pluggedIn", "length of a plugged-in spell"), \.pluggedIn),
  ])
}

extension DeviceConditionsOptions.LowPowerMode {
  /// `rule` and the `threshold` that only its `below-battery` case takes.
  static let rule = OptionField<String>(
    "rule", "when it is on: `below-battery` (and unplugged), `never` (only `periods`), or `always`",
    type: .choice(Rule.names),
    reading: { reader, key, fallback throws(ScenarioError) in
      try reader.choice(key, default: fallback, among: Rule.names)
    },
    literal: { .string($0) })
  static let threshold = OptionField<Double>.number(
    "threshold", in: SchedulingLimits.level, "the battery level of `below-battery` (only with that rule)")
  /// `periods`' bounds, as `{"from": …, "until": …}`.
  static let from = OptionField<VirtualDuration>.duration("from", in: SchedulingLimits.span, "the start")
  static let until = OptionField<VirtualDuration>.duration("until", in: SchedulingLimits.span, "the end (after `from`)")

  /// The `lowPowerMode` object's keys, in reading order.
  static let optionTable = OptionTable<Self>([
    .custom(keys: { template in
      [
        rule.description(default: .value(.string(template.rule.name))),
        threshold.description(default: template.rule.threshold.map { .value(.number($0)) } ?? .required),
      ]
    }) { lowPowerMode, reader throws(ScenarioError) in
      switch try rule.read(reader, default: lowPowerMode.rule.name) {
      case "below-battery":
        let level = try threshold.read(reader, default: lowPowerMode.rule.threshold ?? Rule.defaultThreshold)
        lowPowerMode.rule = .belowBattery(level)
      case let other:
        guard !reader.contains(threshold.key) else {
          throw reader.error(
            "threshold applies only to the rule \"below-battery\", not \"\(other)\"", key: threshold.key)
        }
        lowPowerMode.rule = other == "never" ? .never : .always
      }
    },
    .option(.probability("alwaysOnUsers", "users who keep it on all the time"), \.alwaysOnUsers),
    .custom(keys: { _ in
      [
        OptionDescription(
          key: "periods", summary: "on for every user, on top of the rule",
          type: .array(
            .object(OptionObject(keys: [from.standaloneDescription, until.standaloneDescription])),
            count: SchedulingLimits.lowPowerModePeriods),
          defaultValue: .absent("none"))
      ]
    }) { lowPowerMode, reader throws(ScenarioError) in
      guard let values = try reader.array("periods") else { return }
      guard SchedulingLimits.lowPowerModePeriods.contains(values.count) else {
        throw reader.error(
          "\(values.count) periods; allowed at most \(SchedulingLimits.lowPowerModePeriods.upperBound)", key: "periods")
      }
      var read: [ConditionPeriod] = []
      for value in values {
        let period = try value.object()
        let start = try from.read(period)
        let end = try until.read(period)
        guard start < end else { throw period.error("'from' must be before 'until'", key: "until") }
        read.append(
          ConditionPeriod(
            start: VirtualTime(nanoseconds: start.nanoseconds), end: VirtualTime(nanoseconds: end.nanoseconds)))
      }
      lowPowerMode.periods = read
    },
  ])
}

extension DeviceConditionsOptions.LowPowerMode.Rule {
  /// The rules as scenarios name them, in the order messages list them.
  static let names = ["below-battery", "never", "always"]

  /// The rule's name in a scenario.
  var name: String {
    switch self {
    case .belowBattery: return "below-battery"
    case .never: return "never"
    case .always: return "always"
    }
  }

  /// The level of `below-battery`, else `nil`.
  var threshold: Double? {
    if case .belowBattery(let level) = self { return level }
    return nil
  }
}

extension DeviceConditionsOptions.Network {
  /// The `network` object's keys, in reading order.
  static let optionTable = OptionTable<Self>([
    .section("wifi", \.wifi, State.optionTable, "Wi-Fi spells"),
    .section("cellular", \.cellular, State.optionTable, "cellular spells"),
    .section("offline", \.offline, State.optionTable, "offline spells"),
    .check(("offline", "some weight must be positive")) { network, reader throws(ScenarioError) in
      guard network.wifi.weight + network.cellular.weight + network.offline.weight > 0 else {
        throw reader.error("every weight is 0; at least one of wifi, cellular and offline needs a positive weight")
      }
    },
  ])
}

extension DeviceConditionsOptions.Network.State {
  /// One state's keys, in reading order.
  static let optionTable = OptionTable<Self>([
    .option(.number("weight", in: SchedulingLimits.weight, "relative weight when the next state is drawn"), \.weight),
    .option(
      .duration("meanDuration", in: SchedulingLimits.spell, "mean length of a spell (exponential)"), \.meanDuration),
  ])
}

extension DeviceConditionsOptions.Usage {
  /// The `usage` object's keys, in reading order.
  static let optionTable = OptionTable<Self>([
    .option(
      .duration("meanGap", in: SchedulingLimits.usageGap, "mean time from the end of a session to the next open"),
      \.meanGap),
    .option(.distribution("session", "foreground session length"), \.session),
    .option(.distribution("idleAtStart", "time since the last use at time zero"), \.idleAtStart),
    .option(.probability("dormantUsers", "users who never open the app"), \.dormantUsers),
    .option(.probability("forceQuit", "a session ends with a force-quit from the app switcher"), \.forceQuit),
  ])
}
