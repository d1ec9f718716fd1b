import Checkout
import FaultSim

/// What the checkout screen shows: main-actor code, as everything in this
/// target is unless marked otherwise (its default isolation).
///
/// Test the ``OrderService`` it calls under simulation, not this model: a
/// simulated task that calls into it hops to the main actor, which the
/// simulation cannot take over, and the run stops with an escape (still
/// waiting) in every run.
public final class CheckoutScreenModel<Transport: HTTPTransport, C: Clock<Duration>> {
  /// Where the order stands.
  public enum Status: Hashable, Sendable {
    /// Nothing placed yet.
    case idle
    /// The order is being placed.
    case placing
    /// The server recorded the order after `attempts` attempts.
    case placed(attempts: Int)
    /// The order was not placed, or its outcome is unknown.
    case failed(String)
  }

  /// Where the order stands.
  public private(set) var status = Status.idle
  /// The networking the screen calls.
  public let service: OrderService<Transport, C>

  /// A model placing orders through `service`.
  public init(service: OrderService<Transport, C>) {
    self.service = service
  }

  /// The Place Order button: places `order` and shows how it ended.
  public func placeTapped(_ order: Order) async {
    status = .placing
    // The back-off's jitter; a test gives the service the simulation's
    // generator instead.
    var random = SystemRandomNumberGenerator()
    do throws(CheckoutError) {
      let confirmation = try await service.place(order, using: &random)
      status = .placed(attempts: confirmation.attempts)
    } catch {
      status = .failed("\(error)")
    }
  }
}
