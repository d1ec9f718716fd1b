import Testing

@testable import FaultSim

/// Issue 13, apps killed mid-request: the client's app is killed after a
/// write left the device, and its outbox resends at the relaunch.
@Suite struct OutboxTests {
  /// Round trip r = 50 ms up + 100 ms processing + 50 ms down, no loss, no
  /// server faults, timeout T = 1 s: every write lands at 150 ms, answered
  /// at 200 ms, and a kill drawn with probability p at a uniform moment of
  /// [0, T) finds it in flight with probability p·r/T.
  static func lifecycle(
    _ outbox: AppOptions.Outbox, kind: RequestKind = .keyedWrite, termination: Double = 0.3, orders: Int = 4_000
  ) -> RequestWorldOptions {
    var options = RequestWorldOptions()
    options.workload.operations = orders
    options.workload.kind = kind
    options.workload.arrival = .uniform(over: .seconds(20))
    options.network.latency = .fixed(.milliseconds(50))
    options.server.processing = .fixed(.milliseconds(100))
    options.server.keys = .honour
    options.client.timeout = .seconds(1)
    options.client.attempts = 3
    options.client.app.termination = termination
    options.client.app.relaunchAfter = .uniform(min: .seconds(30), max: .seconds(90))
    options.client.app.outbox = outbox
    return options
  }

  static func measure(_ options: RequestWorldOptions, seeds: Range<UInt64> = 0..<10) throws -> RequestMetrics {
    try RequestWorld.measure(options, seeds: SeedRange(seeds.lowerBound, seeds.upperBound))
  }

  /// The share of attempts a kill finds in flight: p·r/T.
  static func killedInFlight(termination p: Double) -> Double { p * 0.2 }

  /// Closed form: the first write always lands (the kill does not stop a
  /// request that left the device). Each relaunch resends once, and that
  /// resend is itself killed in flight with probability q = p·r/T, so the
  /// kills K of an operation are geometric: P(K ≥ k) = q^k. With a new key
  /// every resend is applied: duplicated ⇔ K ≥ 1, P = q, mean applied
  /// 1 + E[K] = 1/(1 − q) (≈ 1 + q for small q). With the stored key the
  /// server replays: applied exactly once.
  @Test(arguments: [(0.3, RequestKind.keyedWrite), (0.6, .keyedWrite), (0.3, .keylessWrite)])
  func aNewKeyDuplicatesEveryWriteKilledInFlight(termination: Double, kind: RequestKind) throws {
    let metrics = try Self.measure(Self.lifecycle(.resendWithNewKey, kind: kind, termination: termination))
    let q = Self.killedInFlight(termination: termination)
    let (rate, interval) = metrics.duplicateRate
    #expect(interval.contains(q), "p=\(termination) \(kind): expected \(q), measured \(rate) in \(interval)")
    let operations = Double(metrics.operations)
    let meanApplied = Double(metrics.applied) / operations
    let expectedMean = 1 / (1 - q)
    // E[K] and Var[K] = q/(1 − q)² of a geometric count; four standard errors.
    let tolerance = 4 * (q / ((1 - q) * (1 - q)) / operations).squareRoot()
    #expect(abs(meanApplied - expectedMean) < tolerance, "mean applied \(meanApplied), expected \(expectedMean)")
    // Every kill was followed by exactly one resend; the fault tally is the kills in flight.
    #expect(metrics.outboxResends == metrics.applied - metrics.operations)
    #expect(metrics.lost == 0 && metrics.uncertain == 0 && metrics.succeeded == metrics.operations)
  }

  @Test func theStoredKeyAppliesEachWriteOnce() throws {
    let metrics = try Self.measure(Self.lifecycle(.resendWithStoredKey))
    #expect(metrics.duplicated == 0)
    #expect(metrics.applied == metrics.operations)
    let resent = Double(metrics.outboxResends) / Double(metrics.operations)
    let q = Self.killedInFlight(termination: 0.3)
    // Resends per operation: E[K] = q/(1 − q).
    #expect(abs(resent - q / (1 - q)) < 4 * (q / ((1 - q) * (1 - q)) / Double(metrics.operations)).squareRoot())
  }

