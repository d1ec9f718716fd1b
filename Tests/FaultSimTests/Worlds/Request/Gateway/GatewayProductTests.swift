import Foundation
import Testing

@testable import FaultSim

/// Gateways that behave like nginx, Envoy, HAProxy and an ALB: a total
/// deadline, jittered back-off, "next upstream only" and the presets
/// (docs/duplicates/gateway.md). Each check is independent of the model's
/// code: an exact count of tries, Envoy's documented back-off written out
/// again, and the documented defaults restated.
@Suite struct GatewayProductTests {
  /// Orders sent once to a server that takes `processing` (fixed) for
  /// each, through `gateway`; the client waits an hour.
  static func options(_ gateway: GatewayOptions, processing: VirtualDuration, orders: Int = 200)
    -> RequestWorldOptions
  {
    var options = RequestWorldOptions()
    options.workload.operations = orders
    options.workload.kind = .keylessWrite
    options.workload.arrival = .uniform(over: .seconds(10))
    options.client.attempts = 1
    options.client.timeout = .seconds(3_600)
    options.server.processing = .fixed(processing)
    options.gateway = gateway
    return options
  }

  static func parse(_ gateway: String) throws -> GatewayOptions {
    let scenario = try Scenario.parse(
      json: #"{"description": "d", "world": "request", "gateway": \#(gateway)}"#, file: "t.json")
    let options = try #require(RequestWorld.options(of: scenario.world))
    return try #require(options.gateway)
  }

  // MARK: Total deadline

  /// Every try outlasts timeout T (the server takes a minute), each retry
  /// waits b, and the request's deadline is D: try k starts at k(T + b),
  /// and only a try that starts before D goes out, so ⌈D / (T + b)⌉ tries
  /// are made, every one applied, and the client gets one 504.
  @Test(
    arguments: [(2_000, 500, 9_000), (2_000, 500, 10_000), (2_000, 0, 5_000), (3_000, 0, 2_000), (1_000, 250, 60_000)]
      as [(UInt64, UInt64, UInt64)])
  func aDeadlineAllowsExactlyTheTriesThatStartBeforeIt(timeoutMs: UInt64, backoffMs: UInt64, deadlineMs: UInt64)
    throws
  {
    var gateway = GatewayOptions()
    gateway.timeout = .milliseconds(timeoutMs)
    gateway.backoff = .milliseconds(backoffMs)
    gateway.deadline = .milliseconds(deadlineMs)
    gateway.attempts = GatewayOptions.attemptLimit.upperBound
    gateway.retryOn = [.timeout]
    gateway.methods = .all
    let orders = 200
    let metrics = try RequestWorld.measure(
      Self.options(gateway, processing: .seconds(120), orders: orders), seeds: SeedRange(0, 2))
    let period = timeoutMs + backoffMs
    let tries = UInt64((deadlineMs + period - 1) / period)
    let sent = UInt64(2 * orders)
    #expect(metrics.serverRequests == sent * tries, "expected \(tries) tries per order")
    #expect(metrics.applied == sent * tries)
    #expect(metrics.gatewayRetries == sent * (tries - 1))
    #expect(metrics.gatewayTimeouts == sent)
    #expect(metrics.duplicated == (tries > 1 ? sent : 0))
  }

  /// Without a deadline the same gateway makes every try it is allowed.
  @Test func withoutADeadlineEveryTryIsMade() throws {
    var gateway = GatewayOptions()
    gateway.timeout = .seconds(2)
    gateway.attempts = 7
    gateway.retryOn = [.timeout]
    gateway.methods = .all
    let metrics = try RequestWorld.measure(Self.options(gateway, processing: .seconds(120)), seeds: SeedRange(0, 1))
    #expect(metrics.serverRequests == 200 * 7)
  }

  // MARK: Jittered back-off

  /// Envoy's back-off as its documentation states it, written out again:
  /// retry N draws below (2^N − 1) × base, the range stops growing once it
  /// passes the maximum (ten times the base unless set), and the wait is
  /// at most the maximum.
  static func envoyRanges(base: UInt64, maximum: UInt64, retries: Int) -> [UInt64] {
    var ranges: [UInt64] = []
    var currentRetry: UInt64 = 1
    for _ in 0..<retries {
      let range = ((1 << currentRetry) - 1) * base
      if range <= maximum { currentRetry += 1 }
      ranges.append(range)
    }
    return ranges
  }

  @Test func theJitteredRangesAreEnvoys() {
    var gateway = GatewayOptions()
    gateway.backoffShape = .exponentialFullJitter
    gateway.backoff = .milliseconds(25)
    let model = (1...8).map { gateway.jitterRange(retry: $0) }
    let ms: UInt64 = 1_000_000
    #expect(model == Self.envoyRanges(base: 25 * ms, maximum: 250 * ms, retries: 8))
    // The documented example: 0–24 ms, 0–74 ms, 0–174 ms, then capped at 250 ms.
    #expect(model.prefix(4) == [25 * ms, 75 * ms, 175 * ms, 375 * ms])
    gateway.backoffMax = .seconds(1)
    #expect(
      (1...8).map { gateway.jitterRange(retry: $0) } == Self.envoyRanges(base: 25 * ms, maximum: 1_000 * ms, retries: 8)
    )
  }

