/// A property of a scenario that must hold for every seed — "with
/// idempotency keys, no order is ever recorded twice" — checked over a
/// seed range, with the failing seed, the command that replays it and a
/// shrunk counterexample when it does not hold.
///
/// ```swift
/// import FaultSim
/// import Testing
///
/// @Test func keyedOrdersAreNeverRecordedTwice() throws {
///   let scenario = try Scenario.shipped(
///     "checkout-keyed", overrides: [try ScenarioOverride(parsing: "workload.operations=1000")])
///   let report = try ScenarioProperty<RequestWorld>("no order is recorded twice") { run in
///     run.metrics.duplicated == 0
///   }.check(scenario, seeds: 0..<100)
///   #expect(report.holds, "\(report)")
/// }
/// ```
public struct ScenarioProperty<World: ScenarioWorld>: Sendable {
  /// What the property says, for reports.
  public let name: String
  let holds: @Sendable (PropertyRun<World>) -> Bool
  /// Which seeds are run again to verify that they are functions of their
  /// seeds (``DeterminismCheck/sampled`` unless changed with
  /// ``checkingDeterminism(_:)``).
  @usableFromInline package private(set) var determinism = DeterminismCheck.sampled
  /// The orders each seed runs in (``PropertyOrders/fifo`` unless changed
  /// with ``checkingOrders(_:)``).
  @usableFromInline package private(set) var orders = PropertyOrders.fifo
  /// How many threads a check judges seeds on; `nil` is one per processor
  /// the process may use (changed with ``checking(onThreads:)``).
  @usableFromInline package private(set) var threads: Int?

  /// A property: `holds` is true when a run satisfies it.
  public init(_ name: String, holds: @escaping @Sendable (PropertyRun<World>) -> Bool) {
    self.name = name
    self.holds = holds
  }

  /// The same property, verifying determinism as `check` says: every
  /// seed, a sample of seeds and the failing one (the default), or none
  /// (``DeterminismCheck/off``).
  ///
  /// - Complexity: O(1).
  public func checkingDeterminism(_ check: DeterminismCheck) -> ScenarioProperty {
    var property = self
    property.determinism = check
    return property
  }

  /// The same property, running each seed in FIFO order and, with
  /// ``PropertyOrders/random(perSeed:)``, in that many keyed random orders
  /// of the code's tasks and the engine's races: a failure under a random
  /// order is reported with that order, replayable.
  ///
  /// - Complexity: O(1).
  public func checkingOrders(_ orders: PropertyOrders) -> ScenarioProperty {
    var property = self
    property.orders = orders
    return property
  }

  /// The same property, judging seeds on `threads` threads at once (at
  /// least 1; 1 runs them one after another on the calling thread). The
  /// report is the same for any number of threads: runs are judged in
  /// seed order, and the first seed that fails is the one reported and
  /// shrunk (shrinking and the determinism check run on the calling
  /// thread).
  ///
  /// By default a check uses one thread per processor the process may
  /// use. The simulated code then runs on several threads at once, one
  /// run per thread, each on a deterministic runtime of its own: state it
  /// shares between runs (a global, a static) is shared between threads
  /// too — and makes a run depend on others, which the determinism check
  /// reports. The property's own closure is always called on the calling
  /// thread, one run at a time, in seed order.
  ///
  /// - Complexity: O(1).
  public func checking(onThreads threads: Int) -> ScenarioProperty {
    var property = self
    property.threads = max(1, threads)
    return property
  }

