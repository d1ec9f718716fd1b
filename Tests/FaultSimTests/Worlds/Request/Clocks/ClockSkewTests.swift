import Testing

@testable import FaultSim

/// Issue 13, clocks that disagree (docs/duplicates/clocks.md): client and
/// server clocks with an offset and a drift, Retry-After as an HTTP date
/// judged by the client's clock, key lifetimes on the server's clock.
@Suite struct ClockSkewTests {
  static let second: Int64 = 1_000_000_000

  /// One keyed write, committed and answered 503 with a 30 s Retry-After
  /// date (every attempt fails after its commit), 60 s key lifetime, fixed
  /// one-way latency `latency`, two attempts.
  static func oneWrite(
    serverOffset: Int64, clientOffset: Int64, latency: VirtualDuration = .milliseconds(50)
  ) -> RequestWorldOptions {
    var options = RequestWorldOptions()
    options.workload.kind = .keyedWrite
    options.client.attempts = 2
    options.client.timeout = .seconds(5)
    options.client.clock = ClockOptions(offset: clientOffset)
    options.network.latency = .fixed(latency)
    options.server.keyTTL = .seconds(60)
    options.server.failureAfterCommit = 1
    options.server.failureStatus = 503
    options.server.failureRetryAfter = .seconds(30)
    options.server.retryAfterFormat = .httpDate
    options.server.clock = ClockOptions(offset: serverOffset)
    return options
  }

  static func run(_ options: RequestWorldOptions, seeds: Range<UInt64> = 0..<1) throws -> RequestMetrics {
    try RequestWorld.measure(options, seeds: SeedRange(seeds.lowerBound, seeds.upperBound))
  }

