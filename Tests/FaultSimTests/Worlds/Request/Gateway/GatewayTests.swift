import Foundation
import Testing

@testable import FaultSim

/// The gateway between the request world's clients and its server (issue
/// 13, intermediaries that retry; docs/duplicates/gateway.md).
@Suite struct GatewayTests {
  static func shipped(_ overrides: [String] = []) throws -> Scenario {
    try Scenario.shipped(
      "gateway-retries-post", overrides: try overrides.map { try ScenarioOverride(parsing: $0) })
  }

  static func options(_ scenario: Scenario) throws -> RequestWorldOptions {
    try #require(RequestWorld.options(of: scenario.world))
  }

  // MARK: Closed form

  /// A keyless POST sent once (client attempts 1, a client timeout above
  /// every try), a gateway with `methods: all`, `retryOn: [timeout]`, `n`
  /// tries and timeout `T`, exponential processing of mean `m`, no latency,
  /// no other fault. Tries are independent (each is its own delivery, so its
  /// processing time is its own draw) and the server applies every try it
  /// got, so applications = tries made, and P(tries ≥ k + 1) = qᵏ with
  /// q = P(a try outlasts T) = exp(−T/m).
  static func closedForm(timeout: VirtualDuration, mean: VirtualDuration, tries: Int, orders: Int)
    -> RequestWorldOptions
  {
    var options = RequestWorldOptions()
    options.workload.operations = orders
    options.workload.kind = .keylessWrite
    options.workload.arrival = .uniform(over: .seconds(10))
    options.client.attempts = 1
    options.client.timeout = .seconds(3_600)
    options.server.processing = .exponential(mean: mean)
    var gateway = GatewayOptions()
    gateway.timeout = timeout
    gateway.attempts = tries
    gateway.retryOn = [.timeout]
    gateway.methods = .all
    options.gateway = gateway
    return options
  }

