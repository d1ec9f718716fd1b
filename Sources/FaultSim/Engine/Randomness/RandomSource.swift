/// A source of uniformly distributed 64-bit words, with FaultSim's own,
/// fully specified conversions to `Double` and to bounded integers.
///
/// FaultSim never uses the standard library's `random(in:using:)` for
/// anything that reaches an output: its algorithm is not promised stable
/// across toolchains (SPEC §2.2). That is also why this protocol does not
/// refine `RandomNumberGenerator`.
@usableFromInline package protocol RandomSource {
  /// Returns the next 64 uniformly distributed bits.
  mutating func next() -> UInt64
}

extension RandomSource {
  /// A double in `[0, 1)`: the top 53 bits of the next word times 2⁻⁵³.
  ///
  /// - Complexity: O(1), one word.
  @inlinable
  package mutating func nextUnit() -> Double {
    RandomConversion.unit(next())
  }

  /// A double in `(0, 1]`: `(top 53 bits + 1) × 2⁻⁵³`; safe to pass to `log`.
  ///
  /// - Complexity: O(1), one word.
  @inlinable
  package mutating func nextOpenUnit() -> Double {
    RandomConversion.openUnit(next())
  }

  /// An integer uniformly distributed in `0 ..< bound`, without bias.
  ///
  /// Lemire's multiply-and-reject method; a rejected word is replaced by the
  /// source's next word, so the count of words consumed can exceed one (with
  /// probability below `bound / 2⁶⁴`).
  ///
  /// - Parameter bound: The exclusive upper bound; must be positive.
  /// - Complexity: O(1) expected.
  @inlinable
  package mutating func next(below bound: UInt64) -> UInt64 {
    precondition(bound > 0, "next(below:) needs a positive bound")
    var product = next().multipliedFullWidth(by: bound)
    if product.low < bound {
      let threshold = (0 &- bound) % bound
      while product.low < threshold {
        product = next().multipliedFullWidth(by: bound)
      }
    }
    return product.high
  }
}

/// FaultSim's conversions from a 64-bit word to other types. They are part of
/// the determinism contract: changing one changes every result.
@usableFromInline package enum RandomConversion {
  /// `[0, 1)` from the top 53 bits of `word`.
  @inlinable
  package static func unit(_ word: UInt64) -> Double {
    Double(word >> 11) * 0x1p-53
  }

  /// `(0, 1]` from the top 53 bits of `word`.
  @inlinable
  package static func openUnit(_ word: UInt64) -> Double {
    Double((word >> 11) + 1) * 0x1p-53
  }

  /// An unbiased integer in `0 ..< bound` from `word`.
  ///
  /// Lemire's method; a rejected word is replaced by `SplitMix64.mix(word + γ)`,
  /// a fixed chain, so a single keyed draw stays a pure function of its key.
  @inlinable
  package static func index(_ word: UInt64, below bound: UInt64) -> UInt64 {
    precondition(bound > 0, "index(_:below:) needs a positive bound")
    var word = word
    var product = word.multipliedFullWidth(by: bound)
    if product.low < bound {
      let threshold = (0 &- bound) % bound
      while product.low < threshold {
        word = SplitMix64.mix(word &+ SplitMix64.gamma)
        product = word.multipliedFullWidth(by: bound)
      }
    }
    return product.high
  }
}
