/// SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit state advanced by the
/// golden-ratio increment and passed through a bijective finaliser.
///
/// FaultSim uses it to seed other generators and, through ``mix(_:)``, to
/// derive keyed draws. The `n`-th output from state `s` is
/// `mix(s + n·γ)`, so any position can be computed directly.
@usableFromInline package struct SplitMix64: RandomSource, Sendable {
  /// The golden-ratio increment γ = ⌊2⁶⁴/φ⌋, odd.
  @usableFromInline package static let gamma: UInt64 = 0x9E37_79B9_7F4A_7C15

  /// The generator's state: advanced by ``gamma`` at each ``next()``,
  /// then mixed into the output.
  @usableFromInline package var state: UInt64

  /// Creates a generator whose first output is `mix(state + γ)`.
  @usableFromInline package init(state: UInt64) {
    self.state = state
  }

  /// The SplitMix64 finaliser (Stafford's variant 13): a bijection on
  /// `UInt64` with full avalanche.
  ///
  /// - Complexity: O(1): three shifts, two multiplications.
  @inlinable
  package static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  @inlinable
  package mutating func next() -> UInt64 {
    state &+= Self.gamma
    return Self.mix(state)
  }
}