  /// The mean wait against its closed form: for a range u and a cap m the
  /// wait is min(U, m) with U uniform on 0 ..< u, whose mean is (u − 1)/2
  /// when u ≤ m and (m(m − 1)/2 + (u − m) m)/u otherwise (in nanoseconds).
  @Test(arguments: [1, 2, 3, 4, 6])
  func theMeanWaitMatchesItsClosedForm(retry: Int) {
    var gateway = GatewayOptions()
    gateway.backoffShape = .exponentialFullJitter
    gateway.backoff = .milliseconds(25)
    let u = Double(gateway.jitterRange(retry: retry))
    let m = Double(gateway.backoffCap.nanoseconds)
    let closed = u <= m ? (u - 1) / 2 : (m * (m - 1) / 2 + (u - m) * m) / u
    let draws = 100_000
    var state: UInt64 = 0x5EED_0000 &+ UInt64(retry)
    var sum = 0.0
    var square = 0.0
    for _ in 0..<draws {
      state = state &+ SplitMix64.gamma
      let wait = Double(gateway.retryWait(retry: retry, word: SplitMix64.mix(state)).nanoseconds)
      #expect(wait < min(u, m + 1))
      sum += wait
      square += wait * wait
    }
    let mean = sum / Double(draws)
    let standardError = (square / Double(draws) - mean * mean).squareRoot() / Double(draws).squareRoot()
    #expect(abs(mean - closed) <= 4 * standardError, "retry \(retry): mean \(mean), expected \(closed)")
  }

  /// In a run, a jittered retry goes out within its range after the
  /// timeout: with every try timing out at T and one retry, the 504 comes
  /// between 2T and 2T + 25 ms, so the run ends within that of the last
  /// order's arrival.
  @Test func aJitteredRetryWaitsWithinItsRange() throws {
    var gateway = GatewayOptions()
    gateway.timeout = .seconds(1)
    gateway.attempts = 2
    gateway.retryOn = [.timeout]
    gateway.methods = .all
    gateway.backoff = .milliseconds(25)
    gateway.backoffShape = .exponentialFullJitter
    var options = Self.options(gateway, processing: .seconds(120), orders: 1)
    options.workload.arrival = .uniform(over: .zero)
    let ms: UInt64 = 1_000_000
    var waits: Set<UInt64> = []
    for seed in UInt64(0)..<20 {
      let run = try RequestWorld.runOnce(options, seed: seed, tracing: true)
      let retry = try #require(run.trace.first { $0.event.hasPrefix("write try 2") }, "seed \(seed)")
      let timeout = try #require(run.trace.first { $0.event == "gateway timeout" }, "seed \(seed)")
      let wait = retry.time.nanoseconds - timeout.time.nanoseconds
      #expect(wait < 25 * ms, "seed \(seed): waited \(wait) ns")
      waits.insert(wait)
    }
    #expect(waits.count > 15, "the waits are drawn, not fixed")
  }

  // MARK: Next upstream only

  /// nginx passes a request to the next server only: with every try timing
  /// out, a request gets min(attempts, servers) tries.
  @Test(arguments: [(1, 100), (3, 100), (5, 2), (4, 4)] as [(Int, Int)])
  func nextServerMakesOneTryPerServer(servers: Int, attempts: Int) throws {
    var gateway = GatewayPreset.nginx.options
    gateway.timeout = .seconds(1)
    gateway.methods = .all
    gateway.servers = servers
    gateway.attempts = attempts
    let metrics = try RequestWorld.measure(Self.options(gateway, processing: .seconds(120)), seeds: SeedRange(0, 1))
    #expect(metrics.serverRequests == UInt64(200 * min(servers, attempts)))
  }

  /// Without `non_idempotent` nginx never passes a POST on, whatever
  /// times out; a PUT it does.
  @Test func nginxNeverRetriesAPostWithoutNonIdempotent() throws {
    var gateway = GatewayPreset.nginx.options
    gateway.timeout = .milliseconds(500)
    gateway.servers = 3
    var options = Self.options(gateway, processing: .seconds(1))
    options.server.processing = .exponential(mean: .seconds(1))
    let post = try RequestWorld.measure(options, seeds: SeedRange(0, 20))
    #expect(post.gatewayRetries == 0)
    #expect(post.duplicated == 0)
    #expect(post.gatewayTimeouts > 0)
    options.workload.kind = .idempotentWrite
    let put = try RequestWorld.measure(options, seeds: SeedRange(0, 20))
    #expect(put.gatewayRetries > 0)
  }

