/// `--shard K/N`: the K-th of N deterministic slices of a sweep's
/// (cell, seed) space, 1-based.
///
/// The pairs are numbered cell by cell, seeds in order within a cell; shard
/// K takes the numbers `⌊(K−1)·T/N⌋ ..< ⌊K·T/N⌋` of the T pairs — a
/// contiguous run, so each cell gets at most one seed range per shard.
package struct SweepShard: Hashable, Sendable, CustomStringConvertible {
  /// 1 … count.
  package var index: Int
  package var count: Int

  package init(index: Int, count: Int) throws(SweepShardError) {
    guard count >= 1 else { throw SweepShardError("the shard count must be at least 1, got \(count)") }
    guard count <= 1_000_000 else { throw SweepShardError("at most 1000000 shards, got \(count)") }
    guard (1...count).contains(index) else {
      throw SweepShardError("shard \(index)/\(count) does not exist; K/N needs 1 ≤ K ≤ N")
    }
    self.index = index
    self.count = count
  }

  /// The whole sweep as one shard.
  package static let whole = SweepShard(uncheckedIndex: 1, count: 1)

  init(uncheckedIndex index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  /// Parses `K/N`, or `auto`: the shard the batch scheduler's environment
  /// gives (``init(environment:)``).
  package init(parsing text: String, environment: [String: String]) throws(SweepShardError) {
    if text == "auto" {
      try self.init(environment: environment)
      return
    }
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
      throw SweepShardError("'\(text)' is not a shard; write K/N (1 ≤ K ≤ N), e.g. 2/8, or auto")
    }
    try self.init(index: index, count: count)
  }

  /// This shard's part of `cells × seeds`: per cell, the seed range it
  /// covers (if any), in cell order.
  package func slice(cells: Int, seeds: SeedRange) -> [(cell: Int, seeds: SeedRange)] {
    let perCell = seeds.count
    // T = cells × seeds fits in 64 bits (a sweep is at most 2⁴⁰ runs);
    // ⌊k·T/N⌋ is computed in 128 bits.
    let total = UInt64(cells) &* perCell
    func boundary(_ k: Int) -> (cell: UInt64, offset: UInt64) {
      let scaled = UInt64(count).dividingFullWidth(total.multipliedFullWidth(by: UInt64(k))).quotient
      return (scaled / perCell, scaled % perCell)
    }
    let start = boundary(index - 1)
    let end = boundary(index)
    var parts: [(Int, SeedRange)] = []
    var cell = start.cell
    while cell <= end.cell && cell < UInt64(cells) {
      let from = cell == start.cell ? start.offset : 0
      let until = cell == end.cell ? end.offset : perCell
      if from < until {
        parts.append((Int(cell), SeedRange(uncheckedLower: seeds.lowerBound + from, upper: seeds.lowerBound + until)))
      }
      cell += 1
    }
    return parts
  }

  package var description: String { "\(index)/\(count)" }
}

/// A `--shard` value that cannot be used.
package struct SweepShardError: Error, Hashable, Sendable, CustomStringConvertible {
  package var description: String

  package init(_ description: String) {
    self.description = description
  }
}
