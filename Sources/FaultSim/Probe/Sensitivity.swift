/// How an operation's result depends on repetition and order (SPEC §1).
public enum Sensitivity: CaseIterable, Hashable, Sendable, CustomStringConvertible {
  /// Once equals twice, and a-then-b equals b-then-a.
  case robust
  /// Applying the operation twice differs from once.
  case repeatSensitive
  /// a-then-b differs from b-then-a.
  case orderSensitive
  /// Both: doing it again changes the result, and so does the order.
  case doublySensitive

  /// The class of an operation from its two comparisons.
  @usableFromInline package init(repeatChanges: Bool, orderChanges: Bool) {
    switch (repeatChanges, orderChanges) {
    case (false, false): self = .robust
    case (true, false): self = .repeatSensitive
    case (false, true): self = .orderSensitive
    case (true, true): self = .doublySensitive
    }
  }

  /// The label the seed lessons print (Turkish, ASCII-folded).
  package var lessonLabel: String {
    switch self {
    case .robust: return "saglam"
    case .repeatSensitive: return "yinelemeye-duyarli"
    case .orderSensitive: return "siraya-duyarli"
    case .doublySensitive: return "cift-duyarli"
    }
  }

  /// The English name used in reports: `robust`, `repeat-sensitive`, …
  public var description: String {
    switch self {
    case .robust: return "robust"
    case .repeatSensitive: return "repeat-sensitive"
    case .orderSensitive: return "order-sensitive"
    case .doublySensitive: return "doubly-sensitive"
    }
  }
}

/// Counts of each sensitivity class over a set of trials.
package struct SensitivityTally: Hashable, Sendable {
  private var counts: [Int] = Array(repeating: 0, count: Sensitivity.allCases.count)

  package init() {}

  /// Creates a tally of the given classes.
  package init(_ classes: some Sequence<Sensitivity>) {
    for item in classes { add(item) }
  }

  /// Adds one classified trial.
  package mutating func add(_ sensitivity: Sensitivity) {
    counts[Sensitivity.allCases.firstIndex(of: sensitivity)!] += 1
  }

  /// How many trials fell in `sensitivity`.
  package subscript(sensitivity: Sensitivity) -> Int {
    counts[Sensitivity.allCases.firstIndex(of: sensitivity)!]
  }

  /// `saglam: 1` … one line per class in the canonical order, as the seed
  /// lessons print them.
  package var lessonLines: [String] {
    Sensitivity.allCases.map { "\($0.lessonLabel): \(self[$0])" }
  }
}
