/// A decision that takes its settings from a scenario's options: one of
/// FaultSim's built-in decisions (`client.*`, `server.*`, `app.*`). A
/// decision of your own is set up in Swift, by its initialiser, and is run
/// as it is.
@usableFromInline
package protocol ScenarioConfigured<ScenarioOptions> {
  /// The options the decision reads.
  associatedtype ScenarioOptions

  /// The decision for a run of `options`.
  func prepared(for options: ScenarioOptions) -> Self
}

/// `decision` for a run of `options`: prepared for them if it reads them
/// (``ScenarioConfigured``), else as it is.
///
/// - Complexity: O(1) besides the decision's own preparation; a world
///   prepares its decisions once per set of options, never per event.
@inlinable
package func prepared<Decision, Options>(_ decision: Decision, for options: Options) -> Decision {
  guard let configured = decision as? any ScenarioConfigured<Options> else { return decision }
  guard let prepared = configured.prepared(for: options) as? Decision else {
    preconditionFailure("a prepared decision keeps its type")
  }
  return prepared
}