  @Test(
    arguments: [(1_000, 1_000, 2), (2_000, 1_000, 3), (500, 1_000, 4), (300, 2_000, 1)] as [(Int, Int, Int)])
  func duplicatesAndApplicationsMatchTheClosedForm(timeoutMs: Int, meanMs: Int, tries: Int) throws {
    let orders = 20_000
    let seeds: UInt64 = 3
    let options = Self.closedForm(
      timeout: .milliseconds(UInt64(timeoutMs)), mean: .milliseconds(UInt64(meanMs)), tries: tries, orders: orders)
    let metrics = try RequestWorld.measure(options, seeds: SeedRange(0, seeds))
    let q = exp(-Double(timeoutMs) / Double(meanMs))
    // P(duplicate) = P(the first try timed out) = q when a second try is allowed.
    let expectedDuplicate = tries >= 2 ? q : 0
    let interval = WilsonInterval(successes: metrics.duplicated, trials: metrics.operations, z: 3.29)
    let measuredDuplicate = Double(metrics.duplicated) / Double(metrics.operations)
    #expect(
      interval.contains(expectedDuplicate),
      "T=\(timeoutMs)ms m=\(meanMs)ms n=\(tries): P(dup) \(measuredDuplicate), expected \(expectedDuplicate)")
    // Mean applications = Σ_{k<n} qᵏ; its standard error from the exact
    // distribution of the tries made.
    var mean = 0.0
    var square = 0.0
    for made in 1...tries {
      let probability = pow(q, Double(made - 1)) * (made == tries ? 1 : 1 - q)
      mean += Double(made) * probability
      square += Double(made * made) * probability
    }
    let closedMean = (0..<tries).reduce(0.0) { $0 + pow(q, Double($1)) }
    #expect(abs(mean - closedMean) < 1e-12)
    let standardError = (square - mean * mean).squareRoot() / Double(metrics.operations).squareRoot()
    let measured = Double(metrics.applied) / Double(metrics.operations)
    #expect(
      abs(measured - closedMean) <= 4 * standardError + 1e-12,
      "T=\(timeoutMs)ms m=\(meanMs)ms n=\(tries): applications expected \(closedMean), measured \(measured)")
    // Every retry is a try beyond the first; a client sent each order once.
    #expect(metrics.attempts == metrics.operations)
    #expect(metrics.serverRequests == metrics.operations + metrics.gatewayRetries)
    #expect(metrics.applied == metrics.serverRequests)
    // The gateway answers 504 when its last try timed out: P = qⁿ.
    let timeouts = WilsonInterval(successes: metrics.gatewayTimeouts, trials: metrics.operations, z: 3.29)
    #expect(timeouts.contains(pow(q, Double(tries))), "504s: \(metrics.gatewayTimeouts)")
  }

  // MARK: The shipped scenario and its overrides

  @Test func theShippedScenarioDuplicatesOrdersTheClientSentOnce() throws {
    let options = try Self.options(try Self.shipped(["workload.operations=2000"]))
    let metrics = try RequestWorld.measure(options, seeds: SeedRange(0, 2))
    #expect(metrics.attempts == metrics.operations, "each client sends once")
    #expect(metrics.duplicated > 0)
    #expect(metrics.gatewayRetries > 0)
    let interval = WilsonInterval(successes: metrics.duplicated, trials: metrics.operations, z: 3.29)
    #expect(interval.contains(exp(-1)), "\(metrics.duplicated) of \(metrics.operations)")
  }

  /// The preventions the scenario's description names: 0 duplicates over
  /// thousands of seeds, and the gateway's timeouts and retries did happen.
  @Test(
    arguments: [
      ["gateway.methods=idempotent"],
      ["workload.kind=keyed-write"],
      ["workload.kind=keyed-write", "gateway.methods=idempotent-or-keyed"],
      // The server checks the key at its commit point: a try processed
      // while the key is in flight replays the stored answer there.
      ["workload.kind=keyed-write", "server.inFlightKey=process"],
    ])
  func thePreventionsHoldForThousandsOfSeeds(overrides: [String]) throws {
    let scenario = try Self.shipped(["workload.operations=20"] + overrides)
    let options = try Self.options(scenario)
    let retries = options.gateway?.methods != .idempotent
    let report = try ScenarioProperty<RequestWorld>("no order is recorded twice") { run in
      run.metrics.duplicated == 0
    }.check(scenario, seeds: 0..<3_000, requiring: retries ? [.gatewayRetry] : [])
    #expect(report.holds, "\(overrides): \(report)")
    // Not a false pass: the gateway's timeout fired, and (when it may) it retried.
    let metrics = try RequestWorld.measure(options, seeds: SeedRange(0, 3_000))
    #expect(metrics.duplicated == 0)
    if retries {
      #expect(metrics.gatewayRetries > 0)
    } else {
      #expect(metrics.gatewayRetries == 0)
      #expect(metrics.gatewayTimeouts > 0, "the gateway answered 504 instead of retrying")
    }
    #expect(metrics.applied > 0)
  }

  /// A key does not help when the gateway strips it, nor when the server
  /// ignores it.
  @Test(
    arguments: [
      ["workload.kind=keyed-write", "gateway.forwardsKey=false"],
      ["workload.kind=keyed-write", "server.keys=ignore"],
    ])
  func aKeyThatDoesNotReachAnHonouringServerStillDuplicates(overrides: [String]) throws {
    let options = try Self.options(try Self.shipped(["workload.operations=2000"] + overrides))
    let metrics = try RequestWorld.measure(options, seeds: SeedRange(0, 2))
    #expect(metrics.duplicated > 0, "\(overrides)")
    #expect(metrics.attempts == metrics.operations)
  }

  /// The 409 for a key still in flight goes back to the client: the
  /// gateway never retries on it.
  @Test func theGatewayForwardsTheInFlight409() throws {
    var options = try Self.options(try Self.shipped(["workload.operations=200", "workload.kind=keyed-write"]))
    options.client.attempts = 1
    var trace: [TraceEntry] = []
    for seed in 0..<3 as Range<UInt64> {
      trace += try RequestWorld.runOnce(options, seed: seed, tracing: true).trace
    }
    #expect(trace.contains { $0.actor == RequestActor.server && $0.event == "409: key in flight" })
    #expect(trace.contains { $0.actor == RequestActor.gateway && $0.event.hasPrefix("response 409") })
    #expect(!trace.contains { $0.event.hasSuffix("after 409") })
  }

  /// The shrinker takes the gateway's retries away one at a time: the
  /// smallest counterexample of a stripped key is the one retry.
  @Test func aDuplicateShrinksToTheGatewaysRetry() throws {
    let scenario = try Self.shipped([
      "workload.operations=50", "workload.kind=keyed-write", "gateway.forwardsKey=false",
    ])
    let report = try ScenarioProperty<RequestWorld>("no order is recorded twice") { run in
      run.metrics.duplicated == 0
    }.check(scenario, seeds: 0..<10)
    let failure = try #require(report.failure)
    #expect(failure.counterexample.faults.count == 1, "\(report)")
    #expect(failure.counterexample.faults.allSatisfy { $0.contains("the gateway sends message 1 again") }, "\(report)")
  }

  // MARK: Resets and upstream statuses

  /// A reset upstream comes after the server processed the try: retried, it
  /// applies again; the client learns of the last one as 502.
  @Test func aResetTryWasAppliedAndTheClientSees502() throws {
    var options = Self.closedForm(timeout: .seconds(60), mean: .milliseconds(10), tries: 3, orders: 200)
    options.gateway?.connectionReset = 1
    options.gateway?.retryOn = [.connectionReset]
    let run = try RequestWorld.runOnce(options, seed: 1, tracing: true)
    #expect(run.metrics.applied == 600, "every try was processed")
    #expect(run.metrics.gatewayRetries == 400)
    #expect(run.metrics.succeeded == 0 && run.metrics.gatewayTimeouts == 0)
    #expect(run.trace.contains { $0.actor == RequestActor.gateway && $0.event == "response 502" })
    #expect(run.trace.contains { $0.event == "gateway retry 2 after connection-reset" })
    options.gateway?.retryOn = [.timeout]
    let unretried = try RequestWorld.runOnce(options, seed: 1).metrics
    #expect(unretried.applied == 200 && unretried.gatewayRetries == 0)
  }

  /// A 503 named in retryOn is retried; the last one goes to the client.
  @Test func aRetryableStatusIsRetriedAndTheLastIsForwarded() throws {
    var options = Self.closedForm(timeout: .seconds(60), mean: .milliseconds(10), tries: 4, orders: 100)
    options.server.failureBeforeCommit = 1
    options.server.failureStatus = 503
    options.gateway?.retryOn = [.unavailable]
    options.gateway?.backoff = .milliseconds(5)
    let run = try RequestWorld.runOnce(options, seed: 2, tracing: true)
    #expect(run.metrics.serverRequests == 400 && run.metrics.gatewayRetries == 300)
    #expect(run.metrics.applied == 0)
    #expect(run.trace.contains { $0.actor == RequestActor.gateway && $0.event.hasPrefix("response 503") })
    options.server.failureStatus = 500
    let other = try RequestWorld.runOnce(options, seed: 2).metrics
    #expect(other.gatewayRetries == 0, "500 is not in retryOn")
  }

  // MARK: The race of an answer with the gateway's timeout

  /// Within the race window an answer and the gateway's timeout for its
  /// try may come in either order: FIFO keeps the natural one (the metrics
  /// of a window are those of none), the other order retries a try that
  /// was answered in time — `faultsim explore` finds seed 3's witness.
  @Test func theAnswerRacesTheGatewaysTimeout() throws {
    var options = try Self.options(try Self.shipped(["workload.operations=30"]))
    let none = try RequestWorld.runOnce(options, seed: 3).metrics
    options.races.window = .milliseconds(200)
    let fifo = try RequestWorld.runOnce(options, seed: 3, tracing: true)
    #expect(fifo.metrics.applied == none.applied && fifo.metrics.duplicated == none.duplicated)
    #expect(fifo.trace.contains { $0.event.contains("gateway-response-vs-timeout") })
    let swapped = try RequestWorld.runOnce(options, seed: 3, strategy: .replay([1])).metrics
    #expect(swapped.applied == fifo.metrics.applied + 1, "timeout first: one more try applied")
    #expect(RequestWorld.canMeetRace(options))
  }

  // MARK: Folding, determinism

  /// Operations fold only when nothing of theirs is at the gateway, upstream
  /// or at the server: dropping the final states (folding as they finish)
  /// gives the same metrics as keeping them.
  @Test func foldingWaitsForTheGatewaysTries() throws {
    var options = try Self.options(try Self.shipped(["workload.operations=3000"]))
    options.gateway?.latency = .uniform(min: .milliseconds(1), max: .milliseconds(300))
    options.gateway?.connectionReset = 0.1
    options.gateway?.backoff = .milliseconds(50)
    options.network.responseLoss = 0.05
    options.client.attempts = 3
    options.client.timeout = .seconds(5)
    let kept = try RequestWorld.runOnce(options, seed: 4).metrics
    let dropped = try RequestWorld.makeRunner(options).run(4, .fifo).metrics
    #expect(kept == dropped)
    #expect(kept.operations == 3_000 && kept.completion.count == 3_000)
    #expect(kept.applied >= kept.operations - kept.lost)
    #expect(kept.gatewayRetries > 0)
  }

  // MARK: Options

  static func parse(_ gateway: String) throws -> Scenario {
    try Scenario.parse(
      json: #"{"description": "d", "world": "request", "gateway": \#(gateway)}"#, file: "t.json")
  }

  @Test func theSectionReadsEveryKey() throws {
    let scenario = try Self.parse(
      #"{"timeout": "250ms", "attempts": 4, "retryOn": ["504", "timeout"], "methods": "idempotent-or-keyed", "#
        + #""forwardsKey": false, "latency": "5ms", "connectionReset": 0.25, "backoff": "10ms"}"#)
    let gateway = try #require(try Self.options(scenario).gateway)
    #expect(gateway.timeout == .milliseconds(250))
    #expect(gateway.attempts == 4)
    #expect(gateway.retryOn == [.timeout, .gatewayTimeout])
    #expect(gateway.methods == .idempotentOrKeyed)
    #expect(!gateway.forwardsKey)
    #expect(gateway.latency == .fixed(.milliseconds(5)))
    #expect(gateway.connectionReset == 0.25)
    #expect(gateway.backoff == .milliseconds(10))
    let absent = try Scenario.parse(json: #"{"description": "d", "world": "request"}"#, file: "t.json")
    #expect(try Self.options(absent).gateway == nil)
  }

  @Test(
    arguments: [
      (#"{"retryOn": ["timout"]}"#, "did you mean \"timeout\""),
      (#"{"retryOn": ["timeout", "timeout"]}"#, "listed twice"),
      (#"{"retryOn": "timeout"}"#, "array"),
      (#"{"attempts": 0}"#, "gateway.attempts"),
      (#"{"attempts": 101}"#, "gateway.attempts"),
      (#"{"methods": "al"}"#, "did you mean \"all\""),
      (#"{"timeout": "0s"}"#, "gateway.timeout"),
      (#"{"retryon": ["timeout"]}"#, "did you mean \"retryOn\""),
    ] as [(String, String)])
  func badInputGetsAClearError(gateway: String, message: String) throws {
    do {
      _ = try Self.parse(gateway)
      Issue.record("\(gateway) was accepted")
    } catch {
      #expect("\(error)".contains(message), "\(error)")
    }
  }

  @Test(
    arguments: [
      (#"{"attempts": 1, "methods": "all"}"#, "gateway-without-retries"),
      (#"{"retryOn": [], "attempts": 3}"#, "gateway-retry-on-nothing"),
      (#"{"forwardsKey": false}"#, "gateway-forwards-key-without-keys"),
    ] as [(String, String)])
  func settingsThatCannotMatterAreReported(gateway: String, check: String) throws {
    let scenario = try Self.parse(gateway)
    #expect(scenario.warnings.contains { $0.check == check }, "\(scenario.warnings)")
  }
}
