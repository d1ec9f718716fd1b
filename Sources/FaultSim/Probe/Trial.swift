/// The sensitivity probe: an operation applied once, twice, a-then-b and
/// b-then-a from the same start state, and the class that follows.
///
/// This is the seed lessons' `Trial` / `replay(_:from:_:then:)`: the
/// smallest experiment that tells whether doing something again, or in the
/// other order, changes the result.
public struct Trial<State: Equatable> {
  /// What was probed, e.g. `denetlemeden-kuyruga-al`.
  @usableFromInline package let label: String
  /// `a(start)`.
  @usableFromInline package let once: State
  /// `a(a(start))`.
  @usableFromInline package let twice: State
  /// `b(a(start))`: a, then b.
  @usableFromInline package let forward: State
  /// `a(b(start))`: b, then a.
  @usableFromInline package let backward: State

  /// A probe's four end states; use ``replay(_:from:_:then:)`` to compute them.
  @usableFromInline package init(label: String, once: State, twice: State, forward: State, backward: State) {
    self.label = label
    self.once = once
    self.twice = twice
    self.forward = forward
    self.backward = backward
  }

  /// The class: repeat-sensitive when once ≠ twice, order-sensitive when
  /// forward ≠ backward.
  public var sensitivity: Sensitivity {
    Sensitivity(repeatChanges: once != twice, orderChanges: forward != backward)
  }
}

extension Trial where State: CustomStringConvertible {
  /// The line the seed lessons print:
  /// `label | bir=… iki=… ab=… ba=… -> class`.
  package var lessonLine: String {
    "\(label) | bir=\(once) iki=\(twice) ab=\(forward) ba=\(backward) -> \(sensitivity.lessonLabel)"
  }
}

/// Probes operation `a` (and its order against `b`) from `start`.
///
/// - Returns: once = a(start), twice = a(a(start)), forward = b(a(start)),
///   backward = a(b(start)).
/// - Complexity: Five applications of the operations.
public func replay<State: Equatable>(
  _ label: String, from start: State, _ a: (State) throws -> State, then b: (State) throws -> State
) rethrows -> Trial<State> {
  let once = try a(start)
  return Trial(
    label: label, once: once, twice: try a(once), forward: try b(once), backward: try a(try b(start))
  )
}
