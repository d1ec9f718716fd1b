import FaultSim

/// The work one run (one seed) of `run` or `sweep` may do, and the checks
/// that hold it: before anything runs, a run the world estimates beyond the
/// limit is refused with what makes the work and the option to change;
/// while it runs, the command's ``RunWatch`` stops a run that handles more
/// events than the limit (a model cycling without progress, or a
/// configuration far larger than it looks).
///
/// The default scales with the scenario's size, so large runs that do a
/// normal amount of work per operation are never stopped: 1,000 events per
/// operation (user, device), at least 100,000,000 — about a minute of a
/// release build (1 to 2 million events a second). `--max-events <n>` sets
/// it; `--max-events none` lifts it.
struct WorkLimit {
  /// The option that sets the limit.
  static let option = "--max-events"
  /// The value that lifts it.
  static let noLimit = "none"
  /// The least default limit, in events.
  static let minimumEvents: UInt64 = 100_000_000
  /// The default limit's events per operation (or user, or device).
  static let eventsPerEntity: UInt64 = 1_000
  /// The option's declaration, listed by `run` and `sweep`.
  static let declaration = ArgumentDeclaration.option(
    option, "<n|\(noLimit)>",
    default: .described("\(eventsPerEntity.formatted) per operation, at least \(minimumEvents.formatted)"),
    "The most events one run (one seed) may handle: a run estimated to need more is refused before it starts, "
      + "and one that reaches it is stopped (a model that cycles without progress). '\(noLimit)' lifts it.")

  /// How the limit is set.
  enum Setting: Equatable {
    /// The default, scaled to the scenario's size.
    case scaled
    /// `--max-events <n>`.
    case events(UInt64)
    /// `--max-events none`.
    case unlimited
  }

  let setting: Setting

  /// A limit set as `setting`.
  init(_ setting: Setting) {
    self.setting = setting
  }

  /// Reads `--max-events`.
  init(_ arguments: inout ArgumentReader) throws(CommandFailure) {
    guard let text = try arguments.value(Self.declaration) else {
      self.init(.scaled)
      return
    }
    if text == Self.noLimit {
      self.init(.unlimited)
    } else if let events = UInt64(text), events > 0 {
      self.init(.events(events))
    } else {
      throw arguments.usageError(
        "'\(Self.option)' expects a number of events in 1...\(UInt64.max) or '\(Self.noLimit)', got '\(text)'")
    }
  }

  /// The limit for runs of `options`, `nil` for none.
  func events<World: ScenarioWorld>(_ world: World.Type, _ options: World.Options) -> UInt64? {
    switch setting {
    case .unlimited: return nil
    case .events(let events): return events
    case .scaled:
      let (scaled, overflow) = UInt64(max(0, World.engine.size(options))).multipliedReportingOverflow(
        by: Self.eventsPerEntity)
      return overflow ? .max : max(Self.minimumEvents, scaled)
    }
  }

  /// The limit for a watch looking at runs of every one of `options` (the
  /// cells of a sweep): the largest.
  func events<World: ScenarioWorld>(_ world: World.Type, _ options: [World.Options]) -> UInt64? {
    var largest: UInt64 = 0
    for cell in options {
      guard let events = events(World.self, cell) else { return nil }
      largest = max(largest, events)
    }
    return largest
  }

  /// Refuses, before anything runs, options whose world estimates one run
  /// beyond the limit.
  func check<World: ScenarioWorld>(
    _ world: World.Type, _ options: [World.Options], scenario: String
  ) throws(CommandFailure) {
    for cell in options {
      guard let limit = events(World.self, cell), let estimate = World.engine.estimatedWork(cell),
        estimate.events > limit
      else { continue }
      throw .data(
        "\(FileName.display(scenario)): one run is about \(estimate.events.formatted) events of work "
          + "(\(estimate.cause)), more than \(limitText(limit)); change the option named, or \(raiseText)")
    }
  }

  /// The failure for a run stopped with `error`: past the limit, what to
  /// change; otherwise the engine's message.
  func failure(_ error: SimulationError, scenario: String) -> CommandFailure {
    guard case .eventLimitExceeded(let limit, let time) = error else {
      return .simulation(error, scenario: scenario)
    }
    return .data(
      "\(scenario): the run stopped: it handled more than \(limitText(limit)) (virtual time \(time)): a model "
        + "may be cycling without progress (a retry that can never be answered, restarts faster than the work), "
        + "or the run is far larger than it looks; lower the attempts or the faults, or \(raiseText)")
  }

  /// `the limit of 100,000,000 events (the default: 1,000 per operation, at least 100,000,000)`.
  private func limitText(_ limit: UInt64) -> String {
    let origin =
      setting == .scaled
      ? "the default: \(Self.eventsPerEntity.formatted) per operation, at least \(Self.minimumEvents.formatted)"
      : "\(Self.option) \(limit)"
    return "the limit of \(limit.formatted) events (\(origin))"
  }

  private var raiseText: String {
    "raise the limit with \(Self.option) <n> or lift it with \(Self.option) \(Self.noLimit)"
  }
}

extension Argument where Value == WorkLimit {
  /// `--max-events`, as `run` and `sweep` take it.
  init() {
    self.init(WorkLimit.declaration) { arguments, _ throws(CommandFailure) in try WorkLimit(&arguments) }
  }
}
