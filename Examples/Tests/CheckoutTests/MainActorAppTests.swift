import Checkout
import CheckoutScreen
import FaultSim
import Testing

/// An app target whose code is main-actor by default (Xcode 26's template):
/// its `nonisolated` networking runs under simulation like any other code,
/// and its main-actor screen model is reported at the hop, the same way in
/// every run.
@Suite struct MainActorAppTests {
  /// The reference checkout with every order placed through the app's
  /// ``OrderService``, called from the simulated operation.
  static func serviceWorld(orders: Int) throws -> PluggedScenario<UserCodeRequestWorld<BuiltInRequestHandler>> {
    try Scenario.reference(orders: orders).requestWorld { client in
      let service = OrderService(checkout: CheckoutClient(transport: client.transport, clock: client.clock))
      var random = client.random
      do throws(CheckoutError) {
        _ = try await service.place(Order(id: client.operation, items: []), using: &random)
        return .succeeded
      } catch {
        return .uncertain
      }
    }
  }

  @Test func theNonisolatedServiceRunsUnderSimulation() throws {
    let world = try Self.serviceWorld(orders: 10)
    // It holds, and the faults it is about fired (else it would not hold).
    let report = try noOrderIsRecordedTwice.check(world, seeds: 0..<500, requiring: [.requestLoss, .responseLoss])
    #expect(report.holds, "\(report)")
    // And it is a function of its seed: the same trace twice.
    #expect(try world.trace(seed: 7) == world.trace(seed: 7))
  }

  @Test func theMainActorScreenModelIsReportedAtTheHop() throws {
    let world = try Scenario.reference(orders: 3).requestWorld { client in
      let service = OrderService(checkout: CheckoutClient(transport: client.transport, clock: client.clock))
      let model = await CheckoutScreenModel(service: service)
      await model.placeTapped(Order(id: client.operation, items: []))
      return .succeeded
    }
    for run in 0..<20 {
      do {
        _ = try world.runOnce(seed: 1)
        Issue.record("run \(run): the hop to the main actor was not reported")
      } catch {
        let message = "\(error)"
        #expect(
          message.contains("(main-actor)") && message.contains("hopped to the main actor"), "run \(run): \(message)")
      }
    }
  }
}
