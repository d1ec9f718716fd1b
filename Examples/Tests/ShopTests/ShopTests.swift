import FaultSim
import FaultSimTesting
import Shop
import ShopServer
import ShopSimulation
import Testing

/// The shop under every fault of the reference network, its server's
/// crashes and the interleavings of its concurrent requests: each buggy
/// version is caught with a shrunk timeline, and the fixed one holds.
@Suite struct ShopTests {
  static let noOrderTwice = ScenarioProperty<UserCodeRequestWorld<BuiltInRequestHandler>>(
    "no order is recorded twice"
  ) { $0.metrics.duplicated == 0 }

  /// With a quick payment provider, only a lost response makes the client
  /// try again: one fault is enough.
  @Test func aNewKeyPerAttemptIsCaught() throws {
    let world = try Scenario.shop(orders: 4).shop(.keyPerAttempt, paymentTime: .milliseconds(300))
    let report = try Self.noOrderTwice.check(world, seeds: 0..<200, requiring: [.responseLoss])
    let failure = try #require(report.failure)
    #expect(failure.counterexample.faults.count == 1, "\(failure.counterexample.faults)")
    #expect(failure.counterexample.faults.allSatisfy { $0.contains("response to message") })
    #expect(failure.counterexample.description.contains("POST /orders"))
  }

  /// With a slow payment provider, tries of one key overlap even with no
  /// fault at all.
  @Test func aNewKeyPerAttemptDuplicatesEvenWithoutFaultsWhenThePaymentIsSlow() throws {
    let report = try Self.noOrderTwice.check(
      Scenario.shop(orders: 4).shop(.keyPerAttempt), seeds: 0..<20, requiring: [.responseLoss])
    #expect(try #require(report.failure).counterexample.faults.isEmpty)
  }

  @Test func checkThenInsertIsCaughtByOverlappingTries() throws {
    let report = try Self.noOrderTwice.check(
      Scenario.shop(orders: 4).shop(.checkThenInsert), seeds: 0..<200, requiring: [.responseLoss])
    let failure = try #require(report.failure)
    let timeline = failure.counterexample.description
    #expect(timeline.contains("db: select keys where key=checkout-"), "the user's own lookup is in the timeline")
    #expect(timeline.contains("payment charged"))
  }

  @Test func aKeyStoredAfterTheCommitIsCaughtByACrash() throws {
    let world = try Scenario.shop(orders: 4).shop(.keyAfterCommit, crashes: 0.02, paymentTime: .milliseconds(300))
    let report = try Self.noOrderTwice.check(world, seeds: 0..<500, requiring: [.serverCrash])
    let failure = try #require(report.failure)
    // Shrinking removes faults; it keeps one that renumbered the crash's
    // message (a lost token response, say) rather than search for another.
    #expect(failure.counterexample.faults.count <= 2, "\(failure.counterexample.faults)")
    #expect(failure.counterexample.faults.contains { $0.contains("crashes at crash point") })
    #expect(failure.counterexample.description.contains("crash: your server's process"))
  }

  /// The fixed shop holds for 10,000 seeds of four checkouts each, with
  /// lost requests, lost responses and server crashes required to fire.
  @Test func theFixedShopNeverRecordsAnOrderTwice() throws {
    let world = try Scenario.shop(orders: 4).shop(.fixed, crashes: 0.02)
    let report = Self.noOrderTwice.expect(
      on: world, seeds: 0..<10_000, requiring: [UserCodeDraw(.requestLoss), UserCodeDraw(.responseLoss), .serverCrash])
    if let report { print(report) }
  }

  /// And under random orders of its concurrent tasks: every await of the
  /// client and the server is a choice point.
  @Test func theFixedShopHoldsUnderRandomTaskOrders() throws {
    let world = try Scenario.shop(orders: 4).shop(.fixed, crashes: 0.02)
    let report = try Self.noOrderTwice.checkingOrders(.random(perSeed: 4)).check(
      world, seeds: 0..<300, requiring: [.serverCrash, .taskOrder])
    #expect(report.holds, "\(report)")
  }
}
