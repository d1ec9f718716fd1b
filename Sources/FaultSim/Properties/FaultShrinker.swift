/// Shrinks a failing run to a minimal set of faults.
///
/// Draws are keyed by logical identity, so a run's faults form a list of
/// keys — "op#17, response loss, message 1" — and the same run can be
/// replayed with only a subset of them allowed to fire (``FaultMode``).
/// The algorithm, within a budget of runs:
///
/// 1. Record the failing run's faults and race answers (under the order it
///    failed in: FIFO, or a random order of the property's
///    ``PropertyOrders``), and check that answering its races by identity
///    reproduces it — if not, the run is reported as it failed, unshrunk.
/// 2. Delta debugging (Zeller and Hildebrandt's *ddmin*) over the faults:
///    try halves, then complements, then finer splits, keeping any subset
///    that still fails — at most O(n²) runs for n faults in the worst case,
///    O(k · log n) when k faults matter, and never more than the budget.
/// 3. Each race answered other than FIFO is set back to FIFO if it still
///    fails.
/// 4. Values (latencies, sizes, backoffs) are set to the middle of their
///    distributions if it still fails.
/// 5. The scenario is cut to the fewest entities (operations, users) that
///    still fail, by bisection — O(log size) runs.
/// 6. The result is run once more with tracing for the timeline.
///
/// Every step only keeps a change that still fails, so the result always
/// fails; if the budget runs out, the best so far is reported as such.
struct FaultShrinker<World: ScenarioWorld> {
  let options: World.Options
  let seed: UInt64
  let budget: ShrinkBudget
  let fails: (PropertyRun<World>) -> Bool
  /// The order the run failed in.
  let strategy: OrderStrategy
  private var runs = 0

  init(
    options: World.Options, seed: UInt64, budget: ShrinkBudget, strategy: OrderStrategy = .fifo,
    fails: @escaping (PropertyRun<World>) -> Bool
  ) {
    self.options = options
    self.seed = seed
    self.budget = budget
    self.strategy = strategy
    self.fails = fails
  }

  /// One trial run; nil when the budget is spent.
  private mutating func trial(
    _ options: World.Options, faults: [DrawKey], answers: [RaceAnswer], simplify: Bool
  ) throws(SimulationError) -> Bool? {
    guard runs < budget.runs else { return nil }
    runs += 1
    let run = try World.runOnce(
      options, seed: seed, strategy: .byRace(answers), tracing: false, faults: .restricted(Set(faults)),
      simplifiesValues: simplify)
    return fails(PropertyRun(seed: seed, metrics: run.metrics, finalState: run.finalState))
  }