  // MARK: Presets

  /// Each preset's numbers, as docs/duplicates/gateway.md cites them.
  @Test func thePresetsCarryTheDocumentedDefaults() throws {
    let nginx = try Self.parse(#"{"preset": "nginx"}"#)
    #expect(nginx.timeout == .seconds(60))  // proxy_read_timeout 60s
    #expect(nginx.retryOn == [.timeout, .connectionReset])  // proxy_next_upstream error timeout
    #expect(nginx.methods == .idempotent)  // no non_idempotent
    #expect(nginx.retryTarget == .nextServer && nginx.tryLimit == 1)  // one server: no next one
    #expect(nginx.deadline == nil && nginx.backoff == .zero)

    let envoy = try Self.parse(#"{"preset": "envoy"}"#)
    #expect(envoy.deadline == .seconds(15) && envoy.timeout == .seconds(15))  // route timeout 15s
    #expect(envoy.attempts == 2)  // one retry by default
    #expect(envoy.backoff == .milliseconds(25) && envoy.backoffShape == .exponentialFullJitter)
    #expect(envoy.backoffCap == .milliseconds(250))  // max_interval 10 × base
    #expect(envoy.methods == .all && envoy.retryTarget == .any)
    #expect(envoy.retryOn.contains(.internalError) && envoy.retryOn.contains(.timeout))  // retry_on 5xx

    let haproxy = try Self.parse(#"{"preset": "haproxy"}"#)
    #expect(haproxy.attempts == 4)  // retries 3
    #expect(haproxy.timeout == .seconds(50))  // timeout server 50s (an assumption)
    #expect(haproxy.methods == .all && haproxy.retryOn.contains(.timeout))  // retry-on all-retryable-errors

    let alb = try Self.parse(#"{"preset": "alb"}"#)
    #expect(alb.timeout == .seconds(60) && alb.attempts == 1)  // idle timeout 60 s, no retry
  }

  @Test func keysBesideAPresetOverrideIt() throws {
    let gateway = try Self.parse(#"{"servers": 3, "timeout": "2s", "preset": "nginx"}"#)
    #expect(gateway.timeout == .seconds(2))
    #expect(gateway.servers == 3 && gateway.tryLimit == 3)
    #expect(gateway.retryOn == [.timeout, .connectionReset])
  }

  /// The shipped scenario, now written as a misconfigured nginx, measures
  /// exactly what the same gateway written key by key does.
  @Test func theShippedNginxScenarioIsTheGatewayItReplaced() throws {
    let shipped = try Scenario.shipped("gateway-retries-post", overrides: [])
    var explicit = try #require(RequestWorld.options(of: shipped.world))
    var gateway = GatewayOptions()
    gateway.timeout = .seconds(2)
    gateway.attempts = 3
    gateway.retryOn = [.timeout, .connectionReset, .badGateway, .unavailable, .gatewayTimeout]
    gateway.methods = .all
    explicit.gateway = gateway
    explicit.workload.operations = 2_000
    var viaPreset = try #require(RequestWorld.options(of: shipped.world))
    viaPreset.workload.operations = 2_000
    let seeds = try SeedRange(0, 3)
    let measured = try RequestWorld.measure(viaPreset, seeds: seeds)
    #expect(try measured == RequestWorld.measure(explicit, seeds: seeds))
  }

  /// An ALB answers 504 after its idle timeout and does not retry: the
  /// order is applied once, and the client is left uncertain.
  @Test func anAlbAnswers504AfterItsIdleTimeoutAndNeverRetries() throws {
    let metrics = try RequestWorld.measure(
      Self.options(GatewayPreset.alb.options, processing: .seconds(61)), seeds: SeedRange(0, 2))
    #expect(metrics.gatewayTimeouts == 400)
    #expect(metrics.gatewayRetries == 0)
    #expect(metrics.applied == 400 && metrics.duplicated == 0)
  }

  @Test(
    arguments: [
      (#"{"preset": "envoi"}"#, "did you mean \"envoy\""),
      (#"{"servers": 0}"#, "gateway.servers"),
      (#"{"deadline": "0s"}"#, "gateway.deadline"),
      (#"{"backoffShape": "jitter"}"#, "gateway.backoffShape"),
      (#"{"retryTarget": "next-sever"}"#, "did you mean \"next-server\""),
    ] as [(String, String)])
  func badInputGetsAClearError(gateway: String, message: String) throws {
    do {
      _ = try Self.parse(gateway)
      Issue.record("\(gateway) was accepted")
    } catch {
      #expect("\(error)".contains(message), "\(error)")
    }
  }
}
