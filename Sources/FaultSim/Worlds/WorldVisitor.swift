/// Generic work on whichever world a scenario names: the one entry point
/// from a loaded scenario to code compiled for its world.
///
/// A scenario's world is known only when the file is read, so
/// ``Scenario/World`` holds it behind one existential. ``Scenario/World/open(_:)``
/// calls ``visit(_:_:)`` with the world's type and options; from there on
/// everything is generic over `World`, and the runs themselves go through
/// the world's own `ScenarioWorld/makeRunner(_:)` and
/// `ScenarioWorld/runOnce(_:seed:strategy:tracing:faults:simplifiesValues:)`
/// witnesses — no existential on the hot path.
///
/// ```swift
/// struct EventsOfSeedOne: WorldVisitor {
///   typealias Result = UInt64
///   typealias Failure = SimulationError
///
///   func visit<World: PluggableWorld>(_ world: World.Type, _ options: World.Options) throws(SimulationError) -> UInt64 {
///     try World.runOnce(options, seed: 1).summary.events
///   }
/// }
/// var visitor = EventsOfSeedOne()
/// let events = try scenario.world.open(&visitor)
/// ```
public protocol WorldVisitor {
  /// What the visit returns (declare it: it is not inferred from the
  /// generic ``visit(_:_:)``).
  associatedtype Result
  /// What the visit throws (declare it too).
  associatedtype Failure: Error

  /// Does the work for one world.
  mutating func visit<World: PluggableWorld>(
    _ world: World.Type, _ options: World.Options
  ) throws(Failure) -> Result
}
