/// A battery's level (0…1) over virtual time: straight lines between
/// breakpoints, constant after the last one.
///
/// Built from the charging periods: the level falls at the drain rate while
/// unplugged and rises at the charge rate while plugged in, clamped to
/// 0…1. Levels are `Double`s computed with IEEE-754 additions,
/// multiplications and divisions only, which round the same on every
/// machine.
@usableFromInline package struct BatteryTimeline: Hashable, Sendable {
  /// A level at an instant.
  @usableFromInline package struct Point: Hashable, Sendable {
    /// The instant of the breakpoint.
    @usableFromInline package var time: VirtualTime
    /// The level at that instant, 0…1.
    @usableFromInline package var level: Double

    /// The breakpoint `level` at `time`.
    @usableFromInline package init(time: VirtualTime, level: Double) {
      self.time = time
      self.level = level
    }
  }

  /// The breakpoints in time order; the first is at zero.
  @usableFromInline package let points: [Point]

  /// A timeline through the given breakpoints (sorted by time; a missing
  /// point at zero takes the first level).
  @usableFromInline package init(points: [Point]) {
    var sorted = points.sorted { $0.time < $1.time }
    if let first = sorted.first, first.time > .zero {
      sorted.insert(Point(time: .zero, level: first.level), at: 0)
    }
    self.points = sorted.isEmpty ? [Point(time: .zero, level: 1)] : sorted
  }

  /// A level that never changes.
  @usableFromInline package static func constant(_ level: Double) -> BatteryTimeline {
    BatteryTimeline(points: [Point(time: .zero, level: level)])
  }

  /// Nanoseconds in an hour, for per-hour rates.
  static let hour = 3_600_000_000_000.0

  /// The level from `start` on, draining while unplugged and charging while
  /// plugged in, up to `horizon`.
  ///
  /// - Complexity: O(p) for p charging periods.
  @usableFromInline package init(
    start: Double, charging: ConditionPeriods, drainPerHour: Double, chargePerHour: Double, horizon: VirtualTime
  ) {
    var points = [Point(time: .zero, level: start)]
    var level = start
    var time = UInt64(0)
    var next = 0
    let end = horizon.nanoseconds
    while time < end {
      // The spell from `time`: plugged in up to its period's end, or
      // unplugged up to the next period's start.
      let plugged = next < charging.periods.count && charging.periods[next].start.nanoseconds <= time
      let spellEnd: UInt64
      if plugged {
        spellEnd = min(end, charging.periods[next].end.nanoseconds)
        next += 1
      } else {
        spellEnd = next < charging.periods.count ? min(end, charging.periods[next].start.nanoseconds) : end
      }
      let rate = plugged ? chargePerHour : -drainPerHour
      let target = plugged ? 1.0 : 0.0
      let span = Double(spellEnd - time)
      if rate != 0 {
        let reach = (target - level) / rate * Self.hour
        if reach < span {
          // Clamps before the spell ends.
          let at = time + UInt64(reach.rounded(.down))
          if at > time { points.append(Point(time: VirtualTime(nanoseconds: at), level: target)) }
          level = target
        } else {
          level = min(1, max(0, level + rate * span / Self.hour))
        }
      }
      points.append(Point(time: VirtualTime(nanoseconds: spellEnd), level: level))
      time = spellEnd
    }
    self.points = points
  }

  /// The level at `time`.
  ///
  /// - Complexity: O(log n) for n breakpoints.
  @usableFromInline package func level(at time: VirtualTime) -> Double {
    var low = 0
    var high = points.count
    while low < high {
      let middle = (low + high) / 2
      if points[middle].time <= time { low = middle + 1 } else { high = middle }
    }
    let index = max(low - 1, 0)
    let point = points[index]
    guard index + 1 < points.count, time > point.time else { return point.level }
    let following = points[index + 1]
    let fraction =
      Double(time.nanoseconds - point.time.nanoseconds)
      / Double(following.time.nanoseconds - point.time.nanoseconds)
    return point.level + (following.level - point.level) * fraction
  }

  /// The periods up to `horizon` in which the level is below `threshold`.
  ///
  /// - Complexity: O(n) for n breakpoints.
  @usableFromInline package func periods(below threshold: Double, horizon: VirtualTime) -> ConditionPeriods {
    var result = ConditionPeriods()
    for (point, following) in zip(points, points.dropFirst()) {
      let (t0, t1) = (point.time.nanoseconds, following.time.nanoseconds)
      let (l0, l1) = (point.level, following.level)
      guard t1 > t0 else { continue }
      if l0 < threshold && l1 < threshold {
        result.append(ConditionPeriod(start: point.time, end: following.time))
      } else if l0 < threshold || l1 < threshold {
        let crossing = t0 + UInt64(((l0 - threshold) / (l0 - l1) * Double(t1 - t0)).rounded(.down))
        let at = VirtualTime(nanoseconds: min(t1, max(t0, crossing)))
        result.append(
          l0 < threshold ? ConditionPeriod(start: point.time, end: at) : ConditionPeriod(start: at, end: following.time)
        )
      }
    }
    if let last = points.last, last.level < threshold {
      result.append(ConditionPeriod(start: last.time, end: max(last.time, horizon)))
    }
    return result
  }
}
