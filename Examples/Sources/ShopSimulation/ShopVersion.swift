import Shop
import ShopServer

/// A version of the shop: the client's keying and the server's
/// idempotency strategy. Three have one bug each; ``fixed`` has none.
public struct ShopVersion: Hashable, Sendable, CustomStringConvertible {
  /// How the client keys the order's tries.
  public var keying: ShopClient<SimulatedAppTransport, SimulatedAppClock>.Keying
  /// How the server keeps an order from being recorded twice.
  public var strategy: IdempotencyStrategy

  /// A new key for every try, against the fixed server.
  public static let keyPerAttempt = ShopVersion(keying: .perAttempt, strategy: .claimThenCommitTogether)
  /// The fixed client against a server that checks, then inserts.
  public static let checkThenInsert = ShopVersion(keying: .perCart, strategy: .checkThenInsert)
  /// The fixed client against a server that stores the key's answer
  /// after the order's commit.
  public static let keyAfterCommit = ShopVersion(keying: .perCart, strategy: .keyAfterCommit)
  /// The fixed client and the fixed server.
  public static let fixed = ShopVersion(keying: .perCart, strategy: .claimThenCommitTogether)

  /// `per-cart key, claim-then-commit-together`.
  public var description: String {
    "\(keying == .perCart ? "per-cart key" : "key per attempt"), \(strategy.rawValue)"
  }
}
