/// The server each user's app fetches from: the times new content appears
/// on it (``ContentArrivals``), drawn up front for the run. It only
/// answers questions; nothing it holds changes during a run.
struct ContentServer {
  /// Each user's arrival times, in order.
  var arrivals: [[VirtualTime]] = []

  /// Forgets every user's content, keeping the storage.
  mutating func reset() {
    arrivals.removeAll(keepingCapacity: true)
  }

  /// Draws the next user's content up to `horizon`.
  mutating func addUser(itemsPerHour: Double, horizon: VirtualTime, user: UserIdentity, random: KeyedRandom) {
    arrivals.append(ContentArrivals.times(itemsPerHour: itemsPerHour, horizon: horizon, user: user, random: random))
  }

  /// The user's items that appeared at or before `time`, counted from
  /// item `start`: the end of what a snapshot at `time` holds.
  ///
  /// - Complexity: O(items counted).
  func itemsEnd(for user: Int, atOrBefore time: VirtualTime, from start: Int) -> Int {
    let times = arrivals[user]
    var end = start
    while end < times.count && times[end] <= time { end += 1 }
    return end
  }

  /// When the user's item `index` appeared.
  func arrival(of index: Int, for user: Int) -> VirtualTime { arrivals[user][index] }
}
