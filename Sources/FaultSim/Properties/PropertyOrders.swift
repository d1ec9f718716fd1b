/// The orders a property check runs each seed in: FIFO only (the
/// default), or FIFO and a number of keyed random orders — of the code's
/// ready tasks and of the engine's races at equal times — so that an
/// interleaving bug fails `check`, not only `explore`.
///
/// Random order `k` of a seed is ``OrderStrategy/random(orderSeed:)`` with
/// `orderSeed` `k`: a failing one is replayed with
/// `world.trace(seed: s, strategy: .random(orderSeed: k))`, or
/// `faultsim run … --order random:k`.
public struct PropertyOrders: Hashable, Sendable, CustomStringConvertible {
  /// Random orders per seed, besides FIFO.
  @usableFromInline package var randomPerSeed: Int

  /// FIFO only: one run per seed.
  public static let fifo = PropertyOrders(randomPerSeed: 0)

  /// FIFO and `count` random orders per seed (`random:1` … `random:count`).
  ///
  /// - Complexity: `count + 1` runs per seed.
  public static func random(perSeed count: Int) -> PropertyOrders {
    PropertyOrders(randomPerSeed: max(0, count))
  }

  /// The strategies of one seed, FIFO first.
  var strategies: [OrderStrategy] {
    [.fifo] + (0..<randomPerSeed).map { .random(orderSeed: UInt64($0 + 1)) }
  }

  /// `FIFO` or `FIFO and 4 random orders`.
  public var description: String {
    randomPerSeed == 0 ? "FIFO" : "FIFO and \(randomPerSeed) random order\(randomPerSeed == 1 ? "" : "s")"
  }
}
