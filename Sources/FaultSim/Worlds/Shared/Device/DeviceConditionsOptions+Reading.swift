/// Reading device conditions from a scenario's `conditions` section
/// (docs/scheduling-world.md). Any world that draws ``DeviceConditions``
/// can read its section with this.
extension DeviceConditionsOptions {
  init(reading reader: ScenarioObjectReader) throws(ScenarioError) {
    self.init()
    if let section = try reader.object("battery") { battery = try Battery(reading: section) }
    if let section = try reader.object("charging") { charging = try Charging(reading: section) }
    if let section = try reader.object("lowPowerMode") { lowPowerMode = try LowPowerMode(reading: section) }
    if let section = try reader.object("network") { network = try Network(reading: section) }
    if let section = try reader.object("backgroundAppRefresh") {
      backgroundAppRefresh.offUsers = try section.probability("offUsers", default: backgroundAppRefresh.offUsers)
    }
    if let section = try reader.object("usage") { usage = try Usage(reading: section) }
  }
}

extension DeviceConditionsOptions.Battery {
  init(reading reader: ScenarioObjectReader) throws(ScenarioError) {
    self.init()
    startMinimum = try reader.double("startMinimum", default: startMinimum, in: SchedulingLimits.level)
    startMaximum = try reader.double("startMaximum", default: startMaximum, in: SchedulingLimits.level)
    guard startMinimum <= startMaximum else {
      throw reader.error(
        "startMinimum \(AllowedRange.number(startMinimum)) is above startMaximum \(AllowedRange.number(startMaximum)); allowed startMinimum ≤ startMaximum",
        key: reader.contains("startMaximum") ? "startMaximum" : "startMinimum")
    }
    drainPerHour = try reader.double("drainPerHour", default: drainPerHour, in: SchedulingLimits.ratePerHour)
    chargePerHour = try reader.double("chargePerHour", default: chargePerHour, in: SchedulingLimits.ratePerHour)
  }
}

extension DeviceConditionsOptions.Charging {
  init(reading reader: ScenarioObjectReader) throws(ScenarioError) {
    self.init()
    pluggedInAtStart = try reader.probability("pluggedInAtStart", default: pluggedInAtStart)
    if let value = reader.value("unplugged") { unplugged = try LatencyDistribution.read(value) }
    if let value = reader.value("pluggedIn") { pluggedIn = try LatencyDistribution.read(value) }
  }
}

extension DeviceConditionsOptions.LowPowerMode {
  init(reading reader: ScenarioObjectReader) throws(ScenarioError) {
    self.init()
    switch try reader.choice("rule", default: "below-battery", among: ["below-battery", "never", "always"]) {
    case "below-battery":
      rule = .belowBattery(try reader.double("threshold", default: 0.2, in: SchedulingLimits.level))
    case let other:
      guard !reader.contains("threshold") else {
        throw reader.error("threshold applies only to the rule \"below-battery\", not \"\(other)\"", key: "threshold")
      }
      rule = other == "never" ? .never : .always
    }
    alwaysOnUsers = try reader.probability("alwaysOnUsers", default: alwaysOnUsers)
    if let values = try reader.array("periods") {
      guard SchedulingLimits.lowPowerModePeriods.contains(values.count) else {
        throw reader.error(
          "\(values.count) periods; allowed at most \(SchedulingLimits.lowPowerModePeriods.upperBound)", key: "periods")
      }
      var read: [ConditionPeriod] = []
      for value in values {
        let period = try value.object()
        let start = try period.duration("from", in: SchedulingLimits.span)
        let end = try period.duration("until", in: SchedulingLimits.span)
        guard start < end else { throw period.error("'from' must be before 'until'", key: "until") }
        read.append(ConditionPeriod(start: VirtualTime(nanoseconds: start), end: VirtualTime(nanoseconds: end)))
      }
      periods = read
    }
  }
}

extension DeviceConditionsOptions.Network {
  init(reading reader: ScenarioObjectReader) throws(ScenarioError) {
    self.init()
    func state(_ key: String, _ defaults: State) throws(ScenarioError) -> State {
      guard let section = try reader.object(key) else { return defaults }
      return State(
        weight: try section.double("weight", default: defaults.weight, in: SchedulingLimits.weight),
        meanDuration: .nanoseconds(
          try section.duration("meanDuration", default: defaults.meanDuration.nanoseconds, in: SchedulingLimits.spell)))
    }
    wifi = try state("wifi", wifi)
    cellular = try state("cellular", cellular)
    offline = try state("offline", offline)
    guard wifi.weight + cellular.weight + offline.weight > 0 else {
      throw reader.error("every weight is 0; at least one of wifi, cellular and offline needs a positive weight")
    }
  }
}

extension DeviceConditionsOptions.Usage {
  init(reading reader: ScenarioObjectReader) throws(ScenarioError) {
    self.init()
    meanGap = .nanoseconds(try reader.duration("meanGap", default: meanGap.nanoseconds, in: SchedulingLimits.usageGap))
    if let value = reader.value("session") { session = try LatencyDistribution.read(value) }
    if let value = reader.value("idleAtStart") { idleAtStart = try LatencyDistribution.read(value) }
    dormantUsers = try reader.probability("dormantUsers", default: dormantUsers)
    forceQuit = try reader.probability("forceQuit", default: forceQuit)
  }
}
