import Checkout
import FaultSim

/// The app's networking for the checkout screen: `nonisolated`, so it runs
/// wherever its caller runs.
///
/// This target is written as an app target made from Xcode 26's template:
/// its default isolation is the main actor (`.defaultIsolation(MainActor.self)`)
/// and `nonisolated async` functions run on their caller's actor
/// (`NonisolatedNonsendingByDefault`). Without the `nonisolated` below,
/// this type would be main-actor code too, and a simulation could not run
/// it: the main actor belongs to the whole process, so a simulated task
/// that hops to it is reported as an escape (still waiting). Marked
/// `nonisolated`, with its async entry point `@concurrent`, it runs off the
/// main actor when the screen calls it and on the simulation's executor
/// when a test does — the same code. (`@concurrent` is also what lets it
/// hand its caller's generator to the Checkout library's async API, which
/// runs concurrently: without it the compiler reports that sending
/// `random` risks a data race.)
nonisolated public struct OrderService<Transport: HTTPTransport, C: Clock<Duration>>: Sendable {
  /// The client that places orders, with its retries.
  public let checkout: CheckoutClient<Transport, C>

  /// A service placing orders with `checkout`.
  public init(checkout: CheckoutClient<Transport, C>) {
    self.checkout = checkout
  }

  /// Places `order` (see ``CheckoutClient/placeOrder(_:using:)``).
  ///
  /// - Throws: ``CheckoutError``.
  @concurrent public func place(
    _ order: Order, using random: inout some RandomNumberGenerator
  ) async throws(CheckoutError) -> OrderConfirmation {
    try await checkout.placeOrder(order, using: &random)
  }
}
