/// The identity of one random draw: which entity, for what purpose, which
/// occurrence — e.g. "order 17, request-loss, message 2".
///
/// Models build keys from a `DrawIdentity` (`DrawKey(identity, purpose)`),
/// never from bare integers; see `DrawIdentity` for why.
public struct DrawKey: Hashable, Sendable {
  /// The logical entity the draw belongs to (an order, a file, a user).
  @usableFromInline package let entity: UInt64
  /// What the draw decides.
  @usableFromInline package let purpose: DrawPurpose
  /// Which occurrence for this entity and purpose (message, attempt, …).
  @usableFromInline package let ordinal: UInt64

  /// A key from raw words: for the engine's derived keys and for tests of
  /// the draw function itself. Models use ``init(_:_:)`` with an identity.
  @inlinable
  init(rawEntity entity: UInt64, purpose: DrawPurpose, ordinal: UInt64 = 0) {
    self.entity = entity
    self.purpose = purpose
    self.ordinal = ordinal
  }
}

/// Random draws addressed by logical identity rather than by consumption
/// order (SPEC §2.3).
///
/// A draw's value is a pure function of (seed, entity, purpose, ordinal), so
/// the same logical draw has the same value however the engine interleaves
/// events: two runs of one seed that deliver racing events in a different
/// order see the same faults.
///
/// Construction: the seed, entity and purpose are absorbed with the
/// SplitMix64 finaliser into a stream base `b`; the draw with ordinal `n` is
/// the `n`-th SplitMix64 output from `b`, i.e. `mix(b + (n + 1)·γ)`.
public struct KeyedRandom: Sendable {
  /// The run's seed.
  @usableFromInline package let seed: UInt64
  @usableFromInline let seedKey: UInt64

  /// Creates the draw space of one seed.
  public init(seed: UInt64) {
    self.seed = seed
    self.seedKey = SplitMix64.mix(seed ^ 0x6A09_E667_F3BC_C909)
  }

  /// The base of the stream for one entity and purpose.
  ///
  /// - Complexity: O(1): two finaliser rounds.
  @inlinable
  func streamBase(entity: UInt64, purpose: DrawPurpose) -> UInt64 {
    SplitMix64.mix(SplitMix64.mix(seedKey ^ entity) &+ purpose.rawValue &* 0xD1B5_4A32_D192_ED03)
  }

  /// The stream of draws for one entity and purpose; its `n`-th output is the
  /// draw with ordinal `n`, for draws that come in a natural sequence (the
  /// n-th sojourn of a channel's loss state).
  ///
  /// - Precondition: `identity` names an entity (its occurrence is 0): the
  ///   stream's ordinals are the occurrences.
  @inlinable
  package func stream(_ identity: some DrawIdentity, _ purpose: DrawPurpose) -> KeyedStream {
    precondition(identity.occurrence == 0, "a stream counts its own occurrences")
    return stream(rawEntity: identity.entity, purpose: purpose)
  }

  /// The stream of raw words: for tests of the draw function itself.
  @inlinable
  func stream(rawEntity entity: UInt64, purpose: DrawPurpose) -> KeyedStream {
    KeyedStream(base: streamBase(entity: entity, purpose: purpose))
  }

  /// The 64-bit word of one draw.
  ///
  /// - Complexity: O(1): three finaliser rounds.
  @inlinable
  package func word(_ key: DrawKey) -> UInt64 {
    KeyedStream.word(base: streamBase(entity: key.entity, purpose: key.purpose), ordinal: key.ordinal)
  }

  /// A double in `[0, 1)` for one draw.
  @inlinable
  package func unit(_ key: DrawKey) -> Double {
    RandomConversion.unit(word(key))
  }

  /// A double in `(0, 1]` for one draw.
  @inlinable
  package func openUnit(_ key: DrawKey) -> Double {
    RandomConversion.openUnit(word(key))
  }

  /// `true` with probability `probability` (clamped to `[0, 1]`).
  @inlinable
  package func bernoulli(_ probability: Double, _ key: DrawKey) -> Bool {
    unit(key) < probability
  }

  /// An unbiased integer in `0 ..< bound` for one draw.
  @inlinable
  public func index(below bound: UInt64, _ key: DrawKey) -> UInt64 {
    RandomConversion.index(word(key), below: bound)
  }
}

/// The draws of one (seed, entity, purpose), in ordinal order.
///
/// Also usable as a plain `RandomSource`: `next()` returns ordinal 0, 1, 2…
@usableFromInline package struct KeyedStream: RandomSource, Sendable {
  /// The stream base derived from (seed, entity, purpose).
  @usableFromInline package let base: UInt64
  /// The ordinal `next()` returns next.
  @usableFromInline package var ordinal: UInt64 = 0

  /// The stream of base `base` (from ``KeyedRandom/stream(_:_:)``), at ordinal
  /// 0.
  @inlinable
  package init(base: UInt64) {
    self.base = base
  }

  /// The word with a given ordinal, independent of what was drawn before.
  @inlinable
  package static func word(base: UInt64, ordinal: UInt64) -> UInt64 {
    SplitMix64.mix(base &+ (ordinal &+ 1) &* SplitMix64.gamma)
  }

  /// The word with a given ordinal.
  @inlinable
  package func word(at ordinal: UInt64) -> UInt64 {
    Self.word(base: base, ordinal: ordinal)
  }

  @inlinable
  package mutating func next() -> UInt64 {
    defer { ordinal &+= 1 }
    return Self.word(base: base, ordinal: ordinal)
  }
}
