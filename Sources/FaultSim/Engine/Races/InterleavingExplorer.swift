/// Runs every interleaving of one seed's races — the same faults each time —
/// by depth-first enumeration of choice sequences, replaying the run from
/// its seed for each sequence (stateless model checking, as Coyote and P do).
public enum InterleavingExplorer {
  /// Explores the choice-sequence tree of one seed.
  ///
  /// The first run takes alternative 0 everywhere (FIFO). After each run the
  /// deepest choice point with an untried alternative is advanced, and the
  /// run is replayed with that prefix; later choice points start again at 0.
  ///
  /// - Parameters:
  ///   - limit: The most runs to make; exploration stops there and reports
  ///     itself incomplete.
  ///   - run: Runs the model once under the given strategy and returns the
  ///     engine's summary and the run's final state.
  /// - Complexity: `min(limit, L)` runs, L the number of leaves (orders),
  ///   and one hash of each run's outcome to group it.
  public static func explore<Outcome: Hashable>(
    limit: Int, _ run: (OrderStrategy) throws -> (RunSummary, Outcome)
  ) rethrows -> InterleavingExploration<Outcome> {
    precondition(limit >= 1, "explore(limit:) needs room for at least one run")
    var exploration = InterleavingExploration<Outcome>()
    var prefix: [Int] = []
    while true {
      let (summary, outcome) = try run(.replay(prefix))
      exploration.add(Interleaving(choices: summary.choices, outcome: outcome))
      let choices = summary.choices
      var depth = choices.count - 1
      while depth >= 0 && choices[depth].chosen + 1 >= choices[depth].alternatives.count {
        depth -= 1
      }
      if depth < 0 {
        exploration.isComplete = true
        exploration.knownOrders = exploration.interleavings.count
        return exploration
      }
      if exploration.interleavings.count >= limit {
        // Every untried alternative along the current path roots at least
        // one more order.
        var untried = 0
        for point in choices[...depth] {
          untried += point.alternatives.count - 1 - point.chosen
        }
        exploration.knownOrders = exploration.interleavings.count + untried
        return exploration
      }
      prefix = choices[..<depth].map(\.chosen) + [choices[depth].chosen + 1]
    }
  }
}

/// One explored order: its choice points and the final state it reached.
public struct Interleaving<Outcome: Hashable> {
  /// The choice points, in the order the run met them.
  public var choices: [ChoicePoint]
  /// The final state.
  public var outcome: Outcome

  /// The chosen alternatives, e.g. `[0, 1]`.
  public var sequence: [Int] { choices.map(\.chosen) }

  /// How far this order is from FIFO: the number of non-zero choices.
  public var deviations: Int { choices.count { $0.chosen != 0 } }
}

/// The result of exploring one seed's interleavings.
public struct InterleavingExploration<Outcome: Hashable> {
  /// Every run made, in exploration order (the first is FIFO).
  public internal(set) var interleavings: [Interleaving<Outcome>] = []
  /// The distinct final states, in order of discovery, each with the indices
  /// of the interleavings that reached it.
  public internal(set) var groups: [(outcome: Outcome, members: [Int])] = []
  /// Whether every order was run.
  public internal(set) var isComplete = false
  /// The number of orders: exact when complete, a lower bound otherwise.
  public internal(set) var knownOrders = 0
  /// The group of each distinct outcome, for lookup only (never iterated,
  /// so its order cannot reach an output). Scanning the groups instead made
  /// an exploration whose orders all end differently quadratic in time.
  private var groupOfOutcome: [Outcome: Int] = [:]

  /// Adds a run, grouping it with the runs that reached the same outcome.
  ///
  /// - Complexity: O(size of the outcome), expected.
  mutating func add(_ interleaving: Interleaving<Outcome>) {
    let index = interleavings.count
    var interleaving = interleaving
    if let group = groupOfOutcome[interleaving.outcome] {
      groups[group].members.append(index)
      // The equal outcome already held: one copy in memory, not one per run.
      interleaving.outcome = groups[group].outcome
    } else {
      groupOfOutcome[interleaving.outcome] = groups.count
      groups.append((interleaving.outcome, [index]))
    }
    interleavings.append(interleaving)
  }

  /// Whether two explored orders of the same faults end differently.
  public var isOrderSensitive: Bool { groups.count > 1 }

  /// Two orders with different final states, shortest first: the FIFO order
  /// and the order that ends differently with the fewest deviations from it
  /// (then the fewest choice points, then the earliest explored).
  public var witness: (first: Interleaving<Outcome>, second: Interleaving<Outcome>)? {
    guard isOrderSensitive, let baseline = interleavings.first else { return nil }
    var best: Interleaving<Outcome>?
    for candidate in interleavings.dropFirst() where candidate.outcome != baseline.outcome {
      if let current = best,
        (current.deviations, current.choices.count) <= (candidate.deviations, candidate.choices.count)
      {
        continue
      }
      best = candidate
    }
    return best.map { (baseline, $0) }
  }
}
