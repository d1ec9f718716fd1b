/// A world that says what its key operation is — an order placed, the
/// relaunch reconcile — for the repeat half of the sensitivity probe
/// (`faultsim explore`, ``ScenarioExploration``): is doing it twice the same
/// as doing it once?
@usableFromInline
package protocol ProbedWorld: ScenarioWorld {
  /// The same world with its key operation applied twice (an order placed
  /// twice, the relaunch reconcile run twice); `nil` when these options
  /// have no such operation.
  static func repeating(_ options: Options) -> Options?

  /// What the repeated operation is, for reports: "each order submitted
  /// twice".
  static var repeatedOperation: String { get }
}

/// A world with no key operation to repeat that says why, for reports
/// (`not probed: …`); a world that is neither this nor a `ProbedWorld` has
/// "no operation to repeat".
package protocol UnprobedWorld: ScenarioWorld {
  /// Why the world has no operation for the repeat half of the probe.
  static var unrepeatableBecause: String { get }
}

extension ScenarioWorld {
  /// What the repeat half of the probe repeats, or — for a world that is
  /// not a `ProbedWorld` — why nothing is repeated.
  package static var repeatedOperationOrReason: String {
    (Self.self as? any ProbedWorld.Type)?.repeatedOperation
      ?? (Self.self as? any UnprobedWorld.Type)?.unrepeatableBecause ?? "the world has no operation to repeat"
  }

  /// The options with the world's key operation applied twice, when the
  /// world is a `ProbedWorld` and the options have one.
  static func repeatedOptions(_ options: Options) -> Options? {
    guard let probed = Self.self as? any ProbedWorld.Type else { return nil }
    return repeated(probed, options)
  }

  /// `ProbedWorld/repeating(_:)` of `probed`, which is this world.
  private static func repeated<Probed: ProbedWorld>(_ probed: Probed.Type, _ options: Options) -> Options? {
    guard let same = options as? Probed.Options else { return nil }
    return Probed.repeating(same) as? Options
  }
}
