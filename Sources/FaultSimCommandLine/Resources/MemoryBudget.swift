import FaultSim

/// The memory `run`, `sweep` and `explore` may plan to use, and the check
/// that refuses — before anything runs, with the value to lower — work
/// estimated to need more.
///
/// The default is 2 GiB, far less than most machines have, so that a
/// mistyped size fails at once instead of pushing the machine into swap;
/// `--memory-budget` or `FAULTSIM_MEMORY_BUDGET` raise or lower it.
/// Estimates come from each world's ``ScenarioWorld/estimatedBytes(_:)``,
/// which count what grows with the scenario (entities, pending events,
/// condition timelines over the horizon, server queues), times the workers
/// that hold one simulation each, plus what a command keeps besides.
struct MemoryBudget {
  /// The default budget: 2 GiB.
  static let defaultBytes = MemorySize.defaultBudget
  /// The option that sets the budget.
  static let option = "--memory-budget"
  /// The environment variable that sets the budget when the option is absent.
  static let environmentVariable = MemorySize.budgetVariable
  /// The option's declaration, listed by every command that checks a
  /// budget.
  static let declaration = ArgumentDeclaration.option(
    option, "<size>", default: .described("\(defaultBytes >> 30)GiB, or $\(environmentVariable)"),
    "The most memory to plan for, e.g. 512MiB, 8GiB. Work estimated to need more is refused before it starts.")

  /// The budget in bytes.
  let bytes: UInt64
  /// Where it was set, for messages: `the default`, `--memory-budget 4GiB`.
  let origin: String

  /// A budget of `bytes`.
  init(bytes: UInt64, origin: String) {
    self.bytes = bytes
    self.origin = origin
  }

  /// Reads `--memory-budget`, else `FAULTSIM_MEMORY_BUDGET` from
  /// `environment`, else the default.
  init(_ arguments: inout ArgumentReader, environment: [String: String]) throws(CommandFailure) {
    if let text = try arguments.value(Self.declaration) {
      let bytes: UInt64
      do {
        bytes = try MemorySize.bytes(parsing: text)
      } catch {
        throw arguments.usageError(MemorySize.message(error, "\(Self.option) '\(text)'"))
      }
      self.init(bytes: bytes, origin: "\(Self.option) \(text)")
    } else if let set = try Self.fromEnvironment(environment, arguments) {
      self.init(bytes: set.bytes, origin: set.origin)
    } else {
      self.init(bytes: Self.defaultBytes, origin: "the default")
    }
  }

  /// Refuses work estimated to need more than the budget.
  ///
  /// - Parameters:
  ///   - needed: The estimated bytes, or `nil` when the estimate overflows.
  ///   - what: What needs them: "one simulation needs about 1.2 GiB".
  ///   - lower: What to lower: "workload.operations or --jobs".
  ///   - scenario: The scenario file, for the message.
  /// The budget the environment sets (``MemorySize/budgetVariable(in:)``,
  /// which the library's runs read too), or `nil`.
  private static func fromEnvironment(
    _ environment: [String: String], _ arguments: ArgumentReader
  ) throws(CommandFailure) -> (bytes: UInt64, origin: String)? {
    do {
      return try MemorySize.budgetVariable { environment[$0] }
    } catch {
      throw arguments.usageError(error.message)
    }
  }

  func check(needed: UInt64?, what: String, lower: String, scenario: String) throws(CommandFailure) {
    if let needed, needed <= bytes { return }
    throw refusal(needed: needed, what: what, lower: lower, scenario: scenario)
  }

  /// The failure for work estimated to need `needed` bytes (`nil`: more
  /// than 64 bits hold); see ``check(needed:what:lower:scenario:)``.
  func refusal(needed: UInt64?, what: String, lower: String, scenario: String) -> CommandFailure {
    let need = needed.map(Self.text) ?? "more than 16 EiB"
    return .data(
      "\(FileName.display(scenario)): \(what) about \(need), more than the memory budget of \(Self.text(bytes)) (\(origin)); lower \(lower), or raise the budget with \(Self.option) or \(Self.environmentVariable) (this machine has \(Self.text(Host.physicalMemory)))"
    )
  }

  /// The failure for a sweep whose plan does not fit the budget.
  func refusal(_ estimate: SweepMemoryEstimate, lower: String, scenario: String) -> CommandFailure {
    refusal(
      needed: estimate.total, what: Self.what(estimate.perSimulation, jobs: estimate.simulations), lower: lower,
      scenario: scenario)
  }

