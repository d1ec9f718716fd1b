/// Summing, serialising and checking a world's metrics through its counter
/// and histogram lists: the one definition of "the state of a partial sum"
/// that sweeps, checkpoints and shard merges share.
extension WorldMetrics {
  /// Adds another set of runs: counters add, histograms merge. Exact and
  /// commutative, so any merge order gives the same result.
  ///
  /// - Throws: `MetricsOverflow` naming the first counter or histogram whose
  ///   sum does not fit 64 bits; the metrics are then partly merged and
  ///   must be discarded.
  /// - Complexity: O(counters + histogram buckets).
  @usableFromInline package mutating func merge(_ other: Self) throws(MetricsOverflow) {
    for counter in Self.counters {
      let (sum, overflow) = self[keyPath: counter.keyPath].addingReportingOverflow(other[keyPath: counter.keyPath])
      guard !overflow else { throw MetricsOverflow(counter: counter.name) }
      self[keyPath: counter.keyPath] = sum
    }
    for histogram in Self.histograms {
      guard self[keyPath: histogram.keyPath].merge(other[keyPath: histogram.keyPath]) else {
        throw MetricsOverflow(counter: "\(histogram.name).count")
      }
    }
    try Self.table.details.merge(&self, other)
  }

  /// The state as text: counters separated by `;`, then for each histogram
  /// `|` and its non-empty buckets as `index:count` separated by `,`, in
  /// ascending bucket order, and when it holds values `@smallest@largest`,
  /// its exact extremes.
  package var encodedState: String {
    var text = Self.counters.map { String(self[keyPath: $0.keyPath]) }.joined(separator: ";")
    for named in Self.histograms {
      let histogram = self[keyPath: named.keyPath]
      text += "|" + histogram.nonEmptyBuckets.map { "\($0.index):\($0.count)" }.joined(separator: ",")
      if histogram.count > 0 { text += "@\(histogram.smallest)@\(histogram.largest)" }
    }
    return text
  }

  /// Reads a state written by ``encodedState``, and only such a state: any
  /// other spelling of the same numbers (a leading `+` or zero, buckets out
  /// of order or repeated) is refused, so that one state has one text.
  package init(decodingState text: String) throws(MetricsStateError) {
    self.init()
    let sections = text.split(separator: "|", omittingEmptySubsequences: false)
    guard sections.count == 1 + Self.histograms.count else {
      throw MetricsStateError("expected \(1 + Self.histograms.count) sections, found \(sections.count)")
    }
    let counters = sections[0].split(separator: ";", omittingEmptySubsequences: false)
    guard counters.count == Self.counters.count else {
      throw MetricsStateError("expected \(Self.counters.count) counters, found \(counters.count)")
    }
    for (counter, text) in zip(Self.counters, counters) {
      guard let value = UInt64(text), String(value) == text else {
        throw MetricsStateError("counter \(counter.name): '\(text.prefix(30))' is not a count")
      }
      self[keyPath: counter.keyPath] = value
    }
    for (histogram, section) in zip(Self.histograms, sections.dropFirst()) where !section.isEmpty {
      let fields = section.split(separator: "@", omittingEmptySubsequences: false)
      var previous = -1
      for bucket in fields[0].split(separator: ",", omittingEmptySubsequences: false) {
        let parts = bucket.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), String(index) == parts[0], let count = UInt64(parts[1]),
          String(count) == parts[1], count > 0, index > previous
        else {
          throw MetricsStateError(
            "histogram \(histogram.name): '\(bucket.prefix(30))' is not a bucket (index:count, indices ascending, counts positive)"
          )
        }
        switch self[keyPath: histogram.keyPath].add(count: count, toBucket: index) {
        case .added: break
        case .outOfRange:
          throw MetricsStateError("histogram \(histogram.name): bucket \(index) does not exist")
        case .overflow:
          throw MetricsStateError("histogram \(histogram.name): its counts add up to more than \(UInt64.max)")
        }
        previous = index
      }
      // The exact extremes, which every histogram that holds values has.
      guard fields.count == 3, let smallest = UInt64(fields[1]), String(smallest) == fields[1],
        let largest = UInt64(fields[2]), String(largest) == fields[2],
        self[keyPath: histogram.keyPath].restoreExtremes(smallest: smallest, largest: largest)
      else {
        throw MetricsStateError(
          "histogram \(histogram.name): '\(fields.dropFirst().joined(separator: "@").prefix(40))' are not its smallest and largest values"
        )
      }
    }
  }

  /// The first invariant of the world that these metrics break, as a
  /// message, or `nil` when they are consistent.
  ///
  /// - Complexity: O(invariants + histogram buckets).
  @usableFromInline package func invariantViolation() -> String? {
    for invariant in Self.invariants {
      if let violation = invariant.violation(in: self) { return violation }
    }
    return nil
  }
}

/// A serialised metrics state that cannot be read.
package struct MetricsStateError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong with the state.
  package var description: String

  /// An error saying `description`.
  package init(_ description: String) {
    self.description = description
  }
}
