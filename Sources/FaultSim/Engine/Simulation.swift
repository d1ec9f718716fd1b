/// The run loop: a model, its engine context, and the loop that advances
/// virtual time from one event to the next.
///
/// One `Simulation` per worker: ``run(seed:strategy:model:)`` resets the
/// context and reuses its buffers, so sweeping many seeds allocates little.
///
/// ```swift
/// var simulation = Simulation(model: OrderWorld(config))
/// let summary = try simulation.run(seed: 7)
/// print(simulation.model.outcome)
/// ```
@usableFromInline package struct Simulation<Model: SimulationModel>: ~Copyable {
  /// The world being simulated; read its outcome after a run.
  @usableFromInline package var model: Model
  /// The engine state: clock, pending events, randomness, races, trace.
  @usableFromInline package var context: SimulationContext<Model.Event>
  /// The most events one run may handle before it is stopped with
  /// ``SimulationError/eventLimitExceeded(limit:at:)``.
  @usableFromInline package var eventLimit: UInt64
  /// What looks at each run while it goes (stops it when asked); `nil`
  /// for none.
  @usableFromInline package var watch: RunWatch?

  /// Creates a simulation.
  ///
  /// - Parameters:
  ///   - model: The world, in its initial state.
  ///   - tracing: Whether runs record a timeline in the context's
  ///     `SimulationContext/traceEntries`.
  ///   - traceSink: Where runs send their timeline as it happens instead
  ///     (constant memory); a sink turns tracing on.
  ///   - eventLimit: The most events one run may handle.
  ///   - reservingCapacity: Pending events to preallocate room for.
  ///   - watch: What looks at each run while it goes.
  @usableFromInline package init(
    model: Model, tracing: Bool = false, traceSink: (any TraceSink)? = nil, eventLimit: UInt64 = 1 << 40,
    reservingCapacity: Int = 0, watch: RunWatch? = nil
  ) {
    self.model = model
    self.watch = watch
    self.context = SimulationContext(
      seed: 0, tracing: tracing, traceSink: traceSink, reservingCapacity: reservingCapacity)
    self.eventLimit = eventLimit
  }

  /// Runs the current model from time zero until no event is pending.
  ///
  /// - Parameters:
  ///   - seed: The seed every keyed draw of the run derives from.
  ///   - strategy: How races are ordered.
  ///   - faults: How fault draws behave: live, recording the faults that
  ///     fire, or restricted to a set of them (shrinking).
  ///   - simplifiesValues: Whether value draws take the middle of their
  ///     distribution (shrinking).
  /// - Returns: Events handled, final time and the choices made.
  /// - Complexity: O(E · q) for E handled events, q the pending-set cost
  ///   per event (amortised O(log C), C the span of pending times).
  @inlinable
  package mutating func run(
    seed: UInt64, strategy: OrderStrategy = .fifo, faults: FaultMode = .live, simplifiesValues: Bool = false
  ) throws(SimulationError) -> RunSummary {
    context.reset(seed: seed, strategy: strategy, faults: faults, simplifiesValues: simplifiesValues)
    try model.beginRun(in: &context)
    defer { model.endRun() }
    try model.start(in: &context)
    let limit = eventLimit
    if let watch {
      try runWatched(by: watch, limit: limit)
    } else {
      while let event = try context.takeNextEvent(limit: limit) {
        try model.handle(event, in: &context)
      }
    }
    try model.finish(in: &context)
    return RunSummary(
      seed: seed, events: context.eventsHandled, finalTime: context.now, choices: context.choices,
      faults: context.faultTally)
  }

  /// The run loop with a check every `watch.interval` events; the events
  /// handled, and so the result, are those of the unwatched loop.
  @inlinable
  mutating func runWatched(by watch: RunWatch, limit: UInt64) throws(SimulationError) {
    // A run shorter than the interval is never checked inside, so a stop
    // is honoured before it starts: a sweep of short seeds, or an
    // exploration of many short orders, stops at its next run.
    try watch.checkStop(at: context.now)
    var pause = watch.interval
    while true {
      while context.handled < pause, let event = try context.takeNextEvent(limit: limit) {
        try model.handle(event, in: &context)
      }
      guard context.pendingCount > 0 else { return }
      let progress = RunProgress(
        events: context.handled, now: context.now, pendingEvents: context.pendingCount,
        liveBytes: model.liveBytes, pendingBytes: context.pendingBytes)
      try watch.check(progress)
      try watch.checkMemory(progress, holding: model.liveDescription)
      let (next, overflow) = context.handled.addingReportingOverflow(watch.interval)
      pause = overflow ? .max : next
    }
  }

  /// Replaces the model (e.g. with a fresh copy for the next seed) and runs.
  @inlinable
  package mutating func run(
    seed: UInt64, strategy: OrderStrategy = .fifo, model fresh: Model
  ) throws(SimulationError) -> RunSummary {
    model = fresh
    return try run(seed: seed, strategy: strategy)
  }
}
