/// What a model sees of the engine while it handles an event: the
/// pending-event set, and everything a decision sees (``DecisionContext``:
/// the virtual clock, keyed randomness, race choice points and the trace),
/// which it forwards.
///
/// Non-copyable because it owns the pending-event buffers; the engine keeps
/// one per worker and resets it between seeds, so buffers are reused.
@usableFromInline package struct SimulationContext<Event: BitwiseCopyable>: ~Copyable {
  /// The pending events.
  @usableFromInline var queue: EventQueue<Event>
  /// What the world's decisions see: the clock, the draws, the trace.
  @usableFromInline package var decisions: DecisionContext

  /// The current virtual time: the time of the event being handled.
  @inlinable package var now: VirtualTime { decisions.now }
  @inlinable var clock: UInt64 {
    get { decisions.clock }
    set { decisions.clock = newValue }
  }
  /// The draw space of this run's seed.
  @inlinable package var random: KeyedRandom { decisions.random }
  /// How races are ordered in this run.
  @inlinable package var strategy: OrderStrategy { decisions.strategy }
  /// The choice points answered so far, in order.
  @inlinable package var choices: [ChoicePoint] { decisions.choices }
  /// Whether trace lines are being recorded. When `false`, ``trace(_:)`` does
  /// not evaluate its argument.
  @inlinable package var isTracing: Bool { decisions.isTracing }
  /// The recorded timeline: empty unless tracing, and empty when the
  /// timeline goes to ``traceSink`` instead.
  @inlinable package var traceEntries: [TraceEntry] { decisions.traceEntries }
  /// Where the timeline goes as it happens, instead of ``traceEntries``
  /// (`faultsim run --trace` streams it to standard output).
  @inlinable package var traceSink: (any TraceSink)? { decisions.traceSink }
  /// How fault draws behave in this run (see ``FaultMode``).
  @inlinable package var faultMode: FaultMode { decisions.faultMode }
  /// The faults that fired, in order, when recording or restricted.
  @inlinable package var firedFaults: [DrawKey] { decisions.firedFaults }
  /// How many faults of each purpose fired (every mode).
  @inlinable package var faultTally: DrawTally { decisions.tally }
  /// Whether value draws (latencies, sizes) take the middle of their
  /// distribution instead of a random draw: the last step of shrinking.
  @inlinable package var simplifiesValues: Bool { decisions.simplifiesValues }

  /// Events handled so far in this run.
  @inlinable package var eventsHandled: UInt64 { handled }
  @usableFromInline var handled: UInt64 = 0

  /// Creates a context for runs of `seed`.
  ///
  /// - Parameters:
  ///   - seed: The seed every keyed draw derives from (``reset(seed:strategy:faults:simplifiesValues:)``
  ///     sets another for the next run).
  ///   - strategy: How races are ordered.
  ///   - tracing: Whether runs record a timeline in ``traceEntries``.
  ///   - traceSink: Where runs send their timeline as it happens instead;
  ///     a sink turns tracing on.
  ///   - reservingCapacity: Pending events to make room for up front.
  @usableFromInline package init(
    seed: UInt64, strategy: OrderStrategy = .fifo, tracing: Bool = false, traceSink: (any TraceSink)? = nil,
    reservingCapacity: Int = 0
  ) {
    queue = EventQueue(reservingCapacity: reservingCapacity)
    decisions = DecisionContext(seed: seed, strategy: strategy, tracing: tracing, traceSink: traceSink)
  }

  /// Prepares for another run, keeping the buffers.
  @usableFromInline package mutating func reset(
    seed: UInt64, strategy: OrderStrategy, faults: FaultMode = .live, simplifiesValues: Bool = false
  ) {
    decisions.reset(seed: seed, strategy: strategy, faults: faults, simplifiesValues: simplifiesValues)
    queue.removeAll()
    handled = 0
  }

  /// Removes the next event and advances the clock to it; `nil` when none
  /// is pending.
  ///
  /// - Complexity: Amortised O(log C), C the span of pending times.
  @inlinable
  @inline(__always)
  mutating func takeNextEvent(limit: UInt64) throws(SimulationError) -> Event? {
    var time: UInt64 = 0
    guard let event = EventQueue.pop(from: &queue, time: &time) else { return nil }
    clock = time
    handled &+= 1
    guard handled <= limit else {
      throw .eventLimitExceeded(limit: limit, at: now)
    }
    return event
  }

  /// The number of pending events.
  @usableFromInline package var pendingCount: Int { queue.count }

  /// The bytes the pending-event set holds, counting the room its buffers
  /// keep (see ``EventQueue/allocatedBytes``).
  ///
  /// - Complexity: O(1).
  @inlinable
  var pendingBytes: Int { queue.allocatedBytes }

  // MARK: Scheduling

  /// Schedules `event` at `time`, which must not be in the past.
  ///
  /// Events at equal times are handled in the order they were scheduled.
  /// - Complexity: Amortised O(1).
  @inlinable
  package mutating func schedule(_ event: Event, at time: VirtualTime) throws(SimulationError) {
    guard time >= now else {
      throw .model("an event was scheduled at \(time), before the current time \(now)")
    }
    EventQueue.push(event, at: time.nanoseconds, into: &queue)
  }

  /// Schedules `event` `delay` after now.
  ///
  /// - Complexity: Amortised O(1).
  @inlinable
  package mutating func schedule(_ event: Event, after delay: VirtualDuration) throws(SimulationError) {
    let (sum, overflow) = now.nanoseconds.addingReportingOverflow(delay.nanoseconds)
    guard !overflow else {
      throw .clockOverflow(ClockOverflow(operation: "\(now) + \(delay)"))
    }
    EventQueue.push(event, at: sum, into: &queue)
  }

  // MARK: Faults, values, races and the trace (the decisions' context)

  /// A fault, as ``DecisionContext/fault(_:_:)`` draws it.
  @inlinable
  package mutating func fault(_ probability: Double, _ key: DrawKey) -> Bool {
    decisions.fault(probability, key)
  }

  /// Whether a fault decided on already may happen (``DecisionContext/permit(_:)``).
  @inlinable
  package mutating func permit(_ key: DrawKey) -> Bool {
    decisions.permit(key)
  }

  /// The word of a value draw (``DecisionContext/valueWord(_:)``).
  @inlinable
  package func valueWord(_ key: DrawKey) -> UInt64 {
    decisions.valueWord(key)
  }

  /// A choice point (``DecisionContext/choose(race:label:alternatives:)``).
  ///
  /// - Parameters:
  ///   - race: The race's logical identity.
  ///   - label: What races, for traces and witnesses.
  ///   - alternatives: The names of the possible orders; alternative 0 must
  ///     be the (time, insertion) order.
  @discardableResult
  @inlinable
  package mutating func choose(race: DrawKey, label: String, alternatives: [String]) -> Int {
    decisions.choose(race: race, label: label, alternatives: alternatives)
  }

  // MARK: Races between events

  /// Schedules two events that the real system could deliver in either order
  /// when their times are at most `window` apart.
  ///
  /// Outside the window they are scheduled as given. Inside it, the run's
  /// strategy picks: alternative 0 keeps the (time, insertion) order;
  /// alternative 1 swaps which event is delivered at which of the two
  /// instants, so the set of delivery times is the same and only the order
  /// differs.
  ///
  /// - Returns: Whether the order was swapped.
  @discardableResult
  @usableFromInline package mutating func scheduleRacing(
    _ first: Event, at firstTime: VirtualTime, named firstName: String,
    _ second: Event, at secondTime: VirtualTime, named secondName: String,
    window: VirtualDuration, race: DrawKey, label: String
  ) throws(SimulationError) -> Bool {
    let gap =
      firstTime >= secondTime ? firstTime.duration(since: secondTime) : secondTime.duration(since: firstTime)
    guard gap <= window else {
      try schedule(first, at: firstTime)
      try schedule(second, at: secondTime)
      return false
    }
    // Natural order: earlier time first, `first` on a tie.
    let firstLeads = firstTime <= secondTime
    let (early, late) = firstLeads ? (firstTime, secondTime) : (secondTime, firstTime)
    let (leader, follower) = firstLeads ? (first, second) : (second, first)
    let (leaderName, followerName) = firstLeads ? (firstName, secondName) : (secondName, firstName)
    let swapped =
      choose(
        race: race, label: label,
        alternatives: ["\(leaderName) first", "\(followerName) first"]
      ) == 1
    if swapped {
      try schedule(follower, at: early)
      try schedule(leader, at: late)
    } else {
      try schedule(leader, at: early)
      try schedule(follower, at: late)
    }
    return swapped
  }

  /// Records a trace line; the argument is not evaluated when tracing is off.
  @inlinable
  package mutating func trace(_ entry: @autoclosure () -> TraceEntry) {
    if decisions.isTracing { decisions.record(entry()) }
  }

  /// Records a note by `actor` at the current time; arguments are not
  /// evaluated when tracing is off.
  @inlinable
  package mutating func trace(
    _ actor: @autoclosure () -> String, _ event: @autoclosure () -> String,
    _ details: @autoclosure () -> String = ""
  ) {
    if decisions.isTracing {
      decisions.record(TraceEntry(time: now, actor: actor(), event: event(), details: details()))
    }
  }

  /// Records a message from `actor` to `peer`, drawn as lost when `lost`.
  @inlinable
  package mutating func traceMessage(
    from actor: @autoclosure () -> String, to peer: @autoclosure () -> String,
    _ event: @autoclosure () -> String, lost: Bool = false, _ details: @autoclosure () -> String = ""
  ) {
    if decisions.isTracing {
      decisions.record(
        TraceEntry(
          time: now, actor: actor(), event: event(), details: details(), kind: lost ? .lost : .message, peer: peer()
        )
      )
    }
  }
}
