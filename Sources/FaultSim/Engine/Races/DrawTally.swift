/// Counts by draw purpose: the faults of each purpose that fired, or the
/// races of each purpose that were met — the evidence that a run (or a
/// sweep, or a property over many seeds) exercised what it is about.
///
/// Kept in the order purposes were first counted, as parallel arrays: a run
/// fires faults of a handful of purposes, so a linear scan is cheaper than
/// hashing. Reports read counts by purpose, so the order never reaches an
/// output.
@usableFromInline package struct DrawTally: Hashable, Sendable {
  /// The purposes that fired, in order of first firing.
  @usableFromInline package var purposes: [DrawPurpose] { fired }
  /// How often each fired, aligned with ``purposes``.
  @usableFromInline package var counts: [UInt64] { tallies }

  @usableFromInline var fired: [DrawPurpose] = []
  @usableFromInline var tallies: [UInt64] = []

  /// Nothing counted yet.
  @usableFromInline package init() {}

  /// Counts one fault fired or race met.
  ///
  /// - Complexity: O(p) for p purposes counted so far (a handful).
  @inlinable
  package mutating func record(_ purpose: DrawPurpose, count: UInt64 = 1) {
    var index = 0
    while index < fired.count {
      if fired[index] == purpose {
        tallies[index] &+= count
        return
      }
      index += 1
    }
    fired.append(purpose)
    tallies.append(count)
  }

  /// The count of `purpose` (0 if never counted).
  ///
  /// - Complexity: O(p).
  @usableFromInline package func count(of purpose: DrawPurpose) -> UInt64 {
    fired.firstIndex(of: purpose).map { tallies[$0] } ?? 0
  }

  /// The sum over purposes.
  @usableFromInline package var total: UInt64 { tallies.reduce(0, &+) }

  /// Adds another tally's counts, unless a sum would exceed `UInt64.max`:
  /// then nothing changes and `MetricsOverflow` names `what`.
  ///
  /// - Complexity: O(p · q) for p and q purposes (a handful each).
  @usableFromInline package mutating func merge(_ other: DrawTally, counting what: String) throws(MetricsOverflow) {
    for (purpose, count) in zip(other.fired, other.tallies)
    where self.count(of: purpose).addingReportingOverflow(count).overflow {
      throw MetricsOverflow(counter: "\(what) of purpose \(purpose.rawValue)")
    }
    for (purpose, count) in zip(other.fired, other.tallies) { record(purpose, count: count) }
  }

  /// The counts as text, `purpose:count` sorted by purpose and joined by
  /// `,`: the same for the same counts whatever order they were made in.
  package var encoded: String {
    zip(fired, tallies).sorted { $0.0.rawValue < $1.0.rawValue }.map { "\($0.0.rawValue):\($0.1)" }
      .joined(separator: ",")
  }

  /// Reads counts written by ``encoded``; `nil` for malformed text.
  package init?(encoded text: Substring) {
    guard !text.isEmpty else { return }
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      let parts = item.split(separator: ":", omittingEmptySubsequences: false)
      guard parts.count == 2, let raw = UInt64(parts[0]), let count = UInt64(parts[1]),
        !fired.contains(DrawPurpose(rawValue: raw))
      else { return nil }
      fired.append(DrawPurpose(rawValue: raw))
      tallies.append(count)
    }
  }

  /// Empties the tally, keeping its storage.
  mutating func removeAll() {
    fired.removeAll(keepingCapacity: true)
    tallies.removeAll(keepingCapacity: true)
  }
}
