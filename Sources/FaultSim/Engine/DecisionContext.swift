/// What a decision sees of the engine: the current virtual time, the
/// run's keyed draws (faults, values, race choice points) and the trace —
/// but not the pending events. A ``ClientPolicy``, a ``RequestHandler``
/// and the transfer world's handlers get one, so a decision can draw and
/// explain itself and cannot schedule, cancel or reorder what happens next:
/// that stays the world's.
///
/// Non-copyable: a run has one, inside its `SimulationContext`.
public struct DecisionContext: ~Copyable {
  /// The current virtual time: the time of the event being handled.
  @inlinable public var now: VirtualTime { VirtualTime(nanoseconds: clock) }
  @usableFromInline var clock: UInt64 = 0
  /// The draw space of this run's seed.
  public internal(set) var random: KeyedRandom
  /// How races are ordered in this run.
  @usableFromInline package internal(set) var strategy: OrderStrategy
  /// The choice points answered so far, in order.
  @usableFromInline package internal(set) var choices: [ChoicePoint] = []
  /// Whether trace lines are being recorded. When `false`, ``trace(_:)`` does
  /// not evaluate its argument.
  @usableFromInline package let isTracing: Bool
  /// The recorded timeline: empty unless tracing, and empty when the
  /// timeline goes to ``traceSink`` instead.
  @usableFromInline package internal(set) var traceEntries: [TraceEntry] = []
  /// Where the timeline goes as it happens, instead of ``traceEntries``
  /// (`faultsim run --trace` streams it to standard output).
  @usableFromInline package let traceSink: (any TraceSink)?
  /// How fault draws behave in this run (see ``FaultMode``).
  @usableFromInline package internal(set) var faultMode: FaultMode = .live
  @usableFromInline var faultsAreLive = true
  /// The faults that fired, in order, when recording or restricted.
  @usableFromInline package internal(set) var firedFaults: [DrawKey] = []
  /// How many faults of each purpose fired (every mode).
  @usableFromInline package var faultTally: DrawTally { tally }
  @usableFromInline var tally = DrawTally()
  /// Whether value draws (latencies, sizes) take the middle of their
  /// distribution instead of a random draw: the last step of shrinking.
  @usableFromInline package internal(set) var simplifiesValues = false

  /// A context of `seed`, tracing as asked.
  @usableFromInline
  init(seed: UInt64, strategy: OrderStrategy, tracing: Bool, traceSink: (any TraceSink)?) {
    random = KeyedRandom(seed: seed)
    self.strategy = strategy
    isTracing = tracing || traceSink != nil
    self.traceSink = traceSink
  }

  /// Prepares for another run.
  @usableFromInline
  mutating func reset(seed: UInt64, strategy: OrderStrategy, faults: FaultMode, simplifiesValues: Bool) {
    faultMode = faults
    if case .live = faults { faultsAreLive = true } else { faultsAreLive = false }
    firedFaults.removeAll(keepingCapacity: true)
    tally.removeAll()
    self.simplifiesValues = simplifiesValues
    clock = 0
    random = KeyedRandom(seed: seed)
    self.strategy = strategy
    choices.removeAll(keepingCapacity: true)
    traceEntries.removeAll(keepingCapacity: true)
  }

  // MARK: Faults and values

  /// A fault: something going wrong with probability `probability`, keyed by
  /// its logical identity — a lost request, a failed transfer, a 500.
  ///
  /// Models draw every fault through this call, so that a run's faults can
  /// be listed (recording) and a run replayed with only some of them
  /// (restricted): the basis of shrinking a failing run.
  /// Every fault that fires is counted by purpose (`faultTally`).
  /// - Complexity: O(1) when nothing fires; a scan of the purposes fired so
  ///   far when one does; a set lookup when restricted.
  @inlinable
  public mutating func fault(_ probability: Double, _ key: DrawKey) -> Bool {
    guard probability > 0, random.bernoulli(probability, key) else { return false }
    return permit(key)
  }

  /// Whether a fault the model has already decided on (e.g. a category drawn
  /// from one word) may happen; always true in a live run. A permitted
  /// fault is counted as fired.
  @inlinable
  package mutating func permit(_ key: DrawKey) -> Bool {
    guard faultsAreLive || permitSlow(key) else { return false }
    tally.record(key.purpose)
    return true
  }

  @usableFromInline
  mutating func permitSlow(_ key: DrawKey) -> Bool {
    switch faultMode {
    case .live:
      return true
    case .recording:
      firedFaults.append(key)
      return true
    case .restricted(let allowed):
      guard allowed.contains(key) else { return false }
      firedFaults.append(key)
      return true
    }
  }

  /// The word of a value draw (a latency, a size, a backoff): the keyed
  /// draw, or the middle of the range when values are simplified.
  @inlinable
  public func valueWord(_ key: DrawKey) -> UInt64 {
    simplifiesValues ? 1 << 63 : random.word(key)
  }

  // MARK: Races

  /// A choice point: the real system could go `alternatives.count` ways
  /// here. Returns the alternative the run's ``OrderStrategy`` picks
  /// (0 under FIFO) and records it.
  ///
  /// - Parameters:
  ///   - race: The race's logical identity, e.g. (task 3, finish-vs-enqueue, relaunch 1).
  ///   - label: What races, for traces and witnesses.
  ///   - alternatives: The names of the possible orders; alternative 0 must
  ///     be the (time, insertion) order.
  @discardableResult
  public mutating func choose(race: DrawKey, label: String, alternatives: [String]) -> Int {
    precondition(alternatives.count >= 2, "a choice point needs at least two alternatives")
    let chosen = strategy.choose(index: choices.count, race: race, alternatives: alternatives.count)
    let point = ChoicePoint(race: race, label: label, alternatives: alternatives, chosen: chosen, time: now)
    choices.append(point)
    if isTracing {
      record(TraceEntry(time: now, actor: "engine", event: "race \(point)", kind: .race))
    }
    return chosen
  }

  // MARK: Tracing

  /// Records a trace line; the argument is not evaluated when tracing is off.
  @inlinable
  public mutating func trace(_ entry: @autoclosure () -> TraceEntry) {
    if isTracing { record(entry()) }
  }

  /// Records a note by `actor` at the current time; arguments are not
  /// evaluated when tracing is off.
  @inlinable
  public mutating func trace(
    _ actor: @autoclosure () -> String, _ event: @autoclosure () -> String,
    _ details: @autoclosure () -> String = ""
  ) {
    if isTracing {
      record(TraceEntry(time: now, actor: actor(), event: event(), details: details()))
    }
  }

  /// Records a message from `actor` to `peer`, drawn as lost when `lost`.
  @inlinable
  package mutating func traceMessage(
    from actor: @autoclosure () -> String, to peer: @autoclosure () -> String,
    _ event: @autoclosure () -> String, lost: Bool = false, _ details: @autoclosure () -> String = ""
  ) {
    if isTracing {
      record(
        TraceEntry(
          time: now, actor: actor(), event: event(), details: details(), kind: lost ? .lost : .message, peer: peer()
        )
      )
    }
  }

  /// Sends a trace line to the sink, or keeps it; only reached when
  /// tracing.
  @usableFromInline
  mutating func record(_ entry: TraceEntry) {
    if let traceSink {
      traceSink.receive(entry)
    } else {
      traceEntries.append(entry)
    }
  }
}
