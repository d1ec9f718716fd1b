import Checkout
import FaultSim

/// Which checkout client places the orders.
public enum CheckoutVersion: String, CaseIterable, Sendable {
  /// ``NaiveCheckoutClient``: keyless `POST`, retried on timeout.
  case naive
  /// ``CheckoutClient``: the same retries, with the order's idempotency key.
  case idempotent
}

/// A scenario whose orders the Checkout package's code places.
public typealias CheckoutWorld = PluggedScenario<UserCodeRequestWorld<BuiltInRequestHandler>>

extension Scenario {
  /// This request scenario with every order of its workload placed by the
  /// Checkout package's client: its network loses the client's requests and
  /// responses, its server records the orders, and FaultSim counts the ones
  /// recorded twice.
  ///
  /// This is the only code that knows it runs under simulation: it makes
  /// each operation an ``Order``, hands the client the operation's
  /// transport, clock and random generator, and tells FaultSim how the
  /// order ended.
  ///
  /// - Throws: `WrongWorldError` when the scenario is not a request world.
  public func checkout(
    _ version: CheckoutVersion, retryPolicy: RetryPolicy = RetryPolicy()
  ) throws(WrongWorldError) -> CheckoutWorld {
    try requestWorld { client in
      await placeOrder(for: client, version, retryPolicy)
    }
  }
}

/// One operation of the workload: an order, placed by the client of
/// `version`.
private func placeOrder(
  for client: SimulatedClient, _ version: CheckoutVersion, _ retryPolicy: RetryPolicy
) async -> ClientOutcome {
  let order = Order(id: client.operation, items: [Order.Item(sku: "espresso-beans-1kg", quantity: 1)])
  var random = client.random
  let log: @Sendable (String) -> Void = { client.trace($0) }
  do throws(CheckoutError) {
    switch version {
    case .naive:
      let checkout = NaiveCheckoutClient(
        transport: client.transport, clock: client.clock, retryPolicy: retryPolicy, log: log)
      _ = try await checkout.placeOrder(order, using: &random)
    case .idempotent:
      let checkout = CheckoutClient(
        transport: client.transport, clock: client.clock, retryPolicy: retryPolicy, log: log)
      _ = try await checkout.placeOrder(order, using: &random)
    }
    return .succeeded
  } catch {
    switch error {
    case .rejected, .notPlaced: return .failed
    case .outcomeUnknown, .cancelled: return .uncertain
    }
  }
}