  static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    let quotient = value / divisor
    return value % divisor < 0 ? quotient - 1 : quotient
  }

  // MARK: HTTP dates

  @Test func httpDatesOnTheFixedEpoch() {
    #expect(HTTPDate.format(seconds: 0) == "Tue, 01 Dec 2026 00:00:00 GMT")
    #expect(HTTPDate.format(seconds: 31) == "Tue, 01 Dec 2026 00:00:31 GMT")
    #expect(HTTPDate.format(seconds: -1) == "Mon, 30 Nov 2026 23:59:59 GMT")
    #expect(HTTPDate.format(seconds: 31 * 86_400) == "Fri, 01 Jan 2027 00:00:00 GMT")
    // 2028 is a leap year: 29 February exists.
    let toLeapDay = Int64(365 + 31 + 28 + 31) * 86_400 + 3_723
    #expect(HTTPDate.format(seconds: toLeapDay) == "Tue, 29 Feb 2028 01:02:03 GMT")
    #expect(HTTPDate.timeOfDay(nanoseconds: 46 * Self.second + 999_999_999) == "00:00:46")
    #expect(HTTPDate.timeOfDay(nanoseconds: -1) == "23:59:59")
  }

  // MARK: Closed form: the retry time under an HTTP-date Retry-After

  /// The exact closed form: the server dates the Retry-After at its commit
  /// `c = L`: date = ⌊(c + so + 30 s) / 1 s⌋ s; the client reads it at `r =
  /// 2L` and waits w = max(0, date − (r + co)); the retry reaches the server
  /// at r + w + L and is applied again exactly when that is at or past the
  /// key's expiry c + 60 s. The operation ends when the retry's answer
  /// comes back, at r + w + 2L (makespan).
  @Test(arguments: [0, 1_500_000_000, -2_250_000_000] as [Int64])
  func theRetryTimeAndTheDuplicateFollowTheClosedForm(serverOffset: Int64) throws {
    let latency: Int64 = 50_000_000
    let commit = latency
    let received = 2 * latency
    let date = Self.floorDivide(commit + serverOffset + 30 * Self.second, Self.second) * Self.second
    // Client offsets around the threshold (the client behind the server by
    // about 30 s), to the nanosecond, and a few far from it.
    let threshold = date - (commit + 60 * Self.second - latency) - received
    var offsets: [Int64] = [threshold - 1, threshold, threshold + 1, 45 * Self.second, 0, -90 * Self.second]
    for step in -8...8 { offsets.append(threshold + Int64(step) * 250_000_000) }
    var duplicates = 0
    for clientOffset in offsets {
      let options = Self.oneWrite(
        serverOffset: serverOffset, clientOffset: clientOffset, latency: .nanoseconds(UInt64(latency)))
      let metrics = try Self.run(options)
      let wait = max(0, date - (received + clientOffset))
      let retryArrives = received + wait + latency
      let duplicated = retryArrives >= commit + 60 * Self.second
      #expect(metrics.duplicated == (duplicated ? 1 : 0), "so=\(serverOffset) co=\(clientOffset) wait=\(wait)")
      #expect(metrics.applied == (duplicated ? 2 : 1), "so=\(serverOffset) co=\(clientOffset)")
      #expect(
        metrics.makespanTotal == UInt64(received + wait + 2 * latency), "so=\(serverOffset) co=\(clientOffset)")
      if duplicated { duplicates += 1 }
    }
    #expect(duplicates > 0 && duplicates < offsets.count, "the grid crosses the threshold")
  }

  /// The brief's example: synchronised clocks retry at 30 s (replayed);
  /// a client clock 45 s behind the server's waits 75 s (applied again);
  /// one 30 s ahead retries at once.
  @Test func skewTurnsASafeConfigurationIntoADuplicatingOne() throws {
    let synced = try Self.run(Self.oneWrite(serverOffset: 0, clientOffset: 0, latency: .zero))
    #expect(synced.duplicated == 0)
    #expect(synced.makespanTotal == UInt64(30 * Self.second))
    let behind = try Self.run(Self.oneWrite(serverOffset: 0, clientOffset: -45 * Self.second, latency: .zero))
    #expect(behind.duplicated == 1)
    #expect(behind.makespanTotal == UInt64(75 * Self.second))
    let ahead = try Self.run(Self.oneWrite(serverOffset: 0, clientOffset: 30 * Self.second, latency: .zero))
    #expect(ahead.duplicated == 0)
    #expect(ahead.makespanTotal == 0)
    // The same skew with delta-seconds: skew-free.
    var seconds = Self.oneWrite(serverOffset: 0, clientOffset: -45 * Self.second, latency: .zero)
    seconds.server.retryAfterFormat = .seconds
    let delay = try Self.run(seconds)
    #expect(delay.duplicated == 0)
    #expect(delay.makespanTotal == UInt64(30 * Self.second))
    // Only the difference of the clocks matters.
    let bothBehind = try Self.run(
      Self.oneWrite(serverOffset: -45 * Self.second, clientOffset: -45 * Self.second, latency: .zero))
    #expect(bothBehind.duplicated == 0)
    #expect(bothBehind.makespanTotal == UInt64(30 * Self.second))
  }

  // MARK: Closed form: drift

  /// A duration `d` on a clock drifting `ppm` lasts the smallest `x` with
  /// `x · (10⁶ + ppm) ≥ d · 10⁶` true nanoseconds: checked with 128-bit
  /// products, independently of ``ClockOptions/realDuration(_:)``'s
  /// division.
  static func isShortestRealDuration(_ real: UInt64, of duration: UInt64, ppm: Int) -> Bool {
    let rate = UInt64(1_000_000 + ppm)
    let target = UInt64(1_000_000).multipliedFullWidth(by: duration)
    func atLeast(_ x: UInt64) -> Bool {
      let product = rate.multipliedFullWidth(by: x)
      return product.high > target.high || (product.high == target.high && product.low >= target.low)
    }
    return atLeast(real) && (real == 0 || !atLeast(real - 1))
  }

  @Test(
    arguments: [
      (1_000_000_000, 100), (1_000_000_000, -100), (2_000_000_000, 250_000), (3_000_000_000, -500_000),
      (999_999_999, 500_000), (1_000, 1), (86_400_000_000_000, -37),
    ] as [(UInt64, Int)])
  func aTimeoutOnADriftingClientClockFiresAfterTheDocumentedRealDuration(timeout: UInt64, ppm: Int) throws {
    var clock = ClockOptions()
    clock.driftPPM = ppm
    let real = clock.realDuration(.nanoseconds(timeout)).nanoseconds
    #expect(Self.isShortestRealDuration(real, of: timeout, ppm: ppm), "T=\(timeout) ppm=\(ppm): \(real)")
    // In the world: one write whose request is always lost times out after
    // exactly that long (the run's makespan).
    var options = RequestWorldOptions()
    options.client.attempts = 1
    options.client.timeout = .nanoseconds(timeout)
    options.client.clock = clock
    options.network.requestLoss = 1
    let metrics = try Self.run(options)
    #expect(metrics.makespanTotal == real)
    #expect(metrics.uncertain == 1)
  }

  @Test func knownDriftValues() {
    var fast = ClockOptions()
    fast.driftPPM = 100
    // ⌈10¹⁵ / 1,000,100⌉ = ⌈999,900,009.999…⌉.
    #expect(fast.realDuration(.seconds(1)).nanoseconds == 999_900_010)
    var slow = ClockOptions()
    slow.driftPPM = -500_000
    #expect(slow.realDuration(.seconds(1)).nanoseconds == 2_000_000_000)
    #expect(ClockOptions().realDuration(.seconds(7)) == .seconds(7))
    // Readings: offset + t + ⌊t · ppm / 10⁶⌋.
    #expect(fast.reading(at: VirtualTime(nanoseconds: 10_000_000_000), offset: 0) == 10_001_000_000)
    var lossy = ClockOptions()
    lossy.driftPPM = -1
    #expect(lossy.reading(at: VirtualTime(nanoseconds: 1), offset: -5) == -5)
  }

  /// The key lifetime runs on the server's clock: a slow server clock
  /// keeps a key longer in true time, a fast one forgets it sooner.
  @Test func serverDriftStretchesOrShrinksTheKeyLifetime() throws {
    var options = Self.oneWrite(serverOffset: 0, clientOffset: 0, latency: .zero)
    options.server.retryAfterFormat = .seconds
    options.server.failureRetryAfter = .seconds(62)
    #expect(try Self.run(options).duplicated == 1)
    options.server.clock.driftPPM = -100_000  // 60 s on it is 66.67 s
    #expect(try Self.run(options).duplicated == 0)
    options.server.failureRetryAfter = .seconds(55)
    options.server.clock.driftPPM = 0
    #expect(try Self.run(options).duplicated == 0)
    options.server.clock.driftPPM = 100_000  // 60 s on it is 54.55 s
    #expect(try Self.run(options).duplicated == 1)
    let trace = try RequestWorld.runOnce(options, seed: 0, tracing: true).trace.map(\.description)
    #expect(trace.contains { $0.contains("key expired: apply again (60s on the server clock lasts 54.545s)") })
    // The client's wait is on its clock too: 10% fast, 55 s lasts 50 s.
    options.client.clock.driftPPM = 100_000
    let clientTrace = try RequestWorld.runOnce(options, seed: 0, tracing: true).trace.map(\.description)
    #expect(clientTrace.contains { $0.contains("55s on the client clock lasts 50s") }, "\(clientTrace)")
    // An offset alone does not move the expiry (stored and checked on the same clock).
    options.server.clock = ClockOptions(offset: -3_600 * Self.second)
    #expect(try Self.run(options).duplicated == 0)
  }

  // MARK: Faults: the skew is visible to coverage and the shrinker

  @Test func theSkewIsAFaultOnlyWhereItChangedTheWait() throws {
    let skewed = Self.oneWrite(serverOffset: 0, clientOffset: -45 * Self.second, latency: .zero)
    let run = try RequestWorld.runOnce(skewed, seed: 0, strategy: .fifo, tracing: true)
    // Both 503s carry a date the skewed clock reads 45 s early.
    #expect(run.summary.faults.count(of: RequestDraw.skewedRetryAfter.purpose) == 2)
    let trace = run.trace.map(\.description).joined(separator: "\n")
    #expect(
      trace.contains(
        "Retry-After: Tue, 01 Dec 2026 00:00:30 GMT (client clock says 23:59:15, server clock 00:00:00: wait 75s)"),
      "\(trace)")
    let agreeing = try RequestWorld.runOnce(
      Self.oneWrite(serverOffset: 7 * Self.second, clientOffset: 7 * Self.second, latency: .zero), seed: 0,
      strategy: .fifo, tracing: false)
    #expect(agreeing.summary.faults.count(of: RequestDraw.skewedRetryAfter.purpose) == 0)
  }

  @Test func theShrinkerFindsTheSkewBehindTheDuplicate() throws {
    let scenario = try Scenario.shipped(
      "clock-skew-retry-after", overrides: [try ScenarioOverride(parsing: "workload.operations=200")])
    let report = try ScenarioProperty<RequestWorld>("no order is recorded twice") { run in
      run.metrics.duplicated == 0
    }.check(scenario, seeds: 0..<20)
    let failure = try #require(report.failure)
    let faults = failure.counterexample.faults
    #expect(faults.count == 2, "\(report)")
    #expect(faults.contains { $0.contains("by its own, skewed clock") }, "\(report)")
    #expect(faults.contains { $0.contains("then fails") }, "\(report)")
  }

  // MARK: Property: the preventions hold, and the skew fired

  static func small(_ overrides: [String]) throws -> Scenario {
    try Scenario.shipped(
      "clock-skew-retry-after",
      overrides: try
        ([
          "workload.operations=20", "network.responseLoss=0.1", "client.clock.preset=uniform",
          "client.clock.spread=60s",
        ] + overrides).map {
          try ScenarioOverride(parsing: $0)
        })
  }

  /// A key lifetime above the delay plus the worst skew (30 s + 60 s, and
  /// the retries after lost responses): no duplicate for 3,000 seeds of 20
  /// devices each with its own clock, while the skew changed waits.
  @Test func aKeyLifetimeAboveDelayPlusWorstSkewPreventsTheDuplicates() throws {
    let report = try ScenarioProperty<RequestWorld>("no order is recorded twice") { run in
      run.metrics.duplicated == 0
    }.check(
      try Self.small(["server.keyTTL=120s"]), seeds: 0..<3_000,
      requiring: [.skewedRetryAfter, .failureAfterCommit, .responseLoss])
    #expect(report.holds, "\(report)")
  }

  /// Delta-seconds are skew-free: no duplicate for 3,000 seeds, and the
  /// same seeds with HTTP dates do duplicate (the pass is not vacuous).
  @Test func deltaSecondsPreventTheDuplicates() throws {
    let report = try ScenarioProperty<RequestWorld>("no order is recorded twice") { run in
      run.metrics.duplicated == 0
    }.check(
      try Self.small(["server.retryAfterFormat=seconds"]), seeds: 0..<3_000,
      requiring: [.failureAfterCommit, .responseLoss])
    #expect(report.holds, "\(report)")
    let dated = try Self.small([])
    let options = try #require(RequestWorld.options(of: dated.world))
    let metrics = try RequestWorld.measure(options, seeds: SeedRange(0, 3_000))
    #expect(metrics.duplicated > 0)
  }

  /// The shipped scenario's duplicate rate: the share of writes that fail
  /// after the commit (p) times the share of devices whose clock is more
  /// than the delay behind (spread ±60 s, delay 30 s: 30/120), with
  /// simultaneous starts and no latency so that the date has no fraction.
  @Test func theDuplicateRateMatchesTheSpreadClosedForm() throws {
    let scenario = try Scenario.shipped(
      "clock-skew-retry-after",
      overrides: try [
        "client.clock.preset=uniform", "client.clock.spread=60s", "workload.operations=20000",
        "workload.arrival={\"distribution\":\"simultaneous\"}",
        "network.latency=0s", "network.responseLoss=0",
      ].map { try ScenarioOverride(parsing: $0) })
    let options = try #require(RequestWorld.options(of: scenario.world))
    let metrics = try RequestWorld.measure(options, seeds: SeedRange(0, 5))
    // Wait = 30 s − offset ≥ 60 s ⇔ offset ≤ −30 s: 30·10⁹ + 1 of the
    // 120·10⁹ + 1 equally likely offsets.
    let expected = 0.2 * (30e9 + 1) / (120e9 + 1)
    let (rate, interval) = metrics.duplicateRate
    #expect(interval.contains(expected), "expected \(expected), measured \(rate) in \(interval)")
  }

  /// The shipped scenario as it ships (latency, response loss, spread
  /// arrivals): a write is recorded twice when it failed after its commit
  /// and its 503 arrived (0.2 · (1 − 0.02) = 0.196) and its phone is more
  /// than x = 30 s + f − L behind, where f is the fraction of a second the
  /// date lost (uniform, mean 0.5 s) and L the retry's latency (uniform
  /// 20–80 ms, mean 0.05 s). With the offset uniform in ±S the share is
  /// (S − x)/2S, linear in x, so the rate is 0.196 · (S − 30.45)/2S: 0.0483
  /// at 60 s, 0.0731 at 120 s. Over 100 seeds of 2,000 writes, within 4
  /// binomial standard errors.
  @Test(arguments: [60, 120] as [Int])
  func theShippedDuplicateRateFollowsTheLatencyAwareClosedForm(spread: Int) throws {
    let scenario = try Scenario.shipped(
      "clock-skew-retry-after",
      overrides: try ["client.clock.preset=uniform", "client.clock.spread=\(spread)s"].map {
        try ScenarioOverride(parsing: $0)
      })
    let options = try #require(RequestWorld.options(of: scenario.world))
    let metrics = try RequestWorld.measure(options, seeds: SeedRange(0, 100))
    let s = Double(spread)
    let expected = 0.196 * (s - 30.45) / (2 * s)
    let writes = Double(metrics.operations)
    let measured = Double(metrics.duplicated) / writes
    let error = (expected * (1 - expected) / writes).squareRoot()
    #expect(abs(measured - expected) <= 4 * error, "expected \(expected) ± \(4 * error), measured \(measured)")
  }

  // MARK: Options

  @Test func aClockIsAheadOrBehindNotBoth() throws {
    let text = """
      {"description": "test", "world": "request", "client": {"clock": {"ahead": "1s", "behind": "2s"}}}
      """
    #expect(throws: ScenarioError.self) { try Scenario.parse(json: text, file: "both.json") }
    let drift = """
      {"description": "test", "world": "request", "client": {"clock": {"driftPPM": 600000}}}
      """
    #expect(throws: ScenarioError.self) { try Scenario.parse(json: drift, file: "drift.json") }
  }

  /// The device's clock applies to user code: a `Retry-After` date is a
  /// wait by the device's clock reading, so a phone 45 s behind the server
  /// waits 45 s longer than the header's 30 s.
  @Test func theDevicesClockAppliesToUserCode() throws {
    let text = """
      {"description": "test", "world": "request",
       "workload": {"kind": "keyed-write", "operations": 1},
       "client": {"clock": {"behind": "45s"}},
       "server": {"failureAfterCommit": 1, "failureStatus": 503, "failureRetryAfter": "30s",
                  "retryAfterFormat": "http-date"}}
      """
    let scenario = try Scenario.parse(json: text, file: "user.json")
    let world = try scenario.requestWorld { client in
      let response = try? await client.transport.send(
        TransportRequest(method: "POST", path: "/orders", headers: ["Idempotency-Key": "k"], text: "order=1"))
      guard let wait = response?.retryAfter else { return .failed }
      return wait >= .seconds(75) && wait <= .seconds(76) ? .succeeded : .failed
    }
    #expect(!world.warnings.contains { $0.check == "user-code-client" })
    #expect(try world.measure(seeds: 0..<1).succeeded == 1)
  }

  /// The server's side applies to user code: with `http-date` the header
  /// is the IMF-fixdate on the server's clock (here 10 s ahead).
  @Test func userCodeReceivesTheServersDate() throws {
    let text = """
      {"description": "test", "world": "request",
       "workload": {"kind": "keyed-write"},
       "server": {"failureAfterCommit": 1, "failureStatus": 503, "failureRetryAfter": "30s",
                  "retryAfterFormat": "http-date", "clock": {"ahead": "10s"}}}
      """
    let scenario = try Scenario.parse(json: text, file: "user.json")
    let world = try scenario.requestWorld { client in
      let response = try? await client.transport.send(
        TransportRequest(method: "POST", path: "/orders", headers: ["Idempotency-Key": "k"], text: "order=1"))
      let expected = "Tue, 01 Dec 2026 00:00:40 GMT"
      return response?.status == 503 && response?.headers["Retry-After"] == expected ? .succeeded : .failed
    }
    #expect(try world.measure(seeds: 0..<1).succeeded == 1)
  }
}
