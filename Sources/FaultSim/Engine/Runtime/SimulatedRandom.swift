/// The randomness of one operation of your code under simulation: a
/// `RandomNumberGenerator` whose words are keyed draws of the run's seed,
/// the operation and the generator's own count — the same words in every
/// run of the seed, however the tasks interleave.
///
/// Pass it where your code takes a generator, instead of the system's:
///
/// ```swift
/// var random = client.random
/// let jitter = Double(random.next() >> 11) / Double(1 << 53)  // in [0, 1)
/// ```
///
/// The words are FaultSim's; conversions done by the standard library
/// (`Double.random(in:using:)`, `Int.random(in:using:)`) are the
/// standard library's, whose algorithm is not promised stable across
/// toolchains — use the words directly where results must agree across
/// Swift versions.
public struct SimulatedRandom: RandomNumberGenerator, Sendable {
  /// The run's seed.
  let random: KeyedRandom
  /// The operation whose words these are.
  let operation: Int
  /// Words taken so far.
  var taken: UInt64 = 0
  /// Which launch of the operation's code draws them (its app relaunched
  /// after a kill draws afresh), from 0.
  let launch: UInt64

  /// The generator of `operation` in a run of `random`'s seed, for the
  /// `launch`-th launch of its code (0 for the first).
  init(_ random: KeyedRandom, operation: Int, launch: Int = 0) {
    self.random = random
    self.operation = operation
    self.launch = UInt64(truncatingIfNeeded: launch)
  }

  /// The next word: the keyed draw (operation, user randomness, count).
  ///
  /// - Complexity: O(1).
  public mutating func next() -> UInt64 {
    taken &+= 1
    return random.word(
      DrawKey(UserRandomIdentity(operation: operation, word: taken | launch << 48), RuntimeDraw.userRandom.purpose))
  }
}

/// The n-th random word of an operation's code.
struct UserRandomIdentity: DrawIdentity {
  let operation: Int
  let word: UInt64

  var entity: UInt64 { UInt64(operation) }
  var occurrence: UInt64 { word }
}
