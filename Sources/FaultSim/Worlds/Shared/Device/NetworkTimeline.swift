/// What connectivity a device has.
@usableFromInline package enum NetworkAvailability: String, CaseIterable, Hashable, Sendable {
  /// On Wi-Fi: online, and not an expensive network.
  case wifi
  /// On cellular: online, on the expensive network.
  case cellular
  /// No connectivity: requests cannot leave the device.
  case offline

  /// Whether requests can leave the device.
  @usableFromInline package var isOnline: Bool { self != .offline }
}

/// A device's connectivity over virtual time: consecutive spells, each in
/// one ``NetworkAvailability`` state, from time zero on.
@usableFromInline package struct NetworkTimeline: Hashable, Sendable, CustomStringConvertible {
  /// One spell: the state from `start` until the next spell's start.
  @usableFromInline package struct Spell: Hashable, Sendable {
    /// When the spell begins.
    @usableFromInline package var start: VirtualTime
    /// The connectivity during the spell.
    @usableFromInline package var availability: NetworkAvailability

    /// A spell of `availability` from `start`.
    @usableFromInline package init(start: VirtualTime, availability: NetworkAvailability) {
      self.start = start
      self.availability = availability
    }
  }

  /// The spells in time order; the first starts at zero.
  @usableFromInline package let spells: [Spell]
  /// The periods without connectivity, for the scheduler's queries.
  @usableFromInline package let offline: ConditionPeriods

  /// A timeline from spells in time order; a missing spell at zero is
  /// taken as Wi-Fi. Spells after `horizon` are ignored; the last spell
  /// lasts until `horizon`.
  ///
  /// - Complexity: O(n) for n spells.
  @usableFromInline package init(_ spells: [Spell], horizon: VirtualTime) {
    var kept: [Spell] = []
    kept.reserveCapacity(spells.count + 1)
    if spells.first.map({ $0.start > .zero }) ?? true {
      kept.append(Spell(start: .zero, availability: .wifi))
    }
    for spell in spells where spell.start < horizon || spell.start == .zero {
      precondition(kept.last.map { $0.start <= spell.start } ?? true, "network spells must be in time order")
      if kept.last?.start == spell.start { kept.removeLast() }
      if kept.last?.availability == spell.availability { continue }
      kept.append(spell)
    }
    self.spells = kept
    var offline = ConditionPeriods()
    for (index, spell) in kept.enumerated() where spell.availability == .offline {
      let end = index + 1 < kept.count ? kept[index + 1].start : max(horizon, spell.start)
      offline.append(ConditionPeriod(start: spell.start, end: end))
    }
    self.offline = offline
  }

  /// Always in one state.
  @usableFromInline package static func always(_ availability: NetworkAvailability, horizon: VirtualTime)
    -> NetworkTimeline
  {
    NetworkTimeline([Spell(start: .zero, availability: availability)], horizon: horizon)
  }

  /// The state at `time`.
  ///
  /// - Complexity: O(log n).
  @usableFromInline package func availability(at time: VirtualTime) -> NetworkAvailability {
    var low = 0
    var high = spells.count
    // The last spell starting at or before `time`.
    while low < high {
      let middle = (low + high) / 2
      if spells[middle].start <= time { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? spells[0].availability : spells[low - 1].availability
  }

  /// The spells in order, `<start> <state>` each: `0.000000s wifi, 7200.000000s
  /// cellular`.
  @usableFromInline package var description: String {
    spells.map { "\($0.start) \($0.availability.rawValue)" }.joined(separator: ", ")
  }
}
