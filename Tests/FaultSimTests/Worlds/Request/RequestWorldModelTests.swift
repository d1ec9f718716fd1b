import Testing

@testable import FaultSim

/// Single-behaviour tests of the request world's server and client models.
@Suite struct RequestWorldModelTests {
  static func base(operations: Int = 200) -> RequestWorldOptions {
    var options = RequestWorldOptions()
    options.workload.operations = operations
    options.workload.kind = .keyedWrite
    options.workload.arrival = .uniform(over: .seconds(1))
    options.network.latency = .fixed(.milliseconds(10))
    options.client.timeout = .seconds(1)
    options.client.attempts = 3
    return options
  }

  @Test func conditionalWritesApplyEveryOperationOnceAndCountWriteCalls() throws {
    var options = Self.base(operations: 30)
    options.workload.arrival = .simultaneous(at: .zero)
    options.workload.contention = .init(resources: 1)
    options.server.processing = .uniform(min: .milliseconds(1), max: .milliseconds(5))
    options.client.conflictLimit = .atMost(10_000)
    let result = try RequestWorld.runOnce(options, seed: 3)
    #expect(result.metrics.succeeded == 30)
    #expect(result.metrics.applied == 30)
    #expect(result.metrics.duplicated == 0)
    #expect(result.metrics.writeCalls > 30, "conflicting writes are retried after 412")
    #expect(result.metrics.serverRequests == result.metrics.writeCalls * 2, "every write is preceded by a read")
    var spread = options
    spread.workload.contention = .init(resources: 30)
    let uncontended = try RequestWorld.runOnce(spread, seed: 3)
    #expect(uncontended.metrics.writeCalls == 30)
    #expect(uncontended.metrics.makespanTotal < result.metrics.makespanTotal)
  }

  @Test func aResubmittedConditionalWriteReadsTheVersionAgain() throws {
    var options = Self.base(operations: 30)
    options.workload.kind = .keylessWrite
    options.workload.contention = .init(resources: 30)
    options.workload.submissions = 2
    options.client.conflictLimit = .atMost(0)
    let result = try RequestWorld.runOnce(options, seed: 2)
    // A second submission that wrote with the first one's version would get
    // 412 and, with no conflicts allowed, fail.
    #expect(result.metrics.succeeded == 30)
    #expect(result.metrics.failed == 0)
  }

  @Test func aCarefulClientTreatsA503WithoutRetryAfterAsUncertain() throws {
    var options = Self.base()
    options.workload.kind = .keylessWrite
    options.client.safety = .careful
    options.server.failureAfterCommit = 0.3
    options.server.failureStatus = 503
    let result = try RequestWorld.runOnce(options, seed: 4)
    // The write was applied before the 503: resending it would duplicate.
    #expect(result.metrics.duplicated == 0)
    #expect(result.metrics.uncertain > 0)
  }

  @Test func throttledClientsWaitForRetryAfter() throws {
    var options = Self.base(operations: 50)
    options.server.throttling = 1
    options.server.throttleRetryAfter = .seconds(3)
    options.client.backoff = .immediate
    let result = try RequestWorld.runOnce(options, seed: 1)
    #expect(result.metrics.succeeded == 0)
    // Three attempts, two waits of at least 3 s each.
    let p50 = try #require(result.metrics.completion.percentile(50))
    #expect(p50 >= 6_000_000_000)
    options.client.honoursRetryAfter = false
    let impatient = try RequestWorld.runOnce(options, seed: 1)
    #expect(try #require(impatient.metrics.completion.percentile(50)) < 1_000_000_000)
  }

  @Test func aChangedPayloadUnderTheSameKeyIsRejectedWith422() throws {
    var options = Self.base()
    options.network.responseLoss = 0.5
    options.client.payloadChangesOnRetry = 1
    let result = try RequestWorld.runOnce(options, seed: 2)
    #expect(result.metrics.duplicated == 0)
    #expect(result.metrics.uncertain > 0, "a 422 after a lost response leaves the client not knowing")
  }

  @Test func retriesThatOutliveTheKeyDuplicate() throws {
    var options = Self.base(operations: 2_000)
    options.network.responseLoss = 0.5
    options.client.backoff = Backoff(growth: .constant, base: .seconds(2))
    options.server.keyTTL = .seconds(1)
    let expiring = try RequestWorld.runOnce(options, seed: 4)
    #expect(expiring.metrics.duplicated > 0)
    options.server.keyTTL = .hours(1)
    #expect(try RequestWorld.runOnce(options, seed: 4).metrics.duplicated == 0)
  }

