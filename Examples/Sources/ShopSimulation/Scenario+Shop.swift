import Checkout
import FaultSim
import Shop
import ShopServer

/// The app's transport and clock under simulation.
public typealias SimulatedAppTransport = SimulatedTransport
/// The app's clock under simulation.
public typealias SimulatedAppClock = SimulatedClock

/// The app object of one run: the shop's client, with the token store
/// every checkout of the run shares.
public struct ShopApp: Sendable {
  /// The client every checkout uses.
  public let client: ShopClient<SimulatedTransport, SimulatedClock>

  /// The app of `version` on a run's `app` services.
  public init(_ version: ShopVersion, _ app: SimulatedApp) {
    client = ShopClient(
      transport: app.transport, clock: app.clock, tokens: TokenStore(transport: app.transport),
      keying: version.keying, log: { app.trace($0) })
  }

  /// The cart of operation `operation`: two or three lines.
  public static func cart(_ operation: Int) -> Cart {
    let lines = 2 + operation % 2
    return Cart(
      id: "cart-\(operation)",
      items: (1...lines).map { Cart.Item(sku: "sku-\($0 * 7 % 5)", quantity: $0) },
      idempotencyKey: "checkout-\(operation)")
  }
}

extension Scenario {
  /// The shop's scenario: the reference checkout's network (5% of
  /// requests and 10% of responses lost, 20–80 ms), `orders` checkouts
  /// over `over`, and `overrides` (`--set` syntax).
  public static func shop(orders: Int, over: String = "2s", _ overrides: String...) throws -> Scenario {
    try Scenario.shipped(
      "checkout-reference",
      overrides: (["workload.operations=\(orders)", "workload.arrival.over=\(over)"] + overrides).map {
        try ScenarioOverride(parsing: $0)
      })
  }

  /// The world of the shop's `version`: its app and its server, whose
  /// process crashes at each crash point with probability `crashes` and
  /// whose payment provider takes `paymentTime` (longer than the client's
  /// 1 s timeout by default: a slow provider, so tries overlap).
  public func shop(
    _ version: ShopVersion, crashes: Double = 0, paymentTime: Duration = .milliseconds(1500)
  ) throws -> PluggedScenario<UserCodeRequestWorld<BuiltInRequestHandler>> {
    try requestWorld(
      server: ShopServer(strategy: version.strategy, paymentTime: paymentTime).code(crashes: crashes),
      app: { app in ShopApp(version, app) },
      running: { app, client in
        var random = client.random
        switch await app.client.checkout(ShopApp.cart(client.operation), using: &random) {
        case .placed: return .succeeded
        case .notPlaced: return .failed
        case .unknown: return .uncertain
        }
      })
  }
}
