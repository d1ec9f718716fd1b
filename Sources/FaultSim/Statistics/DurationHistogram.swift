/// A log-linear histogram of durations (HdrHistogram's layout): exact below
/// 128 ns, then 128 sub-buckets per power of two, so any recorded value is
/// known to within 1/128 (0.79%) of itself.
///
/// It is exact to merge (counts add), needs no sorting and has a fixed size
/// (7,552 counters), so percentiles over millions of operations and many
/// seeds cost the same as over one. Percentiles are nearest-rank and
/// reported as the midpoint of the bucket holding that rank: the error is at
/// most half a bucket, under 0.4% of the value.
public struct DurationHistogram: Hashable, Sendable {
  static let subBucketBits = 7
  static let subBuckets = 1 << subBucketBits
  static let bucketCount = (64 - subBucketBits + 1) * subBuckets

  var counts: [UInt64]
  /// Values recorded.
  public private(set) var count: UInt64 = 0

  public init() {
    counts = Array(repeating: 0, count: Self.bucketCount)
  }

  /// The bucket of a value.
  static func index(of value: UInt64) -> Int {
    if value < 128 { return Int(value) }
    let exponent = 63 - value.leadingZeroBitCount
    let mantissa = Int(value >> UInt64(exponent - 7))
    return (exponent - 6) * 128 + (mantissa - 128)
  }

  /// The smallest value in a bucket and the bucket's width.
  static func range(of index: Int) -> (lower: UInt64, width: UInt64) {
    if index < 128 { return (UInt64(index), 1) }
    let exponent = index / 128 + 6
    let mantissa = UInt64(index % 128 + 128)
    let width = UInt64(1) << UInt64(exponent - 7)
    return (mantissa * width, width)
  }

  /// Records one value.
  ///
  /// - Complexity: O(1).
  public mutating func record(_ nanoseconds: UInt64) {
    counts[Self.index(of: nanoseconds)] &+= 1
    count &+= 1
  }

  /// Adds another histogram's counts.
  ///
  /// - Complexity: O(buckets).
  public mutating func merge(_ other: DurationHistogram) {
    for index in counts.indices { counts[index] &+= other.counts[index] }
    count &+= other.count
  }

  /// Empties the histogram, keeping its storage.
  public mutating func removeAll() {
    for index in counts.indices { counts[index] = 0 }
    count = 0
  }

  /// The nearest-rank percentile `p` (0…100) in nanoseconds, reported as the
  /// midpoint of its bucket; `nil` when empty.
  ///
  /// - Complexity: O(buckets).
  public func percentile(_ p: Double) -> Double? {
    guard count > 0 else { return nil }
    let rank = max(1, UInt64((p / 100 * Double(count)).rounded(.up)))
    var seen: UInt64 = 0
    for (index, bucketCount) in counts.enumerated() where bucketCount > 0 {
      seen += bucketCount
      if seen >= rank {
        let (lower, width) = Self.range(of: index)
        return Double(lower) + Double(width - 1) / 2
      }
    }
    return nil
  }

  /// The largest recorded value's bucket upper bound, or `nil` when empty.
  public var maximum: UInt64? {
    guard let index = counts.lastIndex(where: { $0 > 0 }) else { return nil }
    let (lower, width) = Self.range(of: index)
    return lower + (width - 1)
  }

  /// The non-empty buckets as (index, count) pairs, for serialisation.
  public var nonEmptyBuckets: [(index: Int, count: UInt64)] {
    counts.enumerated().compactMap { $0.element > 0 ? ($0.offset, $0.element) : nil }
  }

  /// Adds `count` values to bucket `index` (deserialisation); ignores an
  /// index outside the histogram and reports it.
  @discardableResult
  public mutating func add(count added: UInt64, toBucket index: Int) -> Bool {
    guard counts.indices.contains(index) else { return false }
    counts[index] &+= added
    count &+= added
    return true
  }
}
