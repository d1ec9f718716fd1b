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
  // The built-in decisions are recognised by their types first: comparing
  // type metadata costs a few instructions, where asking the runtime whether
  // a type conforms to a protocol scans every conformance record of the
  // binary the first time (about 100,000 instructions in a static `faultsim`,
  // two per decision). In code specialised for a decision these checks fold
  // away. Any other conformer is still found by the cast below.
  if let builtIn =
    preparedIfBuiltIn(BuiltInClientPolicy.self, decision, options)
    ?? preparedIfBuiltIn(BuiltInRequestHandler.self, decision, options)
    ?? preparedIfBuiltIn(BuiltInReconciler.self, decision, options)
    ?? preparedIfBuiltIn(BuiltInCompletionHandler.self, decision, options)
    ?? preparedIfBuiltIn(BuiltInReconcileJobHandler.self, decision, options)
  {
    return builtIn
  }
  guard let configured = decision as? any ScenarioConfigured<Options> else { return decision }
  guard let prepared = configured.prepared(for: options) as? Decision else {
    preconditionFailure("a prepared decision keeps its type")
  }
  return prepared
}

/// `decision` prepared for `options` when it is a `Known` and `options` are
/// what `Known` reads; `nil` otherwise.
///
/// - Complexity: O(1): type comparisons, no conformance look-up.
@inlinable
@inline(__always)
func preparedIfBuiltIn<Known: ScenarioConfigured, Decision, Options>(
  _ known: Known.Type, _ decision: Decision, _ options: Options
) -> Decision? {
  guard let decision = decision as? Known, let options = options as? Known.ScenarioOptions else { return nil }
  return decision.prepared(for: options) as? Decision
}