  /// Without an outbox a killed write is abandoned: it landed (applied once)
  /// but the user cannot know: uncertain, with probability q.
  @Test func withoutAnOutboxAKilledWriteIsUncertain() throws {
    let metrics = try Self.measure(Self.lifecycle(.none))
    let q = Self.killedInFlight(termination: 0.3)
    let (rate, interval) = metrics.uncertainRate
    #expect(interval.contains(q), "expected \(q), measured \(rate) in \(interval)")
    #expect(metrics.duplicated == 0 && metrics.lost == 0 && metrics.outboxResends == 0)
    #expect(metrics.applied == metrics.operations)
  }

  /// An outbox that marks a row sent on any answer forgets a write whose
  /// first attempt got a 500 before commit and whose retry was then killed:
  /// nothing resends it, and it may be lost.
  @Test func markingSentOnAnyAnswerLosesWrites() throws {
    var options = Self.lifecycle(.resendWithStoredKey, termination: 0.5)
    options.server.failureBeforeCommit = 0.5
    let on2xx = try Self.measure(options, seeds: 0..<3)
    options.client.app.marksSent = .onAnyResponse
    let onAny = try Self.measure(options, seeds: 0..<3)
    #expect(onAny.outboxResends < on2xx.outboxResends)
    #expect(onAny.lost > on2xx.lost)
    #expect(on2xx.duplicated == 0 && onAny.duplicated == 0)
  }

  /// With the app never killed, the section changes nothing: the run is
  /// the same as without it.
  @Test func withoutKillsTheRunIsUnchanged() throws {
    var options = Self.lifecycle(.resendWithNewKey, termination: 0)
    options.network.responseLoss = 0.2
    var plain = options
    plain.client.app = AppOptions()
    let a = try RequestWorld.runOnce(options, seed: 4, tracing: true)
    let b = try RequestWorld.runOnce(plain, seed: 4, tracing: true)
    #expect(TraceFormat.text.render(a.trace) == TraceFormat.text.render(b.trace))
    #expect(a.metrics == b.metrics)
  }

  /// The prevention holds over thousands of seeds of the shipped scenario,
  /// and the kills it is about happened (a pass is not a false pass).
  @Test func theShippedScenarioNeverDuplicatesWithTheStoredKey() throws {
    let scenario = try Scenario.shipped(
      "outbox-new-key",
      overrides: ["workload.operations=20", "client.app.outbox=resend-with-stored-key"].map {
        try ScenarioOverride(parsing: $0)
      })
    let report = try ScenarioProperty<RequestWorld>("no order is recorded twice") { run in
      run.metrics.duplicated == 0
    }.check(scenario, seeds: 0..<3_000, requiring: [.appTermination])
    #expect(report.holds, "\(report)")
  }

  /// With a new key the same property fails, and the shrinker brings the
  /// counterexample down to the one kill that causes it.
  @Test func theShippedScenarioDuplicatesWithANewKeyAndShrinksToOneKill() throws {
    let scenario = try Scenario.shipped(
      "outbox-new-key", overrides: [try ScenarioOverride(parsing: "workload.operations=200")])
    let report = try ScenarioProperty<RequestWorld>("no order is recorded twice") { run in
      run.metrics.duplicated == 0
    }.check(scenario, seeds: 0..<20)
    let failure = try #require(report.failure)
    #expect(failure.counterexample.faults.count == 1, "\(report)")
    #expect(failure.counterexample.faults.first?.contains("the app is killed while message") == true, "\(report)")
    let timeline = failure.counterexample.timeline.map(\.event).joined(separator: "\n")
    #expect(timeline.contains("app killed (write attempt 1 in flight)"), "\(timeline)")
    #expect(timeline.contains("relaunch: outbox resends with a new key"), "\(timeline)")
  }

