/// How a run treats its fault draws (`SimulationContext/fault(_:_:)`).
@usableFromInline package enum FaultMode: Sendable {
  /// Faults happen as drawn. The default, and the fast path.
  case live
  /// Faults happen as drawn, and each one that fires is listed in
  /// `SimulationContext/firedFaults`.
  case recording
  /// Only the listed faults may happen (if their draw fires); every other
  /// fault is suppressed. Shrinking replays runs this way.
  case restricted(Set<DrawKey>)
}
