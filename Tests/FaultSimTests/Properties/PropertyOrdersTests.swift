import FaultSim
import Testing

/// A property can run each seed in random task orders too, so that an
/// interleaving bug FIFO order hides fails `check`.
@Suite struct PropertyOrdersTests {
  /// Each order is recorded by two concurrent tasks: one inserts its row,
  /// the other inserts one only if it finds none. In FIFO order the insert
  /// always lands before the check; in some random orders the check runs
  /// first, and the order is recorded twice.
  static func world() throws -> PluggedScenario<UserCodeRequestWorld<BuiltInRequestHandler>> {
    try Scenario.shipped("checkout-reference", overrides: [try ScenarioOverride(parsing: "workload.operations=20")])
      .requestWorld(
        app: { app in app.database },
        running: { database, client in
          let order = "\(client.operation)"
          await withTaskGroup(of: Void.self) { group in
            group.addTask { _ = try? await database.insert(["order": order], into: "orders") }
            group.addTask {
              if (try? await database.rows(in: "orders", where: "order", is: order))?.isEmpty == true {
                _ = try? await database.insert(["order": order], into: "orders")
              }
            }
          }
          let rows = database.contents(of: "orders").filter { $0["order"] == order }
          client.trace("rows", "\(rows.count)")
          return rows.count == 1 ? .succeeded : .failed
        })
  }

  static let recordedOnce = ScenarioProperty<UserCodeRequestWorld<BuiltInRequestHandler>>("each order recorded once") {
    $0.metrics.succeeded == $0.metrics.operations
  }

  @Test func fifoOrderHidesTheRace() throws {
    let report = try Self.recordedOnce.check(Self.world(), seeds: 0..<5)
    #expect(report.holds, "\(report)")
  }

  @Test func randomOrdersFindItWithAReplayableOrder() throws {
    let world = try Self.world()
    let report = try Self.recordedOnce.checkingOrders(.random(perSeed: 4)).check(world, seeds: 0..<5)
    #expect(!report.holds)
    let failure = try #require(report.failure)
    guard case .random(let orderSeed) = failure.order else {
      Issue.record("failed in \(failure.order), not a random order")
      return
    }
    #expect(
      failure.replay == "print(try world.trace(seed: \(failure.seed), strategy: .random(orderSeed: \(orderSeed))))")
    #expect("\(report)".contains("in order random:\(orderSeed)"), "\(report)")
    // The order replays: the seed in that order fails, in FIFO it does not.
    let again = try world.runOnce(seed: failure.seed, strategy: .random(orderSeed: orderSeed))
    #expect(again.metrics.succeeded < again.metrics.operations)
    #expect(try world.runOnce(seed: failure.seed).metrics.succeeded == 20)
    #expect(failure.counterexample.timeline.contains { $0.details.contains("2") && $0.event == "rows" })
  }

  @Test func aPassingReportSaysWhichOrdersRan() throws {
    let always = ScenarioProperty<UserCodeRequestWorld<BuiltInRequestHandler>>("runs") { _ in true }
    let report = try always.checkingOrders(.random(perSeed: 2)).check(Self.world(), seeds: 0..<3)
    #expect(report.holds)
    #expect("\(report)".contains("each in FIFO and 2 random orders"), "\(report)")
  }
}

/// A property on your async code requires the kinds of the world it runs in.
@Suite struct UserCodeRequiringTests {
  @Test func requiringNamesTheWorldsOwnKinds() throws {
    let world = try Scenario.shipped(
      "checkout-reference", overrides: [try ScenarioOverride(parsing: "workload.operations=50")]
    )
    .requestWorld { client in
      let request = TransportRequest(method: "POST", path: "/orders", text: "\(client.operation)", timeout: .seconds(1))
      return (try? await client.transport.send(request))?.isSuccess == true ? .succeeded : .uncertain
    }
    let property = ScenarioProperty<UserCodeRequestWorld<BuiltInRequestHandler>>("runs") { _ in true }
    let fired = try property.check(world, seeds: 0..<3, requiring: [.responseLoss])
    #expect(fired.holds, "\(fired)")
    let never = try property.check(world, seeds: 0..<3, requiring: [.appTermination])
    #expect(!never.holds)
    #expect("\(never)".contains("app-termination never fired"), "\(never)")
  }
}