  /// Kills are keyed by message: the same seed kills the same attempts
  /// whatever the outbox does with them.
  @Test func killsAreKeyedByTheMessage() throws {
    let none = try RequestWorld.runOnce(Self.lifecycle(.none, orders: 300), seed: 2, tracing: true)
    let stored = try RequestWorld.runOnce(Self.lifecycle(.resendWithStoredKey, orders: 300), seed: 2, tracing: true)
    func killed(_ entries: [TraceEntry]) -> [String] {
      entries.filter { $0.event.hasPrefix("app killed") && $0.details == "seq=1" }.map(\.actor)
    }
    #expect(!killed(none.trace).isEmpty)
    #expect(killed(none.trace) == killed(stored.trace))
  }

  /// A kill within the race window of the answer to the write it was
  /// sending races it: the answer first, the order is recorded once; the
  /// kill first, the outbox's resend with a new key records it twice.
  @Test func aKillRacesTheAnswer() throws {
    var options = Self.lifecycle(.resendWithNewKey, termination: 0.5, orders: 1)
    options.workload.arrival = .simultaneous(at: .zero)
    options.client.app.relaunchAfter = .fixed(.seconds(5))
    options.races.window = .milliseconds(150)
    let seed = try #require(
      (0..<200 as Range<UInt64>).first { seed in
        let run = try? RequestWorld.runOnce(options, seed: seed)
        return run?.summary.choices.contains { $0.label == "app-kill-vs-response" } == true
      })
    let exploration = try InterleavingExplorer.explore(limit: 100) { strategy in
      let result = try RequestWorld.runOnce(options, seed: seed, strategy: strategy)
      return (result.summary, [result.metrics.applied])
    }
    #expect(exploration.isComplete)
    #expect(exploration.isOrderSensitive)
    let outcomes = Set(exploration.interleavings.map(\.outcome))
    #expect(outcomes.contains([1]) && outcomes.contains([2]), "\(outcomes)")
  }

  @Test func badValuesAreClearErrors() throws {
    let base = #"{"description": "orders", "world": "request"}"#
    for (override, words) in [
      ("client.app.outbox=resend", "resend-with-stored-key"), ("client.app.termination=1.5", "termination"),
      ("client.app.marksSent=always", "on-2xx"),
    ] {
      #expect {
        try Scenario.parse(json: base, file: "x.json", overrides: [try ScenarioOverride(parsing: override)])
      } throws: { error in
        "\(error)".contains(words)
      }
    }
  }

  /// A client policy of your own runs under the built-in client's
  /// mechanics, so the app's kills and outbox apply to it: after a
  /// relaunch with a new key, the stable key it asks for is sent fresh.
  @Test func aPolicyOfYourOwnIsKilledAndResentToo() throws {
    func measure(_ outbox: String) throws -> RequestMetrics {
      let scenario = try Scenario.shipped(
        "outbox-new-key",
        overrides: [
          "workload.operations=2000", "network.requestLoss=0", "network.responseLoss=0", "client.app.outbox=\(outbox)",
        ].map { try ScenarioOverride(parsing: $0) })
      return try scenario.requestWorld(client: UserNaiveRetry(key: .stable)).measure(seeds: 0..<3)
    }
    let newKey = try measure("resend-with-new-key")
    let storedKey = try measure("resend-with-stored-key")
    #expect(newKey.outboxResends > 0 && newKey.duplicated > 0)
    #expect(storedKey.outboxResends == newKey.outboxResends && storedKey.duplicated == 0)
  }

  /// Your async code is the app's outbox: the built-in outbox's options
  /// cannot apply to it, and the scenario says so instead of ignoring them;
  /// the app's kills do apply.
  @Test func userCodeIsToldTheOutboxIsItsOwn() throws {
    let world = try Scenario.shipped("outbox-new-key").requestWorld { _ in .succeeded }
    let warning = try #require(world.warnings.first { $0.check == "user-code-outbox" })
    #expect("\(warning)".contains("your code is the app's outbox"))
    #expect(warning.keyPath.description == "client.app")
    let killedOnly = try Scenario.shipped(
      "outbox-new-key", overrides: [try ScenarioOverride(parsing: "client.app.outbox=none")]
    ).requestWorld { _ in .succeeded }
    #expect(!killedOnly.warnings.contains { $0.check == "user-code-outbox" })
  }
}
