/// A retry budget counted in attempts: each attempt spends one, and an empty
/// budget stops the client.
///
/// Spending is repeat-sensitive by design — the budget exists to shrink as
/// attempts repeat (seed lesson `butce-harca`).
package struct AttemptBudget: Hashable, Sendable, CustomStringConvertible {
  /// Attempts left.
  package private(set) var remaining: Int

  /// A budget of `attempts` attempts (negative counts as zero).
  package init(_ attempts: Int) {
    remaining = max(attempts, 0)
  }

  /// Whether another attempt may be made.
  package var allowsAttempt: Bool { remaining > 0 }

  /// The budget after one more attempt; an empty budget stays empty.
  package func spending() -> AttemptBudget {
    AttemptBudget(remaining - 1)
  }

  /// Spends one attempt if any is left.
  package mutating func spend() {
    self = spending()
  }

  package var description: String { "\(remaining)" }
}
