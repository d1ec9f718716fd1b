import Foundation
import Testing

@testable import FaultSim

/// A gateway with a network that delivers the client's request twice: the
/// copy reaches the gateway as a second incoming request, which the gateway
/// sends upstream with tries and a timeout of its own
/// (docs/duplicates/gateway.md, "A network copy at the gateway").
@Suite struct GatewayNetworkCopyTests {
  static func shipped(_ overrides: [String]) throws -> Scenario {
    try GatewayTests.shipped(overrides)
  }

  @Test func aNetworkCopyReachesTheGatewayAsARequestOfItsOwn() throws {
    let options = try GatewayTests.options(
      try Self.shipped(["workload.operations=20", "network.requestDuplication=1"]))
    let run = try RequestWorld.runOnce(options, seed: 1, tracing: true)
    let trace = run.trace.map(\.description).joined(separator: "\n")
    #expect(trace.contains("write duplicated -> gateway  network copy"), "\(trace)")
    #expect(trace.contains("write try 1 -> server  op=0 seq=1 copy=0 network-copy"), "\(trace)")
    // Two exchanges at the gateway, two answers: the client keeps the first.
    #expect(trace.contains("discard late response"))
    #expect(run.metrics.duplicated == run.metrics.operations)
  }

  /// Closed form: a keyless POST sent once, a gateway that retries on its
  /// timeout `T` (`n` = 2 tries), exponential processing of mean `m`, no
  /// latency, and request duplication `p`. The copy is an exchange of its
  /// own, whose draws are its own, so an order is applied once only when it
  /// was not duplicated and its first try beat the timeout:
  /// P(duplicate) = 1 − (1 − p)(1 − q) with q = exp(−T/m), and the mean
  /// applications are (1 + q)(1 + p). With `n` = 1 the gateway passes the
  /// request through once and P(duplicate) = p.
  @Test(arguments: [(0.2, 2), (0.5, 2), (0.3, 1)] as [(Double, Int)])
  func duplicatesMatchTheClosedFormOfBothSources(p: Double, tries: Int) throws {
    let orders = 10_000
    var options = GatewayTests.closedForm(
      timeout: .seconds(1), mean: .seconds(1), tries: tries, orders: orders)
    options.network.requestDuplication = p
    let metrics = try RequestWorld.measure(options, seeds: SeedRange(0, 3))
    let q = tries >= 2 ? exp(-1.0) : 0
    let expected = 1 - (1 - p) * (1 - q)
    let interval = WilsonInterval(successes: metrics.duplicated, trials: metrics.operations, z: 3.29)
    #expect(
      interval.contains(expected),
      "p=\(p) n=\(tries): P(dup) \(Double(metrics.duplicated) / Double(metrics.operations)), expected \(expected)")
    let meanApplied = Double(metrics.applied) / Double(metrics.operations)
    let expectedMean = (1 + q) * (1 + p)
    #expect(
      abs(meanApplied - expectedMean) < 0.03, "p=\(p) n=\(tries): mean applied \(meanApplied), expected \(expectedMean)"
    )
    // Each client sent its order once; the server saw every try of both.
    #expect(metrics.attempts == metrics.operations)
    #expect(metrics.serverRequests > metrics.operations + metrics.gatewayRetries)
  }

  /// A gateway that retries POSTs and a network that duplicates requests
  /// together duplicate at least as many orders as either alone.
  @Test func bothSourcesDuplicateAtLeastAsMuchAsEitherAlone() throws {
    func rate(_ overrides: [String]) throws -> Double {
      let options = try GatewayTests.options(try Self.shipped(["workload.operations=2000"] + overrides))
      let metrics = try RequestWorld.measure(options, seeds: SeedRange(0, 2))
      return Double(metrics.duplicated) / Double(metrics.operations)
    }
    let gatewayAlone = try rate([])
    let copiesAlone = try rate(["network.requestDuplication=0.3", "gateway.attempts=1"])
    let both = try rate(["network.requestDuplication=0.3"])
    #expect(gatewayAlone > 0.25 && copiesAlone > 0.2)
    #expect(both >= gatewayAlone && both >= copiesAlone, "both \(both), gateway \(gatewayAlone), copies \(copiesAlone)")
  }

  /// A stable key that the gateway forwards to a server that honours it
  /// still prevents every duplicate when the network copies requests: the
  /// copy's tries carry the key, and the server's key store is checked
  /// atomically at the commit point.
  @Test(
    arguments: [
      ["workload.kind=keyed-write"],
      ["workload.kind=keyed-write", "server.inFlightKey=process"],
    ])
  func aForwardedKeyStillPreventsDuplicates(overrides: [String]) throws {
    let scenario = try Self.shipped(
      ["workload.operations=20", "network.requestDuplication=0.3"] + overrides)
    let report = try ScenarioProperty<RequestWorld>("no order is recorded twice") { run in
      run.metrics.duplicated == 0
    }.check(scenario, seeds: 0..<1_000, requiring: [.requestDuplication, .gatewayRetry])
    #expect(report.holds, "\(overrides): \(report)")
  }

  /// The draws of the client's request stay its own: adding the copies
  /// changes nothing for an order whose request was not duplicated.
  @Test func aCopyChangesNothingForOrdersNotDuplicated() throws {
    let plain = try GatewayTests.options(try Self.shipped(["workload.operations=300"]))
    var copied = plain
    copied.network.requestDuplication = 0.3
    let seed: UInt64 = 4
    let before = try RequestWorld.runOnce(plain, seed: seed, tracing: false).finalState
    let after = try RequestWorld.runOnce(copied, seed: seed, tracing: false).finalState
    let random = KeyedRandom(seed: seed)
    var compared = 0
    for (old, new) in zip(before.entities, after.entities) {
      let duplicated = random.bernoulli(
        0.3, RequestDraw.requestDuplication.key(DeliveryIdentity(operation: old.operation, sequence: 1, copy: 0)))
      guard !duplicated else { continue }
      #expect(old == new, "order \(old.operation)")
      compared += 1
    }
    #expect(compared > 150)
  }

  /// Your async client goes through the same hops: a network copy of its
  /// POST reaches the gateway as another request, and is applied again
  /// though your code sent the order once. With the gateway passing each
  /// request through once, P(duplicate) = p.
  @Test func yourCodesPostIsCopiedToTheGatewayToo() throws {
    let world = try Self.shipped([
      "workload.operations=2000", "gateway.attempts=1", "network.requestDuplication=0.3",
    ]).requestWorld(running: UserCodeFaultSourcesTests.sendOnce)
    let metrics = try world.measure(seeds: 0..<2)
    #expect(metrics.attempts == metrics.operations)
    #expect(metrics.duplicateRate.interval.contains(0.3), "\(metrics.duplicateRate)")
    let trace = try world.trace(seed: 1)
    #expect(trace.contains("network-copy"))
  }
}