  mutating func shrink() throws(SimulationError) -> Counterexample {
    // 1. The failing run, recorded.
    runs += 1
    let recorded = try World.runOnce(
      options, seed: seed, strategy: strategy, tracing: false, faults: .recording, simplifiesValues: false)
    var faults = recorded.firedFaults
    var answers = recorded.summary.choices.map { RaceAnswer(race: $0.race, chosen: $0.chosen) }
    var exhausted = false
    if strategy != .fifo {
      // A random order is shrunk race by race only if answering its races
      // by identity fails as it did.
      guard let reproduces = try trial(options, faults: faults, answers: answers, simplify: false), reproduces
      else {
        return try unshrunk(recorded.firedFaults)
      }
    }

    // 2. ddmin over the faults.
    var granularity = 2
    ddmin: while faults.count >= 2 {
      let chunks = Self.split(faults, into: granularity)
      for chunk in chunks {
        guard let result = try trial(options, faults: chunk, answers: answers, simplify: false) else {
          exhausted = true
          break ddmin
        }
        if result {
          faults = chunk
          granularity = 2
          continue ddmin
        }
      }
      if granularity > 2 {
        for index in chunks.indices {
          let complement = chunks.enumerated().filter { $0.offset != index }.flatMap(\.element)
          guard let result = try trial(options, faults: complement, answers: answers, simplify: false) else {
            exhausted = true
            break ddmin
          }
          if result {
            faults = complement
            granularity = max(granularity - 1, 2)
            continue ddmin
          }
        }
      }
      if granularity >= faults.count { break }
      granularity = min(faults.count, granularity * 2)
    }
    // A single fault may be unnecessary too.
    if faults.count == 1, !exhausted {
      if let result = try trial(options, faults: [], answers: answers, simplify: false) {
        if result { faults = [] }
      } else {
        exhausted = true
      }
    }

    // 3. Races back to FIFO where possible.
    for index in answers.indices where answers[index].chosen != 0 && !exhausted {
      var fifo = answers
      fifo[index].chosen = 0
      guard let result = try trial(options, faults: faults, answers: fifo, simplify: false) else {
        exhausted = true
        break
      }
      if result { answers = fifo }
    }
    answers.removeAll { $0.chosen == 0 }

    // 4. Values to the middle of their distributions.
    var simplify = false
    if !exhausted {
      if let result = try trial(options, faults: faults, answers: answers, simplify: true) {
        simplify = result
      } else {
        exhausted = true
      }
    }

    // 5. Fewer entities: the smallest size that still fails, by bisection
    // between what the faults need and the original size.
    var finalOptions = options
    var smaller: [String] = []
    var low = max(1, World.engine.minimumSize(faults, options))
    var high = World.engine.size(options)
    while low < high && !exhausted {
      let middle = low + (high - low) / 2
      guard
        let result = try trial(
          World.engine.resized(options, middle), faults: faults, answers: answers, simplify: simplify)
      else {
        exhausted = true
        break
      }
      if result { high = middle } else { low = middle + 1 }
    }
    if high < World.engine.size(options) {
      finalOptions = World.engine.resized(options, high)
      smaller = [World.engine.sizeOverride(high)]
    }

    // 6. The timeline of the result.
    let final = try World.runOnce(
      finalOptions, seed: seed, strategy: .byRace(answers), tracing: true, faults: .restricted(Set(faults)),
      simplifiesValues: simplify)
    let tags = World.engine.traceTags(faults, finalOptions)
    let raceEntities = Set(answers.map(\.race.entity))
    let timeline = final.trace.filter { entry in
      if entry.kind == .race {
        return final.summary.choices.contains { $0.chosen != 0 && raceEntities.contains($0.race.entity) }
          && answers.contains { entry.event.contains("#\($0.race.entity):") }
      }
      return tags.isEmpty || tags.contains { Self.mentions(entry, $0) }
    }
    return Counterexample(
      originalFaults: recorded.firedFaults.count,
      faults: faults.map { World.engine.describeFault($0, finalOptions) },
      races: final.summary.choices.filter { $0.chosen != 0 }.map(\.description), valuesSimplified: simplify,
      smaller: smaller, timeline: Array(timeline.prefix(Self.timelineLimit)),
      omittedLines: max(0, timeline.count - Self.timelineLimit),
      runs: runs, budgetExhausted: exhausted)
  }

  /// The failing run as it failed, with its timeline: when its order
  /// cannot be replayed race by race.
  private mutating func unshrunk(_ faults: [DrawKey]) throws(SimulationError) -> Counterexample {
    runs += 1
    let final = try World.runOnce(
      options, seed: seed, strategy: strategy, tracing: true, faults: .restricted(Set(faults)),
      simplifiesValues: false)
    return Counterexample(
      originalFaults: faults.count, faults: faults.map { World.engine.describeFault($0, options) },
      races: final.summary.choices.filter { $0.chosen != 0 }.map(\.description), valuesSimplified: false,
      smaller: [], timeline: Array(final.trace.prefix(Self.timelineLimit)),
      omittedLines: max(0, final.trace.count - Self.timelineLimit), runs: runs, budgetExhausted: false,
      notShrunkBecause: "its order (\(ReplayCommand.orderText(strategy))) does not fail again when its races are "
        + "answered one by one, so it is shown as it failed")
  }

  /// The most timeline lines a counterexample shows.
  static var timelineLimit: Int { 80 }

  /// `list` in `count` nearly equal consecutive parts.
  static func split(_ list: [DrawKey], into count: Int) -> [[DrawKey]] {
    let parts = min(count, list.count)
    var chunks: [[DrawKey]] = []
    var start = 0
    for index in 0..<parts {
      let end = (index + 1) * list.count / parts
      chunks.append(Array(list[start..<end]))
      start = end
    }
    return chunks
  }

  /// Whether a trace line is about the entity `tag` names (`client#1` but
  /// not `client#17`).
  static func mentions(_ entry: TraceEntry, _ tag: String) -> Bool {
    for text in [entry.actor, entry.peer, entry.details, entry.event] {
      var rest = text[...]
      while let range = rest.firstRange(of: tag) {
        let after = rest[range.upperBound...].first
        if after.map({ !$0.isNumber }) ?? true { return true }
        rest = rest[range.upperBound...]
      }
    }
    return false
  }
}
