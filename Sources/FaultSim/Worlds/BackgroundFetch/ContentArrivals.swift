/// When new content appears on the server for one user: a Poisson process,
/// drawn as exponential gaps keyed by (user, content arrival, item index).
enum ContentArrivals {
  /// The arrival times before `horizon`, in order; empty for a zero rate.
  ///
  /// - Complexity: O(items).
  static func times(
    itemsPerHour: Double, horizon: VirtualTime, user: UserIdentity, random: KeyedRandom
  ) -> [VirtualTime] {
    guard itemsPerHour > 0 else { return [] }
    let gaps = LatencyDistribution.exponential(
      mean: .nanoseconds(LatencyDistribution.nanoseconds(3_600_000_000_000 / itemsPerHour)))
    var times: [VirtualTime] = []
    var time: UInt64 = 0
    var item: UInt64 = 0
    while true {
      let gap = gaps.sample(
        random.word(DrawKey(TimelineStepIdentity(user, step: item), BackgroundFetchDraw.contentArrival.purpose)))
      let (next, overflow) = time.addingReportingOverflow(gap)
      guard !overflow, next < horizon.nanoseconds else { return times }
      times.append(VirtualTime(nanoseconds: next))
      time = next
      item += 1
    }
  }
}
