/// One operation's final state in four bytes: how many times its write was
/// applied and how its client ended, kept per operation when a caller
/// wants ``RequestOperationOutcome``s after the run.
@usableFromInline
struct PackedOutcome: Hashable, Sendable {
  /// `applied << 2 | outcome`.
  @usableFromInline
  var bits: UInt32

  /// An operation that has not been folded: never applied, pending.
  @inlinable
  init() {
    bits = 0
  }

  /// The state of an operation applied `applied` times whose client ended
  /// with `outcome`; counts above 2³⁰ − 1 are clamped (a write applied
  /// that often is a duplicate either way).
  @inlinable
  init(applied: Int, outcome: ClientOutcome) {
    // Clamped by hand: `UInt32(clamping:)` is generic over its source, and
    // a debug build calls it unspecialised (about 480 instructions).
    let count = UInt32(truncatingIfNeeded: Swift.min(Swift.max(applied, 0), (1 << 30) - 1))
    bits = count << 2 | UInt32(outcome.rawValue)
  }

  /// Times the write was applied.
  @inlinable
  var applied: Int { Int(bits >> 2) }

  /// How the client ended.
  @inlinable
  var outcome: ClientOutcome { ClientOutcome(rawValue: UInt8(bits & 3)) ?? .pending }

  /// A 64-bit hash of the state and its operation, for a digest that sums
  /// them (in any order).
  @inlinable
  func hash(operation: Int) -> UInt64 {
    SplitMix64.mix(UInt64(truncatingIfNeeded: operation) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bits))
  }
}
