/// A world that says what its key operation is — an order placed, the
/// relaunch reconcile — for the repeat half of the sensitivity probe
/// (`faultsim explore`, ``ScenarioExploration``): is doing it twice the same
/// as doing it once?
public protocol ProbedWorld: ScenarioWorld {
  /// The same world with its key operation applied twice (an order placed
  /// twice, the relaunch reconcile run twice); `nil` when the world has no
  /// such operation.
  static func repeating(_ options: Options) -> Options?

  /// What the repeated operation is, for reports: "each order submitted
  /// twice", or why there is none.
  static var repeatedOperation: String { get }
}
