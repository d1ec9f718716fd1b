/// A log-linear histogram of durations (HdrHistogram's layout): exact below
/// 128 ns, then 128 sub-buckets per power of two, so any recorded value is
/// known to within 1/128 (0.79%) of itself.
///
/// It is exact to merge (counts add) and needs no sorting, so percentiles
/// over millions of operations and many seeds cost the same as over one.
/// Percentiles are nearest-rank and reported as the midpoint of the bucket
/// holding that rank, clamped to the exact smallest and largest values
/// recorded: the error is at most half a bucket, under 0.4% of the value,
/// and no percentile is ever above the largest value (a p99 never exceeds
/// the run's makespan) or below the smallest.
///
/// Storage covers only the powers of two that hold values (blocks of 128
/// counters, 1 KiB each): a run's completion times span a handful of them,
/// so a sweep cell keeps a few KiB rather than all 58 blocks (58 KiB), and a
/// merge adds only the other histogram's blocks.
@usableFromInline package struct DurationHistogram: Hashable, Sendable {
  static let subBucketBits = 7
  static let subBuckets = 1 << subBucketBits
  /// Blocks of `subBuckets` counters: one for the exact values below 128,
  /// then one per power of two from 2⁷ to 2⁶³.
  static let blockCount = 64 - subBucketBits + 1
  static let bucketCount = blockCount * subBuckets

  /// Counters of blocks `firstBlock ..< firstBlock + counts.count / subBuckets`.
  var counts: [UInt64] = []
  var firstBlock = 0
  /// Values recorded.
  package private(set) var count: UInt64 = 0
  /// The smallest value recorded, exactly (`UInt64.max` when empty).
  @usableFromInline package private(set) var smallest: UInt64 = .max
  /// The largest value recorded, exactly (0 when empty).
  @usableFromInline package private(set) var largest: UInt64 = 0

  /// An empty histogram; it allocates nothing until a value is recorded.
  @usableFromInline package init() {}

  /// The bucket of a value, below ``bucketCount``.
  ///
  /// Wrapping arithmetic throughout: `exponent` is 7…63 past the first
  /// test and the mantissa 128…255, so nothing can overflow, and the
  /// checks would be the larger part of a ``record(_:)`` (one per finished
  /// operation).
  ///
  /// - Complexity: O(1).
  @inline(__always)
  static func index(of value: UInt64) -> Int {
    if value < UInt64(subBuckets) { return Int(truncatingIfNeeded: value) }
    let exponent = 63 &- value.leadingZeroBitCount
    let mantissa = Int(truncatingIfNeeded: value &>> UInt64(truncatingIfNeeded: exponent &- subBucketBits))
    return (exponent &- subBucketBits &+ 1) &* subBuckets &+ (mantissa &- subBuckets)
  }

  /// The smallest value in a bucket and the bucket's width.
  static func range(of index: Int) -> (lower: UInt64, width: UInt64) {
    if index < subBuckets { return (UInt64(index), 1) }
    let exponent = index / subBuckets + subBucketBits - 1
    let mantissa = UInt64(index % subBuckets + subBuckets)
    let width = UInt64(1) << UInt64(exponent - subBucketBits)
    return (mantissa * width, width)
  }

  /// The first bucket index held in `counts`.
  var firstIndex: Int { firstBlock &* Self.subBuckets }

  /// Widens the storage to hold blocks `low...high`, keeping the counts.
  ///
  /// - Complexity: O(blocks held); it happens at most once per new block.
  mutating func cover(blocks low: Int, _ high: Int) {
    let held = counts.count / Self.subBuckets
    if held == 0 {
      firstBlock = low
      counts = Array(repeating: 0, count: (high - low + 1) * Self.subBuckets)
      return
    }
    let newFirst = min(low, firstBlock)
    let newLast = max(high, firstBlock + held - 1)
    guard newFirst < firstBlock || newLast >= firstBlock + held else { return }
    var widened = Array(repeating: UInt64(0), count: (newLast - newFirst + 1) * Self.subBuckets)
    let offset = (firstBlock - newFirst) * Self.subBuckets
    for index in counts.indices { widened[offset + index] = counts[index] }
    counts = widened
    firstBlock = newFirst
  }

  /// Records one value.
  ///
  /// - Complexity: O(1) amortised.
  @usableFromInline package mutating func record(_ nanoseconds: UInt64) {
    let index = Self.index(of: nanoseconds)
    // One unsigned comparison tests both ends: a slot below the held
    // blocks wraps to a huge unsigned value.
    var slot = index &- firstIndex
    if UInt(bitPattern: slot) >= UInt(bitPattern: counts.count) {
      let block = index &>> Self.subBucketBits
      cover(blocks: block, block)
      slot = index &- firstIndex
    }
    counts[slot] &+= 1
    count &+= 1
    smallest = Swift.min(smallest, nanoseconds)
    largest = Swift.max(largest, nanoseconds)
  }

  /// Adds another histogram's counts, unless the total count would exceed
  /// `UInt64.max`: then nothing changes and the result is false. (No bucket
  /// can overflow when the total does not: every bucket is part of it.)
  ///
  /// - Complexity: O(buckets the other holds).
  @usableFromInline package mutating func merge(_ other: DurationHistogram) -> Bool {
    guard !other.counts.isEmpty else { return true }
    guard !count.addingReportingOverflow(other.count).overflow else { return false }
    cover(blocks: other.firstBlock, other.firstBlock + other.counts.count / Self.subBuckets - 1)
    let offset = other.firstIndex - firstIndex
    other.counts.withUnsafeBufferPointer { source in
      counts.withUnsafeMutableBufferPointer { target in
        for index in source.indices { target[offset + index] &+= source[index] }
      }
    }
    count &+= other.count
    smallest = Swift.min(smallest, other.smallest)
    largest = Swift.max(largest, other.largest)
    return true
  }

  /// Empties the histogram, keeping its storage.
  @usableFromInline package mutating func removeAll() {
    for index in counts.indices { counts[index] = 0 }
    count = 0
    smallest = .max
    largest = 0
  }

  /// The nearest-rank percentile `p` (0…100) in nanoseconds, reported as the
  /// midpoint of its bucket clamped to ``smallest``...``largest``; `nil`
  /// when empty.
  ///
  /// - Complexity: O(buckets held).
  @usableFromInline package func percentile(_ p: Double) -> Double? {
    guard count > 0 else { return nil }
    let rank = max(1, UInt64((p / 100 * Double(count)).rounded(.up)))
    var seen: UInt64 = 0
    for (slot, bucketCount) in counts.enumerated() where bucketCount > 0 {
      seen += bucketCount
      if seen >= rank {
        let (lower, width) = Self.range(of: firstIndex + slot)
        let midpoint = Double(lower) + Double(width - 1) / 2
        return Swift.min(Swift.max(midpoint, Double(smallest)), Double(largest))
      }
    }
    return nil
  }

  /// The largest recorded value, or `nil` when empty.
  @usableFromInline package var maximum: UInt64? {
    count > 0 ? largest : nil
  }

  /// The non-empty buckets as (index, count) pairs, for serialisation.
  package var nonEmptyBuckets: [(index: Int, count: UInt64)] {
    counts.enumerated().compactMap { $0.element > 0 ? (firstIndex + $0.offset, $0.element) : nil }
  }

  /// What ``add(count:toBucket:)`` did.
  package enum BucketAddition: Sendable {
    case added
    /// No bucket has that index; nothing changed.
    case outOfRange
    /// The total count would exceed `UInt64.max`; nothing changed.
    case overflow
  }

  /// Adds `count` values to bucket `index` (deserialisation). Until
  /// ``restoreExtremes(smallest:largest:)``, the extremes are the bounds of
  /// the buckets added.
  package mutating func add(count added: UInt64, toBucket index: Int) -> BucketAddition {
    guard (0..<Self.bucketCount).contains(index) else { return .outOfRange }
    guard !count.addingReportingOverflow(added).overflow else { return .overflow }
    let block = index / Self.subBuckets
    cover(blocks: block, block)
    counts[index - firstIndex] &+= added
    count &+= added
    if added > 0 {
      let (lower, width) = Self.range(of: index)
      smallest = Swift.min(smallest, lower)
      largest = Swift.max(largest, lower + (width - 1))
    }
    return .added
  }

  /// Sets the exact extremes of a histogram read back from its buckets
  /// (deserialisation). They must lie in the first and last non-empty
  /// buckets; returns `false` and changes nothing otherwise.
  package mutating func restoreExtremes(smallest: UInt64, largest: UInt64) -> Bool {
    guard count > 0, smallest <= largest,
      bucket(Self.index(of: smallest)) > 0, bucket(Self.index(of: largest)) > 0,
      smallest >= self.smallest, largest <= self.largest
    else { return false }
    self.smallest = smallest
    self.largest = largest
    return true
  }

  /// Equal when they hold the same counts, however much storage each has.
  @usableFromInline package static func == (lhs: DurationHistogram, rhs: DurationHistogram) -> Bool {
    guard lhs.count == rhs.count, lhs.smallest == rhs.smallest, lhs.largest == rhs.largest else { return false }
    let low = min(lhs.firstIndex, rhs.firstIndex)
    let high = max(lhs.firstIndex + lhs.counts.count, rhs.firstIndex + rhs.counts.count)
    for index in low..<high where lhs.bucket(index) != rhs.bucket(index) { return false }
    return true
  }

  /// Hashes the counts, not the storage, consistently with ``==(_:_:)``.
  @usableFromInline package func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    hasher.combine(smallest)
    hasher.combine(largest)
    for (index, bucketCount) in nonEmptyBuckets {
      hasher.combine(index)
      hasher.combine(bucketCount)
    }
  }

  /// The count of bucket `index` (0 outside the storage).
  func bucket(_ index: Int) -> UInt64 {
    let slot = index - firstIndex
    return slot >= 0 && slot < counts.count ? counts[slot] : 0
  }
}
