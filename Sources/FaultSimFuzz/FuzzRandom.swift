import FaultSim

/// The fuzzer's randomness: FaultSim's own xoshiro256** with a stream per
/// (seed, case), so case `n` of seed `s` is the same input on every machine
/// and every run, whatever ran before it — one case replays on its own.
struct FuzzRandom {
  var source: Xoshiro256StarStar

  /// The stream of case `index` of `seed` in `stream` (reader or command).
  init(seed: UInt64, stream: UInt64, index: UInt64) {
    source = Xoshiro256StarStar(seed: SplitMix64.mix(SplitMix64.mix(seed ^ stream) &+ index))
  }

  mutating func next() -> UInt64 { source.next() }

  /// An integer in `0 ..< bound`.
  mutating func below(_ bound: Int) -> Int { Int(source.next(below: UInt64(max(bound, 1)))) }

  /// True with probability `p`.
  mutating func chance(_ p: Double) -> Bool { source.nextUnit() < p }

  /// One element of a non-empty collection.
  mutating func pick<C: Collection>(_ items: C) -> C.Element where C.Index == Int {
    items[items.startIndex + below(items.count)]
  }
}
