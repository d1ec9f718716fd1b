/// How the engine answers a race's choice point (SPEC §2.3, §3).
///
/// Faults are drawn by logical identity, never from the strategy, so two
/// runs of one seed under different strategies see the same faults and
/// differ only in the order of racing events.
public enum OrderStrategy: Hashable, Sendable, CustomStringConvertible {
  /// Always alternative 0: events in (time, insertion) order. The default.
  case fifo
  /// A keyed draw per race from `orderSeed`: a reproducible random order.
  case random(orderSeed: UInt64)
  /// The given choice sequence, then alternative 0 for any later choice
  /// point. The exhaustive explorer replays runs this way; a witness or a
  /// shrunk counterexample is replayed from its printed sequence.
  case replay([Int])
  /// Each race answered by its identity: the listed races take the listed
  /// alternative, every other race alternative 0. Unlike a replayed
  /// sequence, this survives runs whose races come in another order —
  /// shrinking removes faults, which removes or moves races.
  case byRace([RaceAnswer])

  /// `fifo`, `random(7)`, `replay[0,1,0]` or `by-race[2]` (the number of
  /// answers).
  public var description: String {
    switch self {
    case .fifo: return "fifo"
    case .random(let seed): return "random(\(seed))"
    case .replay(let sequence): return "replay[\(sequence.map(String.init).joined(separator: ","))]"
    case .byRace(let answers): return "by-race[\(answers.count)]"
    }
  }

  /// The answer to the `index`-th choice point of a run, for `race` with
  /// `alternatives` options. Out-of-range replayed values are clamped, so a
  /// sequence recorded under an older model never traps.
  @inlinable
  func choose(index: Int, race: DrawKey, alternatives: Int) -> Int {
    switch self {
    case .fifo:
      return 0
    case .random(let orderSeed):
      let key = DrawKey(
        rawEntity: race.entity,
        purpose: DrawPurpose(rawValue: race.purpose.rawValue ^ DrawPurpose.raceOrder.rawValue),
        ordinal: race.ordinal
      )
      return Int(KeyedRandom(seed: orderSeed).index(below: UInt64(alternatives), key))
    case .replay(let sequence):
      guard index < sequence.count else { return 0 }
      return min(max(sequence[index], 0), alternatives - 1)
    case .byRace(let answers):
      guard let answer = answers.first(where: { $0.race == race }) else { return 0 }
      return min(max(answer.chosen, 0), alternatives - 1)
    }
  }
}

/// One race's answer, by the race's identity.
public struct RaceAnswer: Hashable, Sendable {
  /// The race's logical identity, as in ``ChoicePoint/race``.
  @usableFromInline package var race: DrawKey
  /// The alternative to take, 0 being the FIFO order; clamped to the
  /// alternatives the race has.
  @usableFromInline package var chosen: Int

  /// The answer `chosen` for the race keyed `race`.
  @usableFromInline package init(race: DrawKey, chosen: Int) {
    self.race = race
    self.chosen = chosen
  }
}
