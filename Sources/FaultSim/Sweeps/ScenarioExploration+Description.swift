extension ScenarioExploration: CustomStringConvertible {
  /// What the exploration found, for people: how many orders ran, the
  /// distinct final states, the class, and — when order matters — the two
  /// orders of the witness and where their final states differ.
  ///
  /// ```text
  /// explored 6 of 6 orders (complete): 2 distinct final states — order-sensitive
  ///   state 1: 5 orders, FIFO among them (12 entities)
  ///   state 2: 1 order (12 entities)
  /// witness: FIFO (2 choice points) and the order that takes alternative 1 at choice point 2 end differently; …
  ///   op#3: applied twice
  /// ```
  ///
  /// - Complexity: O(orders + the witness's states).
  public var description: String {
    let found = exploration
    let orders = found.interleavings.count
    let scope =
      found.isComplete
      ? "\(orders) of \(orders) orders (complete)"
      : "\(orders) orders (stopped at the limit; at least \(found.knownOrders) exist)"
    let states = "\(found.groups.count) distinct final state\(found.groups.count == 1 ? "" : "s")"
    let verdict =
      sensitivity.map { "\($0)" }
      ?? (found.isOrderSensitive ? "order-sensitive" : "order does not matter in the orders explored")
    var lines = ["explored \(scope): \(states) — \(verdict)"]
    for (index, group) in found.groups.enumerated().prefix(Self.statesShown) {
      let count = group.members.count
      let fifo = group.members.first == 0 ? ", FIFO among them" : ""
      lines.append(
        "  state \(index + 1): \(count) order\(count == 1 ? "" : "s")\(fifo) (\(group.outcome.summary))")
    }
    if found.groups.count > Self.statesShown {
      lines.append("  … \(found.groups.count - Self.statesShown) more states")
    }
    if let (first, second) = found.witness {
      let deviations = second.choices.enumerated().filter { $0.element.chosen != 0 }.map {
        "alternative \($0.element.chosen) at choice point \($0.offset + 1)"
      }
      lines.append(
        "witness: FIFO (\(first.choices.count) choice points) and the order that takes "
          + deviations.joined(separator: ", ") + " end differently; the second, where it differs:")
      lines += second.outcome.differences(from: first.outcome, limit: 10).map { "  \($0)" }
    }
    if let repeatChanges, let repeatedState, let fifo = found.interleavings.first {
      if repeatChanges {
        lines.append("repeated (the world's key operation done twice) ends differently, where it differs:")
        lines += repeatedState.differences(from: fifo.outcome, limit: 10).map { "  \($0)" }
      } else {
        lines.append("repeated (the world's key operation done twice) ends as once")
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The most final states listed one by one.
  static var statesShown: Int { 10 }
}