  @Test func aQueueThatOutlastsTheTimeoutMakesClientsTimeOut() throws {
    var options = Self.base(operations: 100)
    options.workload.arrival = .simultaneous(at: .zero)
    options.server.processing = .fixed(.milliseconds(100))
    options.server.capacity = .init(workers: 1, queueLimit: 1_000, retryAfter: .seconds(1))
    options.client.attempts = 1
    let result = try RequestWorld.runOnce(options, seed: 0)
    // One worker, 100 ms each: about nine finish before the 1 s deadline.
    #expect(result.metrics.succeeded >= 8 && result.metrics.succeeded <= 10)
    #expect(result.metrics.uncertain == 100 - result.metrics.succeeded)
    #expect(result.metrics.applied == 100, "the queue still processes what timed out")
  }

  @Test func overloadIsAnsweredWith503AndRetryAfter() throws {
    var options = Self.base(operations: 500)
    options.workload.arrival = .simultaneous(at: .zero)
    options.server.processing = .fixed(.milliseconds(10))
    options.server.capacity = .init(workers: 2, queueLimit: 10, retryAfter: .milliseconds(500))
    options.client.attempts = 20
    options.client.backoff = Backoff(
      growth: .exponential, jitter: .full, base: .milliseconds(50), cap: .seconds(2))
    let result = try RequestWorld.runOnce(options, seed: 0)
    #expect(result.metrics.overloadRejections > 0)
    #expect(result.metrics.duplicated == 0)
  }

  @Test func aSharedTokenBucketCutsRetries() throws {
    var options = Self.base(operations: 1_000)
    options.network.requestLoss = 0.5
    options.client.attempts = 10
    let unlimited = try RequestWorld.runOnce(options, seed: 0)
    options.client.retryBudget = .tokenBucket(capacity: 10, refillPerSuccess: 0.1)
    let bucket = try RequestWorld.runOnce(options, seed: 0)
    #expect(bucket.metrics.retriesRefused > 0)
    #expect(bucket.metrics.attempts < unlimited.metrics.attempts)
    options.client.retryBudget = .ratio(ratio: 0.1, minimumRetries: 5)
    let ratio = try RequestWorld.runOnce(options, seed: 0)
    #expect(ratio.metrics.attempts - 1_000 <= 5 + 100)
  }

  @Test func connectionFailuresBeforeSendingNeverApply() throws {
    var options = Self.base(operations: 500)
    options.workload.kind = .keylessWrite
    options.network.cannotConnect = 0.3
    options.network.dnsFailure = 0.1
    options.client.safety = .careful
    let result = try RequestWorld.runOnce(options, seed: 9)
    // Both failures prove the request was never sent, so even a careful
    // client retries them without risk.
    #expect(result.metrics.duplicated == 0)
    #expect(result.metrics.uncertain == 0)
    #expect(result.metrics.attempts > 500)
  }

  @Test func aLateResponseRacesItsTimeout() throws {
    var options = Self.base(operations: 1)
    options.workload.arrival = .simultaneous(at: .zero)
    options.workload.kind = .keylessWrite
    // The response arrives exactly at the deadline: the two race.
    options.network.latency = .fixed(.milliseconds(500))
    options.client.attempts = 2
    options.client.backoff = .immediate
    let exploration = try InterleavingExplorer.explore(limit: 100) { strategy in
      let result = try RequestWorld.runOnce(options, seed: 0, strategy: strategy)
      return (result.summary, [result.metrics.applied, result.metrics.attempts, result.metrics.succeeded])
    }
    #expect(exploration.isComplete)
    #expect(exploration.isOrderSensitive)
    let witness = try #require(exploration.witness)
    #expect(witness.first.choices.first?.label == "response-vs-timeout")
    #expect(witness.first.outcome[0] == 2, "FIFO: the timeout wins, the retry applies a second order")
    #expect(witness.second.outcome == [1, 1, 1], "the response wins: one order, one attempt")
  }

  @Test func aRetryDuringProcessingRacesTheCommit() throws {
    var options = Self.base(operations: 1)
    options.workload.arrival = .simultaneous(at: .zero)
    options.network.latency = .fixed(.milliseconds(10))
    options.server.processing = .fixed(.milliseconds(1_020))
    options.client.backoff = .immediate
    options.races.window = .milliseconds(20)
    // The outcome here is what the server did, from the trace.
    let exploration = try InterleavingExplorer.explore(limit: 100) { strategy in
      let result = try RequestWorld.runOnce(options, seed: 0, strategy: strategy, tracing: true)
      return (result.summary, result.trace.filter { $0.actor == "server" }.map(\.event))
    }
    #expect(exploration.isComplete)
    #expect(exploration.interleavings.first?.choices.first?.label == "retry-vs-commit")
    let arrivalFirst = try #require(exploration.interleavings.first?.outcome)
    let commitFirst = try #require(exploration.interleavings.last?.outcome)
    #expect(arrivalFirst.contains("409: key in flight"))
    #expect(commitFirst.contains("replay stored 200 for the key"))
    #expect(exploration.isOrderSensitive)
  }
}
