/// The result of checking a property over a seed range.
public struct PropertyReport: Sendable, CustomStringConvertible {
  /// A failure: the seed, how to replay it, and its shrunk form.
  public struct Failure: Sendable {
    /// The first seed for which the property does not hold.
    public var seed: UInt64
    /// The command that replays that seed with its timeline.
    public var replay: String
    /// The smallest set of faults found that still breaks the property.
    public var counterexample: Counterexample
    /// The order the seed failed in: FIFO, or a random order of the
    /// property's ``PropertyOrders``.
    public var order: OrderStrategy = .fifo

    /// A failure; see the properties for each argument.
    @usableFromInline package init(seed: UInt64, replay: String, counterexample: Counterexample) {
      self.seed = seed
      self.replay = replay
      self.counterexample = counterexample
    }
  }

  /// The property's name (``ScenarioProperty/name``).
  @usableFromInline package var property: String
  /// The scenario file the property was checked on.
  @usableFromInline package var scenario: String
  /// The seeds the check was asked to run.
  @usableFromInline package var seeds: Range<UInt64>
  /// Seeds run, the failing one included.
  public var seedsChecked: UInt64
  /// The first failing seed and its shrunk counterexample; `nil` when every
  /// seed passed.
  public var failure: Failure?
  /// What the seeds checked exercised: faults fired and races met by kind
  /// (`("faults fired", "response-loss 12, …")`), as `faultsim run` prints it.
  @usableFromInline package var coverage: [(String, String)]
  /// Kinds the check required that never fired (or were never met): when
  /// not empty, the property passed without being exercised.
  @usableFromInline package var unexercised: [String]
  /// A seed whose runs differed (``DeterminismCheck``): when set, nothing
  /// the runs measured can be trusted, and the property does not hold.
  @usableFromInline package var nondeterminism: NondeterministicRun?
  /// Seeds run again to verify that they are functions of their seeds.
  public var seedsVerified: UInt64
  /// The orders each seed ran in.
  @usableFromInline package var orders: PropertyOrders = .fifo
  /// The options the scenario sets that cannot affect its runs (its own
  /// no-ops, and what your code replaces), so a check never relies
  /// quietly on an option that did nothing: `expect` records each as a
  /// warning of the test.
  public var warnings: [ScenarioWarning] = []

  /// A report; see the properties for each argument.
  @usableFromInline package init(
    property: String, scenario: String, seeds: Range<UInt64>, seedsChecked: UInt64, failure: Failure?,
    coverage: [(String, String)] = [], unexercised: [String] = [], nondeterminism: NondeterministicRun? = nil,
    seedsVerified: UInt64 = 0, orders: PropertyOrders = .fifo
  ) {
    self.orders = orders
    self.property = property
    self.scenario = scenario
    self.seeds = seeds
    self.seedsChecked = seedsChecked
    self.failure = failure
    self.coverage = coverage
    self.unexercised = unexercised
    self.nondeterminism = nondeterminism
    self.seedsVerified = seedsVerified
  }

  /// Whether the property held for every seed, every required fault kind
  /// fired, and every verified seed was a function of its seed: a pass
  /// whose faults never fired, or whose runs were decided by something
  /// outside the simulation, does not hold.
  public var holds: Bool { failure == nil && unexercised.isEmpty && nondeterminism == nil }

  /// `property "…" holds for all N seeds …` with what fired; or the failing
  /// seed, its replay command and the shrunk counterexample; or which required
  /// kinds never fired.
  public var description: String {
    let range =
      "\(seeds.lowerBound)..<\(seeds.upperBound)" + (orders == .fifo ? "" : ", each in \(orders)")
    let covered = coverage.map { "  \($0.0): \($0.1)" }.joined(separator: "\n")
    if let nondeterminism {
      return """
        property "\(property)" cannot be checked on \(scenario) (stopped after \(seedsChecked) of \
        \(seeds.count) seeds): \(nondeterminism)
        """
    }
    guard let failure else {
      guard unexercised.isEmpty else {
        return """
          property "\(property)" passed for all \(seedsChecked) seeds \(range) of \(scenario), \
          but \(unexercised.joined(separator: ", ")) never fired: the property was not exercised
          \(covered)
          """
      }
      return "property \"\(property)\" holds for all \(seedsChecked) seeds \(range) of \(scenario)\n\(covered)"
    }
    return """
      property "\(property)" fails for seed \(failure.seed)\(failure.order == .fifo ? "" : " in order \(ReplayCommand.orderText(failure.order))") of \(scenario) (after \(seedsChecked) of \(seeds.count) seeds)
      replay: \(failure.replay)
      \(failure.counterexample)
      """
  }
}
