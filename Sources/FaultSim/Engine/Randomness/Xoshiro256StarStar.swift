/// xoshiro256** 1.0 (Blackman and Vigna, 2018): a fast generator with a
/// period of 2²⁵⁶ − 1 for long sequential streams.
///
/// Seeded from four SplitMix64 outputs, as its authors recommend, so that a
/// 64-bit seed never produces the all-zero state.
@usableFromInline package struct Xoshiro256StarStar: RandomSource, Sendable {
  @usableFromInline var s0: UInt64
  @usableFromInline var s1: UInt64
  @usableFromInline var s2: UInt64
  @usableFromInline var s3: UInt64

  /// Creates a generator from a 64-bit seed expanded by SplitMix64.
  @usableFromInline package init(seed: UInt64) {
    var seeder = SplitMix64(state: seed)
    s0 = seeder.next()
    s1 = seeder.next()
    s2 = seeder.next()
    s3 = seeder.next()
  }

  @inlinable
  package mutating func next() -> UInt64 {
    let result = rotateLeft(s1 &* 5, by: 7) &* 9
    let t = s1 << 17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = rotateLeft(s3, by: 45)
    return result
  }

  @inlinable
  func rotateLeft(_ x: UInt64, by k: UInt64) -> UInt64 {
    (x << k) | (x >> (64 &- k))
  }
}
