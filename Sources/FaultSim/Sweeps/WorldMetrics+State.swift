/// Summing and serialising a world's metrics through its counter and
/// histogram lists: the one definition of "the state of a partial sum" that
/// sweeps, checkpoints and shard merges share.
extension WorldMetrics {
  /// Adds another set of runs: counters add, histograms merge. Exact and
  /// commutative, so any merge order gives the same result.
  ///
  /// - Complexity: O(counters + histogram buckets).
  public mutating func merge(_ other: Self) {
    for counter in Self.counters { self[keyPath: counter] &+= other[keyPath: counter] }
    for histogram in Self.histograms { self[keyPath: histogram].merge(other[keyPath: histogram]) }
  }

  /// The state as text: counters separated by `;`, then for each histogram
  /// `|` and its non-empty buckets as `index:count` separated by `,`, and
  /// when it holds values `@smallest@largest`, its exact extremes.
  public var encodedState: String {
    var text = Self.counters.map { String(self[keyPath: $0]) }.joined(separator: ";")
    for keyPath in Self.histograms {
      let histogram = self[keyPath: keyPath]
      text += "|" + histogram.nonEmptyBuckets.map { "\($0.index):\($0.count)" }.joined(separator: ",")
      if histogram.count > 0 { text += "@\(histogram.smallest)@\(histogram.largest)" }
    }
    return text
  }

  /// Reads a state written by ``encodedState``.
  public init(decodingState text: String) throws(MetricsStateError) {
    self.init()
    let sections = text.split(separator: "|", omittingEmptySubsequences: false)
    guard sections.count == 1 + Self.histograms.count else {
      throw MetricsStateError("expected \(1 + Self.histograms.count) sections, found \(sections.count)")
    }
    let counters = sections[0].split(separator: ";", omittingEmptySubsequences: false)
    guard counters.count == Self.counters.count else {
      throw MetricsStateError("expected \(Self.counters.count) counters, found \(counters.count)")
    }
    for (keyPath, text) in zip(Self.counters, counters) {
      guard let value = UInt64(text) else { throw MetricsStateError("'\(text.prefix(30))' is not a counter") }
      self[keyPath: keyPath] = value
    }
    for (keyPath, section) in zip(Self.histograms, sections.dropFirst()) where !section.isEmpty {
      let fields = section.split(separator: "@", omittingEmptySubsequences: false)
      for bucket in fields[0].split(separator: ",") {
        let parts = bucket.split(separator: ":")
        guard parts.count == 2, let index = Int(parts[0]), let count = UInt64(parts[1]),
          self[keyPath: keyPath].add(count: count, toBucket: index)
        else { throw MetricsStateError("'\(bucket.prefix(30))' is not a histogram bucket") }
      }
      // The exact extremes; a state without them keeps its buckets' bounds.
      guard fields.count > 1 else { continue }
      guard fields.count == 3, let smallest = UInt64(fields[1]), let largest = UInt64(fields[2]),
        self[keyPath: keyPath].restoreExtremes(smallest: smallest, largest: largest)
      else {
        throw MetricsStateError(
          "'\(fields.dropFirst().joined(separator: "@").prefix(40))' are not the histogram's extremes")
      }
    }
  }
}

/// A serialised metrics state that cannot be read.
public struct MetricsStateError: Error, Hashable, Sendable, CustomStringConvertible {
  public var description: String

  public init(_ description: String) {
    self.description = description
  }
}
