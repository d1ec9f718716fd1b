import Checkout
import CheckoutSimulation
import FaultSim
import FaultSimTesting
import Testing

@Suite struct CheckoutClientTests {
  /// The same property holds for the client with an idempotency key, for
  /// 10,000 seeds of ten orders each — and the faults it is about (lost
  /// requests, lost responses) fired, so it did not pass vacuously.
  ///
  /// Written with FaultSimTesting, as a test of yours would be: a failure is
  /// an issue at this line with the seed, the replay line and the shrunk
  /// timeline attached, and `FAULTSIM_SEED=N swift test` checks seed N only.
  @Test func neverRecordsAnOrderTwice() throws {
    let world = try Scenario.reference(orders: 10).checkout(.idempotent)
    let report = noOrderIsRecordedTwice.expect(
      on: world, seeds: 0..<10_000, requiring: [.requestLoss, .responseLoss])
    if let report { print(report) }
  }

  /// Every order the client confirmed was recorded, once.
  @Test func everyConfirmedOrderIsRecordedOnce() throws {
    let world = try Scenario.reference(orders: 200).checkout(.idempotent)
    for seed: UInt64 in 0..<20 {
      let run = try world.runOnce(seed: seed)
      for order in run.finalState.entities where order.outcome == "succeeded" {
        #expect(order.applied == 1, "seed \(seed): \(order)")
      }
      #expect(run.metrics.succeeded > 190, "seed \(seed): \(run.metrics.succeeded) of 200 confirmed")
    }
  }

  /// A 429 with `Retry-After: 2` is retried no sooner than 2 s later,
  /// whatever the jittered backoff says.
  @Test func waitsAsLongAsRetryAfterSays() throws {
    let world = try Scenario.reference(orders: 100, "server.throttling=0.2", "server.throttleRetryAfter=2s")
      .checkout(.idempotent)
    let trace = try world.runOnce(seed: 1, tracing: true).trace
    var throttled = 0
    for (index, entry) in trace.enumerated() where entry.event == "response 429 (Retry-After: 2)" {
      throttled += 1
      let retry = try #require(
        trace[(index + 1)...].first { $0.actor == entry.actor && $0.event.hasPrefix("POST /orders") },
        "\(entry.actor) retries")
      #expect(retry.time.duration(since: entry.time) >= .seconds(2), "\(entry) then \(retry)")
    }
    #expect(throttled > 0, "the server throttled someone")
  }

  /// A retry that reaches the server while the first request with its key
  /// is still being processed gets 409; the client retries it, and an
  /// order it gives up on is "outcome unknown", never "not placed".
  @Test func retriesWhileTheFirstRequestWithItsKeyIsProcessed() throws {
    let world = try Scenario.reference(
      orders: 100, #"server.processing={"distribution": "uniform", "min": "0ms", "max": "1500ms"}"#
    ).checkout(.idempotent)
    let run = try world.runOnce(seed: 1, tracing: true)
    let conflicted = Set(run.trace.filter { $0.event == "response 409" }.map(\.actor))
    #expect(!conflicted.isEmpty, "some retry met its first request in processing")
    #expect(run.trace.contains { $0.event.hasPrefix("409: retry in") }, "and the client retried")
    #expect(run.metrics.duplicated == 0)
    for order in run.finalState.entities where conflicted.contains("client#\(order.operation)") {
      #expect(order.outcome != "failed", "\(order)")
    }
  }

  /// The same seed gives the same timeline, run after run (CI also
  /// compares two processes' output of checkout-trace).
  @Test func theSameSeedGivesTheSameTrace() throws {
    let world = try Scenario.reference(orders: 50).checkout(.idempotent)
    let first = try world.trace(seed: 3)
    #expect(try world.trace(seed: 3) == first)
    #expect(first.contains("replay stored 200 for the key"))
  }
}
