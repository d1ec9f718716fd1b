/// Drawing a device's conditions from options and keyed draws.
extension DeviceConditions {
  /// The conditions of `user`'s device up to `horizon`, drawn from
  /// `options`.
  ///
  /// Every draw is keyed by (`user`, condition, spell index) in the
  /// `DeviceDraw` purposes, so the timeline depends on the seed and the
  /// user only.
  /// Spells shorter than `DeviceConditionsOptions.shortestSpell` and
  /// sessions shorter than `DeviceConditionsOptions.shortestSession` are
  /// lengthened to it.
  ///
  /// - Complexity: O(s) for s spells and sessions before `horizon`.
  public static func generate(
    _ options: DeviceConditionsOptions, horizon: VirtualTime, user: UserIdentity, random: KeyedRandom
  ) -> DeviceConditions {
    func key(_ draw: DeviceDraw, _ step: Int = 0) -> DrawKey {
      DrawKey(TimelineStepIdentity(user, step: UInt64(step)), draw.purpose)
    }
    let end = horizon.nanoseconds
    let spell = DeviceConditionsOptions.shortestSpell.nanoseconds

    // Charging: alternating unplugged and plugged-in spells.
    var charging = ConditionPeriods()
    var plugged = random.bernoulli(options.charging.pluggedInAtStart, key(.pluggedInAtStart))
    var time: UInt64 = 0
    var index = 0
    while time < end {
      let distribution = plugged ? options.charging.pluggedIn : options.charging.unplugged
      let length = max(spell, distribution.sample(random.word(key(.chargingSegment, index))))
      let spellEnd = min(end, time &+ length < time ? end : time + length)
      if plugged {
        charging.append(ConditionPeriod(start: VirtualTime(nanoseconds: time), end: .init(nanoseconds: spellEnd)))
      }
      time = spellEnd
      plugged.toggle()
      index += 1
    }

    // Battery: a uniform start, then drain and charge.
    let battery = options.battery
    let start =
      battery.startMinimum + (battery.startMaximum - battery.startMinimum)
      * random.unit(key(.batteryStart))
    let levels = BatteryTimeline(
      start: start, charging: charging, drainPerHour: battery.drainPerHour, chargePerHour: battery.chargePerHour,
      horizon: horizon)
    let empty = levels.periods(below: shutdownLevel, horizon: horizon).subtracting(charging)

    // Low Power Mode.
    var lowPower = ConditionPeriods(options.lowPowerMode.periods)
    let alwaysOn = random.bernoulli(options.lowPowerMode.alwaysOnUsers, key(.lowPowerModeAlwaysOn))
    switch options.lowPowerMode.rule {
    case .always:
      lowPower = ConditionPeriods(from: .zero, until: horizon)
    case .belowBattery(let threshold) where !alwaysOn:
      lowPower = lowPower.union(levels.periods(below: threshold, horizon: horizon).subtracting(charging))
    case .never, .belowBattery:
      break
    }
    if alwaysOn { lowPower = ConditionPeriods(from: .zero, until: horizon) }

    // Network: a chain of spells.
    let states = options.network.states
    func pick(_ unit: Double, excluding current: NetworkAvailability?) -> NetworkAvailability? {
      let candidates = states.filter { $0.0 != current && $0.1.weight > 0 }
      let total = candidates.reduce(0.0) { $0 + $1.1.weight }
      guard total > 0 else { return nil }
      var remaining = unit * total
      for (state, settings) in candidates {
        if remaining < settings.weight { return state }
        remaining -= settings.weight
      }
      return candidates.last?.0
    }
    var spells: [NetworkTimeline.Spell] = []
    var state = pick(random.unit(key(.networkState)), excluding: nil) ?? .wifi
    time = 0
    index = 0
    while time < end {
      spells.append(NetworkTimeline.Spell(start: VirtualTime(nanoseconds: time), availability: state))
      let mean = states.first { $0.0 == state }?.1.meanDuration ?? .zero
      let length = max(
        spell,
        LatencyDistribution.exponential(mean: mean).sample(random.word(key(.networkSegment, index))))
      time = time &+ length < time ? end : time + length
      index += 1
      guard let next = pick(random.unit(key(.networkState, index)), excluding: state) else { break }
      state = next
    }

    // Background App Refresh.
    let refreshOff =
      random.bernoulli(options.backgroundAppRefresh.offUsers, key(.backgroundAppRefreshOff))
      ? ConditionPeriods(from: .zero, until: horizon) : ConditionPeriods()

    // Usage: sessions at Poisson opens; force-quits until the next open.
    let usage = options.usage
    let idle = VirtualDuration(nanoseconds: usage.idleAtStart.sample(random.word(key(.idleAtStart))))
    var foreground = ConditionPeriods()
    var quits: [UInt64] = []
    if !random.bernoulli(usage.dormantUsers, key(.dormant)) {
      let gaps = LatencyDistribution.exponential(mean: usage.meanGap)
      time = 0
      index = 0
      while true {
        let gap = max(spell, gaps.sample(random.word(key(.usageGap, index))))
        guard time &+ gap > time, time + gap < end else { break }
        let open = time + gap
        let length = max(
          DeviceConditionsOptions.shortestSession.nanoseconds,
          usage.session.sample(random.word(key(.sessionLength, index))))
        let close = open &+ length < open ? end : min(end, open + length)
        foreground.append(ConditionPeriod(start: VirtualTime(nanoseconds: open), end: VirtualTime(nanoseconds: close)))
        if random.bernoulli(usage.forceQuit, key(.usageForceQuit, index)) { quits.append(close) }
        time = close
        index += 1
      }
    }
    var forceQuit = ConditionPeriods()
    for quit in quits {
      let reopen = foreground.nextStart(atOrAfter: VirtualTime(nanoseconds: quit)) ?? horizon
      forceQuit.append(ConditionPeriod(start: VirtualTime(nanoseconds: quit), end: reopen))
    }

    return DeviceConditions(
      horizon: horizon, charging: charging, battery: levels, batteryEmpty: empty, lowPowerMode: lowPower,
      network: NetworkTimeline(spells, horizon: horizon), backgroundAppRefreshOff: refreshOff,
      foreground: foreground, forceQuit: forceQuit, idleAtStart: idle)
  }
}