  /// Checks the property for every seed of `seeds`, in order, stopping at
  /// the first failure, which is then shrunk.
  ///
  /// A property that passes because the faults it is about never fired is a
  /// false pass: name them in `required` (fault or race kinds of the
  /// world, e.g. `[.responseLoss]`) and the report does not hold — "passed,
  /// but response-loss never fired" — unless each fired at least once over
  /// the seeds checked. The report always lists what fired.
  ///
  /// - Parameters:
  ///   - scenario: A loaded scenario of this property's world.
  ///   - seeds: The seeds to check.
  ///   - required: Fault and race kinds that must fire (or be met) at least
  ///     once over the seeds.
  ///   - budget: The most runs shrinking may make.
  /// - Throws: `PropertyError` when the scenario is of another world or a
  ///   run stops with a simulation error.
  /// - Complexity: One run per seed up to the first failure, then at most
  ///   `budget.runs` runs.
  public func check(
    _ scenario: Scenario, seeds: Range<UInt64>, requiring required: [World.Draws] = [],
    shrinking budget: ShrinkBudget = ShrinkBudget()
  ) throws(PropertyError) -> PropertyReport {
    guard let options = World.options(of: scenario.world) else {
      throw .wrongWorld(
        "\(scenario.file) is a \(scenario.world.name) world, the property is about the \(World.worldName) world")
    }
    var report = try check(
      options, file: scenario.file, seeds: seeds, requiring: required, shrinking: budget,
      replay: { seed, strategy in
        ReplayCommand.run(
          scenario: scenario.file, seed: seed, overrides: scenario.overrides.map(\.description),
          order: strategy == .fifo ? nil : ReplayCommand.orderText(strategy))
      })
    report.warnings = scenario.warnings
    return report
  }

  /// Checks the property on a scenario's world with decisions given in
  /// Swift (``PluggedScenario``), as ``check(_:seeds:requiring:shrinking:)``
  /// does for a scenario file. The command line cannot run your code, so
  /// the report's replay line is the library call that prints the failing
  /// seed's timeline.
  ///
  /// - Throws: `PropertyError` when a run stops with a simulation error.
  /// - Complexity: One run per seed up to the first failure, then at most
  ///   `budget.runs` runs.
  public func check(
    _ world: PluggedScenario<World>, seeds: Range<UInt64>, requiring required: [World.Draws] = [],
    shrinking budget: ShrinkBudget = ShrinkBudget()
  ) throws(PropertyError) -> PropertyReport {
    var report = try check(
      world.options, file: world.scenario.file, seeds: seeds, requiring: required, shrinking: budget,
      replay: { seed, strategy in
        switch strategy {
        case .random(let orderSeed): "print(try world.trace(seed: \(seed), strategy: .random(orderSeed: \(orderSeed))))"
        default: "print(try world.trace(seed: \(seed)))"
        }
      })
    report.warnings = world.warnings
    return report
  }

  /// Checks the property on a world that runs your async code, requiring
  /// kinds of the world it runs in — `requiring: [.responseLoss]` — as a
  /// property on the built-in world does; see
  /// the check on a plugged world.
  ///
  /// - Throws: `PropertyError` when a run stops with a simulation error.
  /// - Complexity: One run per seed and order up to the first failure,
  ///   then at most `budget.runs` runs.
  public func check<Base: DrawPurposeSet>(
    _ world: PluggedScenario<World>, seeds: Range<UInt64>, requiring required: [Base],
    shrinking budget: ShrinkBudget = ShrinkBudget()
  ) throws(PropertyError) -> PropertyReport where World.Draws == UserCodeDraw<Base> {
    try check(world, seeds: seeds, requiring: required.map { UserCodeDraw($0) }, shrinking: budget)
  }

