/// A span of virtual time during which a device condition holds (plugged in,
/// in Low Power Mode, the app in the foreground): from `start` (inclusive)
/// until `end` (exclusive).
@usableFromInline package struct ConditionPeriod: Hashable, Sendable, CustomStringConvertible {
  /// The first instant of the period.
  @usableFromInline package var start: VirtualTime
  /// The first instant after the period (never before `start`).
  @usableFromInline package var end: VirtualTime

  /// Creates a period; an `end` before `start` makes it empty.
  @usableFromInline package init(start: VirtualTime, end: VirtualTime) {
    self.start = start
    self.end = max(start, end)
  }

  /// Whether the period holds no instant.
  @usableFromInline package var isEmpty: Bool { end <= start }

  /// Whether `time` falls inside the period.
  @inlinable
  package func contains(_ time: VirtualTime) -> Bool {
    start <= time && time < end
  }

  /// `[1.000000s, 2.000000s)`: the start included, the end not.
  @usableFromInline package var description: String { "[\(start), \(end))" }
}

/// The periods during which one device condition holds, sorted, disjoint
/// and never touching (touching periods are merged), with the queries a
/// scheduler asks: "does it hold now?", "until when?", "when next?".
///
/// A value type over one sorted array; a timeline of a few hundred periods
/// is searched by bisection.
@usableFromInline package struct ConditionPeriods: Hashable, Sendable, CustomStringConvertible {
  /// The periods in time order.
  @usableFromInline package private(set) var periods: [ConditionPeriod] = []

  /// No period: the condition never holds.
  @usableFromInline package init() {}

  /// The union of `periods`, in any order; empty periods are dropped and
  /// overlapping or touching ones merged.
  ///
  /// - Complexity: O(n log n) for n periods.
  @usableFromInline package init(_ periods: [ConditionPeriod]) {
    for period in periods.filter({ !$0.isEmpty }).sorted(by: { $0.start < $1.start }) {
      append(period)
    }
  }

  /// One period covering `start ..< end`, or none when it is empty.
  @usableFromInline package init(from start: VirtualTime, until end: VirtualTime) {
    self.init([ConditionPeriod(start: start, end: end)])
  }

  /// Adds a period that starts no earlier than every period already held;
  /// one that overlaps or touches the last is merged into it. Used to
  /// build a timeline in time order.
  ///
  /// - Complexity: Amortised O(1).
  @usableFromInline package mutating func append(_ period: ConditionPeriod) {
    guard !period.isEmpty else { return }
    if let last = periods.last, period.start <= last.end {
      precondition(period.start >= last.start, "periods must be appended in time order")
      periods[periods.count - 1].end = max(last.end, period.end)
    } else {
      periods.append(period)
    }
  }

  /// Whether the condition never holds.
  @usableFromInline package var isEmpty: Bool { periods.isEmpty }

  /// The index of the first period that ends after `time`.
  ///
  /// - Complexity: O(log n).
  @usableFromInline
  func firstIndex(endingAfter time: VirtualTime) -> Int {
    var low = 0
    var high = periods.count
    while low < high {
      let middle = (low + high) / 2
      if periods[middle].end <= time { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The period holding `time`, or `nil` when the condition does not hold
  /// at `time`.
  ///
  /// - Complexity: O(log n).
  @usableFromInline package func period(containing time: VirtualTime) -> ConditionPeriod? {
    let index = firstIndex(endingAfter: time)
    guard index < periods.count, periods[index].start <= time else { return nil }
    return periods[index]
  }

  /// Whether the condition holds at `time`.
  ///
  /// - Complexity: O(log n).
  @usableFromInline package func contains(_ time: VirtualTime) -> Bool {
    period(containing: time) != nil
  }

  /// The first instant at or after `time` at which the condition holds, or
  /// `nil` when it never does again.
  ///
  /// - Complexity: O(log n).
  @usableFromInline package func nextStart(atOrAfter time: VirtualTime) -> VirtualTime? {
    let index = firstIndex(endingAfter: time)
    guard index < periods.count else { return nil }
    return max(periods[index].start, time)
  }

  /// The first instant at or after `time` at which the condition does not
  /// hold: `time` itself when it does not hold then.
  ///
  /// - Complexity: O(log n).
  @usableFromInline package func nextEnd(atOrAfter time: VirtualTime) -> VirtualTime {
    period(containing: time)?.end ?? time
  }

  /// The end of the last period that ended at or before `time`, or `nil`.
  ///
  /// - Complexity: O(log n).
  @usableFromInline package func lastEnd(atOrBefore time: VirtualTime) -> VirtualTime? {
    // Periods before `firstIndex(endingAfter:)` all end at or before `time`.
    let index = firstIndex(endingAfter: time)
    return index > 0 ? periods[index - 1].end : nil
  }

  /// The periods of both timelines merged.
  ///
  /// - Complexity: O((n + m) log(n + m)).
  @usableFromInline package func union(_ other: ConditionPeriods) -> ConditionPeriods {
    ConditionPeriods(periods + other.periods)
  }

  /// The periods of this timeline with the instants of `other` removed.
  ///
  /// - Complexity: O(n + m).
  @usableFromInline package func subtracting(_ other: ConditionPeriods) -> ConditionPeriods {
    var result = ConditionPeriods()
    var cut = 0
    for period in periods {
      var start = period.start
      while cut < other.periods.count && other.periods[cut].end <= start { cut += 1 }
      var index = cut
      while index < other.periods.count && other.periods[index].start < period.end {
        let removed = other.periods[index]
        if removed.start > start { result.append(ConditionPeriod(start: start, end: removed.start)) }
        start = max(start, removed.end)
        index += 1
      }
      if start < period.end { result.append(ConditionPeriod(start: start, end: period.end)) }
    }
    return result
  }

  /// The total time the condition holds before `time`.
  ///
  /// - Complexity: O(n).
  @usableFromInline package func coverage(before time: VirtualTime) -> VirtualDuration {
    var total: UInt64 = 0
    for period in periods where period.start < time {
      total += min(period.end, time).nanoseconds - period.start.nanoseconds
    }
    return VirtualDuration(nanoseconds: total)
  }

  /// The periods in order, `[start, end)` each, separated by spaces; `never`
  /// when there are none.
  @usableFromInline package var description: String {
    periods.isEmpty ? "never" : periods.map(\.description).joined(separator: " ")
  }
}
