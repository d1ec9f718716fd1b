/// A sum of runs that no longer fits the 64-bit counter that holds it.
///
/// Counters are exact integers so that sums are the same in any order;
/// wrapping around would turn a large sweep into a silently wrong table, so
/// the sum is refused instead.
public struct MetricsOverflow: Error, Hashable, Sendable, CustomStringConvertible {
  /// The counter or histogram whose sum overflowed.
  @usableFromInline package var counter: String

  /// The sum of `counter` overflowed.
  @usableFromInline package init(counter: String) {
    self.counter = counter
  }

  /// Which sum overflowed, and to run fewer seeds or a smaller scenario.
  public var description: String {
    "the sum of \(counter) exceeds \(UInt64.max), the largest count FaultSim keeps exactly; run fewer seeds or a smaller scenario"
  }
}
