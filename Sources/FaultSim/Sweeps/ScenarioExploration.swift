/// `faultsim explore` as a library call: every interleaving of one seed's
/// races (the same faults each time), the distinct final states, and the
/// sensitivity class — with the repeat half of the probe when the world has
/// a repeatable operation (it is a `ProbedWorld`).
public struct ScenarioExploration<World: ScenarioWorld> {
  /// The explored orders and their final states.
  public var exploration: InterleavingExploration<World.FinalState>
  /// Whether applying the world's key operation twice changes the FIFO
  /// final state; `nil` when the world has none.
  public var repeatChanges: Bool?
  /// The FIFO final state of the repeated run, when there is one.
  @usableFromInline package var repeatedState: World.FinalState?

  /// Explores `seed` of a scenario, at most `limit` orders, in `order`
  /// (depth-first, as `faultsim explore` does, by default).
  ///
  /// - Parameters:
  ///   - options: The world's options.
  ///   - seed: The seed whose races are explored (the same faults in every
  ///     order).
  ///   - limit: The most orders run.
  ///   - order: The search order.
  ///   - watch: What looks at every run while it goes; once it is asked to
  ///     stop, the exploration ends with ``SimulationError/interrupted(at:)``
  ///     at its next check.
  /// - Complexity: `min(limit, orders) + 1` runs.
  @usableFromInline package static func explore(
    _ options: World.Options, seed: UInt64, limit: Int,
    order: InterleavingExplorer.SearchOrder = .depthFirst, watch: RunWatch? = nil
  ) throws(SimulationError) -> ScenarioExploration<World> {
    let exploration: InterleavingExploration<World.FinalState>
    do {
      exploration = try InterleavingExplorer.explore(limit: limit, order: order) { strategy in
        let run = try World.runOnce(
          options, seed: seed, strategy: strategy, tracing: false, faults: .live, simplifiesValues: false,
          watch: watch)
        return (run.summary, run.finalState)
      }
    } catch let error as SimulationError {
      throw error
    } catch {
      throw .model("exploration failed: \(error)")
    }
    var result = ScenarioExploration(exploration: exploration)
    if let repeated = World.repeatedOptions(options) {
      let run = try World.runOnce(
        repeated, seed: seed, strategy: .fifo, tracing: false, faults: .live, simplifiesValues: false, watch: watch)
      result.repeatedState = run.finalState
      result.repeatChanges = exploration.interleavings.first.map { $0.outcome != run.finalState }
    }
    return result
  }

  /// The class: order-sensitive when two explored orders end differently,
  /// repeat-sensitive when the repeated operation changes the end; `nil`
  /// when the world cannot be repeated and no order differed (only the
  /// order half is known: see ``isOrderSensitive``).
  @usableFromInline package var sensitivity: Sensitivity? {
    guard let repeatChanges else { return nil }
    return Sensitivity(repeatChanges: repeatChanges, orderChanges: exploration.isOrderSensitive)
  }

  /// Whether two explored orders end differently.
  public var isOrderSensitive: Bool { exploration.isOrderSensitive }

  private init(exploration: InterleavingExploration<World.FinalState>) {
    self.exploration = exploration
  }
}