  /// What needs the memory: `one simulation needs`, or `4 simulations side
  /// by side (--jobs 4), about 1.2 GiB each, need`.
  static func what(_ perSimulation: UInt64, jobs: Int) -> String {
    jobs > 1
      ? "\(jobs) simulations side by side (--jobs \(jobs)), about \(text(perSimulation)) each, need"
      : "one simulation needs"
  }

  /// Checks `jobs` simulations of the largest of `options` side by side.
  ///
  /// With `trace`, each simulation also holds what streaming its timeline in
  /// that format holds (see ``estimatedBytes(_:_:trace:)``).
  func check<World: ScenarioWorld>(
    _ world: World.Type, _ options: [World.Options], jobs: Int, scenario: String,
    trace: TraceFormat? = nil
  ) throws(CommandFailure) {
    let largest = options.map { Self.estimatedBytes(World.self, $0, trace: trace) }.max() ?? 0
    let workers = UInt64(max(1, jobs))
    let (simulations, overflow) = largest.multipliedReportingOverflow(by: workers)
    try check(
      needed: overflow ? nil : simulations, what: Self.what(largest, jobs: jobs),
      lower: World.engine.sizeKey + (jobs > 1 ? " or --jobs" : ""), scenario: scenario)
  }

  /// The limit a ``RunWatch`` enforces on each of `jobs` simulations side
  /// by side while they run: an equal share of the budget. The estimate
  /// is the polite first refusal; this stops a run that grows past it
  /// anyway (tries abandoned upstream, copies held back) before the
  /// machine runs out.
  func limit(jobs: Int, lower: String) -> RunWatch.MemoryLimit {
    let workers = UInt64(max(1, jobs))
    let share = jobs > 1 ? "\(Self.text(bytes / workers)) each of --jobs \(jobs), " : ""
    return RunWatch.MemoryLimit(
      bytes: bytes / workers,
      advice:
        "the budget is \(share)\(Self.text(bytes)) from \(origin); lower \(lower), or raise the budget with \(Self.option) or \(Self.environmentVariable)"
    )
  }

  /// `1.5 GiB`, `320.0 MiB`: tenths rounded as `printf("%.1f")` rounds
  /// them, the exact quotient to the nearest, halves to even.
  ///
  /// Computed in integers below 2⁵³ bytes (where the quotient is exact in
  /// a `Double` too): every run builds this text for its memory limit's
  /// advice, and a first call of C's `printf` costs hundreds of thousands
  /// of instructions.
  static func text(_ bytes: UInt64) -> String {
    let (shift, unit): (UInt64, String) = bytes >= 1 << 30 ? (30, " GiB") : (20, " MiB")
    guard bytes < 1 << 53 else { return String(Double(bytes) / Double(UInt64(1) << shift), printfDecimals: 1) + unit }
    let scaled = bytes * 10
    var tenths = scaled >> shift
    let rest = scaled & ((1 << shift) - 1)
    let half = UInt64(1) << (shift - 1)
    if rest > half || (rest == half && tenths % 2 == 1) { tenths += 1 }
    return "\(tenths / 10).\(tenths % 10)" + unit
  }

  /// What one simulation holds: the world's estimate, plus what a streamed
  /// trace holds (a chunk of output, and for Mermaid its look-ahead and one
  /// entry per declared participant: at most two actors per entity, the
  /// clients or apps and their daemons, and a few shared ones).
  static func estimatedBytes<World: ScenarioWorld>(
    _ world: World.Type, _ options: World.Options, trace: TraceFormat?
  ) -> UInt64 {
    let simulation = World.engine.estimatedBytes(options)
    guard let trace else { return simulation }
    let actors = UInt64(World.engine.size(options)).multipliedReportingOverflow(by: 2)
    let held = TraceWriter.heldBytes(format: trace, actors: actors.overflow ? .max : actors.partialValue &+ 8)
    let (total, overflow) = simulation.addingReportingOverflow(held &+ (1 << 17))
    return overflow ? .max : total
  }
}

extension Argument where Value == MemoryBudget {
  /// `--memory-budget`, as every command that checks a budget takes it.
  init() {
    self.init(MemoryBudget.declaration) { arguments, _ throws(CommandFailure) in
      try MemoryBudget(&arguments, environment: Host.environment(MemoryBudget.environmentVariable))
    }
  }
}