  /// The check, on a world's options.
  func check(
    _ options: World.Options, file: String, seeds: Range<UInt64>, requiring required: [World.Draws],
    shrinking budget: ShrinkBudget, replay: (UInt64, OrderStrategy) -> String
  ) throws(PropertyError) -> PropertyReport {
    var checked: UInt64 = 0
    var verified: UInt64 = 0
    var coverage = FaultCoverage<World.Draws>()
    let probe = DeterminismProbe<World>(options: options)
    let threads = self.threads ?? Processors.active
    // The threads' runs share the budget, as a sweep's workers do.
    let watch: RunWatch
    do {
      watch = try RunWatch.forRunsOfYourCode(sharedBy: threads)
    } catch {
      throw .simulation(seed: seeds.lowerBound, error)
    }
    // Judged a batch at a time, so that a failure early in a long range
    // stops the work soon; a batch keeps every thread busy a few seeds.
    let batchSize = UInt64(threads == 1 ? 1 : threads * 4)
    var batchStart = seeds.lowerBound
    var batchRuns: [SeedRuns<World>] = []
    let strategies = orders.strategies
    var next = 0
    for seed in seeds {
      if next == batchRuns.count {
        let batch = batchStart..<(seeds.upperBound - batchStart > batchSize ? batchStart + batchSize : seeds.upperBound)
        batchRuns = SeedRuns<World>.run(options, orders: strategies, seeds: batch, threads: threads, watch: watch)
        next = 0
        batchStart = batch.upperBound
      }
      let made = batchRuns[next]
      next += 1
      checked += 1
      // Judged here, in seed and order sequence, as one thread would.
      var failedIn: OrderStrategy?
      for (strategy, run) in zip(strategies, made.runs) {
        coverage.add(run.summary)
        if !holds(PropertyRun(seed: seed, metrics: run.metrics, finalState: run.finalState)) {
          failedIn = strategy
          break
        }
      }
      if failedIn == nil, let error = made.error { throw .simulation(seed: seed, error) }
      let passed = failedIn == nil
      if passed ? determinism.samples(checked - 1) : determinism.isOn {
        verified += 1
        let finding: NondeterministicRun?
        do {
          finding = try probe.verify(seed)
        } catch {
          throw .simulation(seed: seed, error)
        }
        if let finding {
          return PropertyReport(
            property: name, scenario: file, seeds: seeds, seedsChecked: checked, failure: nil,
            coverage: coverage.reportLines, nondeterminism: finding, seedsVerified: verified, orders: orders)
        }
      }
      guard let strategy = failedIn else { continue }
      let counterexample: Counterexample
      var shrinker = FaultShrinker<World>(
        options: options, seed: seed, budget: budget, strategy: strategy, fails: { !holds($0) })
      do {
        counterexample = try shrinker.shrink()
      } catch {
        throw .simulation(seed: seed, error)
      }
      var failure = PropertyReport.Failure(seed: seed, replay: replay(seed, strategy), counterexample: counterexample)
      failure.order = strategy
      return PropertyReport(
        property: name, scenario: file, seeds: seeds, seedsChecked: checked, failure: failure,
        coverage: coverage.reportLines, unexercised: [], seedsVerified: verified, orders: orders)
    }
    return PropertyReport(
      property: name, scenario: file, seeds: seeds, seedsChecked: checked, failure: nil,
      coverage: coverage.reportLines, unexercised: coverage.missing(required).map(\.name), seedsVerified: verified,
      orders: orders)
  }
}

/// What a property sees of one run.
public struct PropertyRun<World: ScenarioWorld> {
  /// The seed the run used.
  public var seed: UInt64
  /// What the run measured.
  public var metrics: World.Metrics
  /// How the run ended: every entity's final state (``WorldFinalState``).
  public var finalState: World.FinalState
}

/// How much work shrinking may do: a number of runs, so that a shrink is
/// bounded and deterministic (it takes at most `runs` times one run).
public struct ShrinkBudget: Hashable, Sendable {
  /// The most runs shrinking may make (at least 1).
  public var runs: Int

  /// A budget of `runs` runs (at least 1): a shrink takes at most `runs` times
  /// one run of the scenario.
  public init(runs: Int = 300) {
    self.runs = max(1, runs)
  }
}

/// Why a property could not be checked.
public enum PropertyError: Error, Sendable, CustomStringConvertible {
  /// The scenario is of another world than the property's; the message names
  /// both.
  case wrongWorld(String)
  /// A run of `seed` stopped with a simulation error (an event limit or a clock
  /// overflow).
  case simulation(seed: UInt64, SimulationError)

  /// The message: which worlds differ, or the seed and its simulation error.
  public var description: String {
    switch self {
    case .wrongWorld(let message): return message
    case .simulation(let seed, let error): return "seed \(seed): \(error)"
    }
  }
}
