/// Runs every interleaving of one seed's races — the same faults each time —
/// by depth-first enumeration of choice sequences, replaying the run from
/// its seed for each sequence (stateless model checking, as Coyote and P do).
public enum InterleavingExplorer {
  /// In which order the explorer visits the choice-sequence tree.
  public enum SearchOrder: Hashable, Sendable {
    /// Depth-first, the deepest untried alternative next: the order
    /// `faultsim explore` lists its runs in.
    case depthFirst
    /// Orders with fewer deviations from FIFO first (every order one
    /// choice away, then two away, …), as CHESS's preemption bounding
    /// does: with many choice points — the interleavings of user code's
    /// tasks — a limit of runs then covers every small deviation instead
    /// of every order of the last few choice points.
    case fewestDeviationsFirst
  }

  /// Explores the choice-sequence tree of one seed in `order`.
  ///
  /// - Parameters:
  ///   - limit: The most runs to make.
  ///   - order: Which orders to run first.
  ///   - run: Runs the model once under the given strategy.
  /// - Complexity: `min(limit, L)` runs, L the number of leaves (orders).
  package static func explore<Outcome: Hashable>(
    limit: Int, order: SearchOrder, _ run: (OrderStrategy) throws -> (RunSummary, Outcome)
  ) rethrows -> InterleavingExploration<Outcome> {
    switch order {
    case .depthFirst: return try explore(limit: limit, run)
    case .fewestDeviationsFirst: return try exploreByDeviations(limit: limit, run)
    }
  }

  /// Explores by deviations from FIFO: every run is named by the prefix
  /// its replay takes, the prefix ends in its last deviation, and a run's
  /// children place one more deviation after that one — so every order is
  /// run once, level by level (0 deviations, then 1, …).
  static func exploreByDeviations<Outcome: Hashable>(
    limit: Int, _ run: (OrderStrategy) throws -> (RunSummary, Outcome)
  ) rethrows -> InterleavingExploration<Outcome> {
    precondition(limit >= 1, "explore(limit:) needs room for at least one run")
    var exploration = InterleavingExploration<Outcome>()
    // Runs of the current level to expand: their choices, and where the
    // next deviation may go (after their own last one).
    var level: [(choices: [ChoicePoint], from: Int)] = []
    let (first, outcome) = try run(.replay([]))
    exploration.add(Interleaving(choices: first.choices, outcome: outcome))
    level.append((first.choices, 0))
    while !level.isEmpty {
      var next: [(choices: [ChoicePoint], from: Int)] = []
      for parent in level {
        for position in parent.from..<parent.choices.count {
          let point = parent.choices[position]
          // After the parent's last deviation every choice is FIFO (0).
          for alternative in 1..<max(1, point.alternatives.count) {
            if exploration.interleavings.count >= limit {
              exploration.knownOrders = exploration.interleavings.count + 1
              return exploration
            }
            let prefix = parent.choices[..<position].map(\.chosen) + [alternative]
            let (summary, outcome) = try run(.replay(prefix))
            exploration.add(Interleaving(choices: summary.choices, outcome: outcome))
            next.append((summary.choices, position + 1))
          }
        }
      }
      level = next
    }
    exploration.isComplete = true
    exploration.knownOrders = exploration.interleavings.count
    return exploration
  }

  /// Explores the choice-sequence tree of one seed, depth-first.
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
  package static func explore<Outcome: Hashable>(
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
  @usableFromInline package var choices: [ChoicePoint]
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
