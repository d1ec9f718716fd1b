import FaultSim
import Foundation
import Testing

/// A checkout client written the way an app's networking code is: async,
/// against a transport and a clock it is given.
struct NaiveCheckout<Transport: HTTPTransport, C: Clock<Duration>> {
  let transport: Transport
  let clock: C
  var attempts = 3

  func place(order: Int) async -> ClientOutcome {
    var mayHaveApplied = false
    for attempt in 1...attempts {
      do {
        let response = try await transport.send(
          HTTPRequest(method: "POST", path: "/orders", text: "order=\(order)", timeout: .seconds(1)))
        if response.isSuccess { return .succeeded }
        if response.status < 500 && response.status != 429 { return .failed }
        mayHaveApplied = true
      } catch let error as TransportError {
        if !error.provesNotSent { mayHaveApplied = true }
      } catch {
        return .failed
      }
      if attempt < attempts {
        try? await clock.sleep(for: .milliseconds(100) * (1 << (attempt - 1)))
      }
    }
    return mayHaveApplied ? .uncertain : .failed
  }
}

@Suite struct UserCodeRequestWorldTests {
  static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("scenarios/checkout-reference.json").path

  static func reference(orders: Int) throws -> Scenario {
    try Scenario.load(path: file, overrides: [try ScenarioOverride(parsing: "workload.operations=\(orders)")])
  }

  @Test func asyncNaiveClientDuplicatesLikeTheBuiltInModel() throws {
    let scenario = try Self.reference(orders: 2000)
    let world = try scenario.requestWorld { client in
      await NaiveCheckout(transport: client.transport, clock: client.clock).place(order: client.operation)
    }
    let mine = try world.measure(seeds: 0..<5)
    let builtIn = try RequestWorld.measure(
      #require(RequestWorld.options(of: scenario.world)), seeds: SeedRange(0, 5))
    print(mine.duplicated, builtIn.duplicated, mine.attempts, builtIn.attempts)
    #expect(mine.operations == 10_000)
    #expect(mine.duplicateRate.interval.lower <= builtIn.duplicateRate.rate)
    #expect(builtIn.duplicateRate.rate <= mine.duplicateRate.interval.upper)
  }

  @Test func theSameSeedGivesTheSameTrace() throws {
    let world = try Self.reference(orders: 50).requestWorld { client in
      await NaiveCheckout(transport: client.transport, clock: client.clock).place(order: client.operation)
    }
    let first = try world.trace(seed: 3)
    let second = try world.trace(seed: 3)
    #expect(first == second)
    #expect(first.contains("POST /orders"))
    print(first.split(separator: "\n").prefix(30).joined(separator: "\n"))
  }
}
