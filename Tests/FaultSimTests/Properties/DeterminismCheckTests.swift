import FaultSim
import Foundation
import Synchronization
import Testing

/// A property check runs sampled seeds, and the failing one, a second time
/// after another seed, and does not hold when the runs differ.
@Suite struct DeterminismCheckTests {
  typealias World = UserCodeRequestWorld<BuiltInRequestHandler>

  /// State an app keeps in a static: it survives from one seed to the next.
  static let launches = Mutex(0)

  static func world(
    _ code: @escaping @Sendable (SimulatedClient) async -> ClientOutcome
  ) throws -> PluggedScenario<World> {
    try UserCodeRequestWorldTests.reference(orders: 5).requestWorld(running: code)
  }

  static var noDuplicates: ScenarioProperty<World> {
    ScenarioProperty("no order is recorded twice") { $0.metrics.duplicated == 0 }
  }

  /// A client that waits before it sends, for `wait`, and sends once.
  static func sendOnce(_ client: SimulatedClient, after wait: Duration) async -> ClientOutcome {
    try? await client.clock.sleep(for: wait)
    let request = TransportRequest(
      method: "POST", path: "/orders", headers: ["Idempotency-Key": "order-\(client.operation)"],
      text: "order=\(client.operation)", timeout: .seconds(5))
    guard let response = try? await client.transport.send(request) else { return .uncertain }
    return response.isSuccess ? .succeeded : .failed
  }

  @Test func staticStateKeptFromOneSeedToTheNextIsFound() throws {
    let world = try Self.world { client in
      let launch = Self.launches.withLock { count in
        count += 1
        return count
      }
      return await Self.sendOnce(client, after: .milliseconds(launch % 7))
    }
    let report = try Self.noDuplicates.check(world, seeds: 0..<5)
    print(report)
    let finding = try #require(report.nondeterminism, "\(report)")
    #expect(!report.holds)
    #expect(finding.seed == 0)
    #expect(finding.line != nil)
    #expect("\(report)".contains("static state kept from one seed to the next"))
    #expect("\(report)".contains("after seed 1"))
  }

  @Test func theWallClockIsFound() throws {
    let world = try Self.world { client in
      let nanoseconds = Int(Date().timeIntervalSince1970 * 1e9) % 1_000_000
      return await Self.sendOnce(client, after: .nanoseconds(nanoseconds))
    }
    let report = try Self.noDuplicates.check(world, seeds: 0..<3)
    #expect(report.nondeterminism != nil, "\(report)")
    #expect(!report.holds)
  }

  @Test func theSystemsRandomNumbersAreFound() throws {
    let world = try Self.world { client in
      await Self.sendOnce(client, after: .milliseconds(Int.random(in: 0..<1_000_000)))
    }
    let report = try Self.noDuplicates.check(world, seeds: 0..<3)
    #expect(report.nondeterminism != nil, "\(report)")
  }

  @Test func aDeterministicClientPassesWithItsSampleVerified() throws {
    let world = try Self.world { client in
      var random = client.random
      return await Self.sendOnce(client, after: .milliseconds(Int(random.next() % 1_000)))
    }
    let report = try Self.noDuplicates.check(world, seeds: 0..<250)
    #expect(report.holds, "\(report)")
    #expect(report.seedsVerified == 3, "seeds 0, 100 and 200")
    let every = try Self.noDuplicates.checkingDeterminism(.everySeed).check(world, seeds: 0..<10)
    #expect(every.holds)
    #expect(every.seedsVerified == 10)
  }

  @Test func theFailingSeedIsVerifiedBeforeItIsShrunk() throws {
    let world = try Self.world { client in
      await Self.sendOnce(client, after: .nanoseconds(Int(Date().timeIntervalSince1970 * 1e9) % 1_000_000))
    }
    let failing = ScenarioProperty<World>("never") { _ in false }.checkingDeterminism(.sampled(every: 1_000))
    let report = try failing.check(world, seeds: 5..<10)
    #expect(report.failure == nil, "a run that is not a function of its seed is not shrunk")
    #expect(report.nondeterminism?.seed == 5)
  }

  @Test func switchedOffNothingIsVerified() throws {
    let world = try Self.world { client in
      await Self.sendOnce(client, after: .nanoseconds(Int(Date().timeIntervalSince1970 * 1e9) % 1_000_000))
    }
    let report = try Self.noDuplicates.checkingDeterminism(.off).check(world, seeds: 0..<3)
    #expect(report.nondeterminism == nil)
    #expect(report.seedsVerified == 0)
  }

  @Test func builtInWorldsAreFunctionsOfTheirSeeds() throws {
    let scenario = try Scenario.shipped(
      "checkout-keyed", overrides: [try ScenarioOverride(parsing: "workload.operations=300")])
    let report = try ScenarioProperty<RequestWorld>("no order is recorded twice") { $0.metrics.duplicated == 0 }
      .checkingDeterminism(.everySeed).check(scenario, seeds: 0..<20)
    #expect(report.holds, "\(report)")
    #expect(report.seedsVerified == 20)
  }
}
