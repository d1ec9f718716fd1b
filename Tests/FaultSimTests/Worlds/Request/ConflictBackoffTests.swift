import Foundation
import Testing

@testable import FaultSim

/// Conditional writes after a 412: the wait per `client.backoff` before the
/// re-read, `client.conflictRetry`, unlimited conflicts, and the AWS
/// optimistic-concurrency experiment.
@Suite struct ConflictBackoffTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("scenarios")

  /// The request-world options of a shipped scenario, with overrides.
  static func shipped(_ name: String, _ overrides: [String] = []) throws -> RequestWorldOptions {
    let scenario = try Scenario.load(
      path: folder.appendingPathComponent(name).path, overrides: overrides.map { try ScenarioOverride(parsing: $0) })
    guard let options = RequestWorld.options(of: scenario.world) else { throw ScenarioKindMismatch(name: name) }
    return options
  }

  struct ScenarioKindMismatch: Error { let name: String }

  /// What a contention run measures: write calls and the time all were done.
  struct Outcome: Hashable, CustomStringConvertible {
    var writeCalls: UInt64
    var makespan: UInt64
    var description: String { "\(writeCalls) write calls, all done at \(VirtualDuration(nanoseconds: makespan))" }
  }

  static func outcome(_ options: RequestWorldOptions, seeds: Range<UInt64>) throws -> Outcome {
    let metrics = try RequestWorld.measure(options, seeds: SeedRange(seeds.lowerBound, seeds.upperBound))
    return Outcome(writeCalls: metrics.writeCalls, makespan: metrics.makespanTotal)
  }

  // MARK: - The backoff block applies after a 412

  /// Before the fix every growth and jitter gave the same rows: the client
  /// re-read at once after a 412 and never looked at `client.backoff`.
  @Test func theBackoffBlockShapesAContendedRunAfterA412() throws {
    var outcomes: [String: Outcome] = [:]
    for jitter in ["none", "full", "equal", "decorrelated"] {
      let options = try Self.shipped(
        "conditional-write-contention.json", ["client.backoff.jitter=\(jitter)", "workload.operations=20"])
      outcomes[jitter] = try Self.outcome(options, seeds: 0..<5)
    }
    let growthNone = try Self.shipped(
      "conditional-write-contention.json", ["client.backoff.growth=none", "workload.operations=20"])
    outcomes["growth none"] = try Self.outcome(growthNone, seeds: 0..<5)
    #expect(Set(outcomes.values).count == outcomes.count, "\(outcomes.sorted { $0.key < $1.key })")
  }

  /// A client record still fits one cache line with the wider counters.
  @Test func aClientRecordIsOneCacheLine() {
    #expect(MemoryLayout<ClientRecord<RetryState>>.stride <= 64)
  }

  // MARK: - "immediate" is the old behaviour

  /// The timeline of six clients, seed 3, recorded before the fix: with
  /// `conflictRetry: immediate` it is the same line for line.
  @Test func anImmediateRereadHasTheTimelineOfBeforeTheFix() throws {
    let url = try #require(
      Bundle.module.url(
        forResource: "immediate-reread-seed3-6-operations", withExtension: "txt", subdirectory: "Fixtures/conflicts"))
    let recorded = try String(contentsOf: url, encoding: .utf8)
    let options = try Self.shipped(
      "conditional-write-contention.json", ["workload.operations=6", "client.conflictRetry=immediate"])
    let run = try RequestWorld.runOnce(options, seed: 3, tracing: true)
    #expect(TraceFormat.text.render(run.trace) == recorded)
  }

  /// With no backoff (`growth: none`) waiting is re-reading at once: the
  /// same runs as `immediate`, whatever the jitter.
  @Test func aZeroWaitIsAnImmediateReread() throws {
    let immediate = try Self.shipped(
      "conditional-write-contention.json", ["workload.operations=30", "client.conflictRetry=immediate"])
    let zero = try Self.shipped(
      "conditional-write-contention.json", ["workload.operations=30", "client.backoff.growth=none"])
    for seed: UInt64 in 0..<3 {
      let a = try RequestWorld.runOnce(immediate, seed: seed, tracing: true)
      let b = try RequestWorld.runOnce(zero, seed: seed, tracing: true)
      #expect(a.trace == b.trace, "seed \(seed)")
      #expect(a.metrics == b.metrics, "seed \(seed)")
    }
  }

  // MARK: - Independent checks of the waits

  /// k clients with a fixed one-way latency L and no jitter move in lock
  /// step: in each round every remaining client reads the same version and
  /// writes at the same instant, one wins, the rest get 412 and all wait the
  /// same time. Round r takes 4L (read and write round trips) and is
  /// followed, if clients remain, by the wait after their r-th conflict,
  /// min(cap, base·2^(r−1)). So
  ///
  ///   write calls = k + (k−1) + … + 1 = k(k+1)/2,
  ///   all done at 4kL + Σ_{r=1}^{k−1} min(cap, base·2^(r−1)).
  ///
  /// Exponential backoff without jitter does not reduce the calls of
  /// synchronised clients at all: the point of the AWS post. With
  /// `firstRetry` 1 the r-th wait is min(cap, base·2^r) instead.
  @Test func lockStepClientsWithoutJitterFollowTheClosedForm() throws {
    let latency: UInt64 = 10_000_000
    let base: UInt64 = 5_000_000
    let cap: UInt64 = 60_000_000
    for k in 1...12 {
      var options = RequestWorldOptions()
      options.workload.operations = k
      options.workload.kind = .idempotentWrite
      options.workload.contention = .init(resources: 1)
      options.network.latency = .fixed(.nanoseconds(latency))
      options.client.timeout = .nanoseconds(10_000_000_000)
      options.client.conflictLimit = .unlimited
      options.client.backoff = Backoff(
        growth: .exponential, jitter: .none, base: .nanoseconds(base), cap: .nanoseconds(cap))
      let waits = (1..<max(k, 1)).reduce(UInt64(0)) { $0 + min(cap, base << UInt64($1 - 1)) }
      let run = try RequestWorld.runOnce(options, seed: 7)
      #expect(run.metrics.writeCalls == UInt64(k * (k + 1) / 2), "k = \(k)")
      #expect(run.metrics.makespanTotal == 4 * UInt64(k) * latency + waits, "k = \(k)")
      #expect(run.metrics.applied == UInt64(k) && run.metrics.succeeded == UInt64(k))
      // Numbered from 1 (the AWS simulator's way) the r-th wait is min(cap, base·2^r).
      options.client.backoff.firstRetry = 1
      let fromOne = try RequestWorld.runOnce(options, seed: 7)
      let doubled = (1..<max(k, 1)).reduce(UInt64(0)) { $0 + min(cap, base << UInt64($1)) }
      #expect(fromOne.metrics.makespanTotal == 4 * UInt64(k) * latency + doubled, "k = \(k)")
      options.client.conflictRetry = .immediate
      let immediate = try RequestWorld.runOnce(options, seed: 7)
      #expect(immediate.metrics.writeCalls == UInt64(k * (k + 1) / 2))
      #expect(immediate.metrics.makespanTotal == 4 * UInt64(k) * latency, "k = \(k)")
    }
  }

  /// Each client's waits between a 412 and its next read, from the
  /// timeline (the time of the "failure conflict-412" line to the next
  /// "read attempt"), by client.
  static func conflictWaits(_ trace: [TraceEntry]) -> [String: [UInt64]] {
    var waits: [String: [UInt64]] = [:]
    var conflictAt: [String: UInt64] = [:]
    for entry in trace where entry.actor.hasPrefix("client#") {
      if entry.event == "failure conflict-412" {
        conflictAt[entry.actor] = entry.time.nanoseconds
      } else if entry.event.hasPrefix("read attempt"), let at = conflictAt.removeValue(forKey: entry.actor) {
        waits[entry.actor, default: []].append(entry.time.nanoseconds - at)
      }
    }
    return waits
  }

  /// The n-th wait of every client obeys its strategy's formula for retry
  /// n − 1, and decorrelated jitter chains from the previous wait
  /// (starting at base): the retry counter and the previous delay are
  /// defined for conflicts.
  @Test func theNthWaitAfterAConflictFollowsTheFormulaForRetryNMinusOne() throws {
    let base: UInt64 = 5_000_000
    let cap: UInt64 = 200_000_000
    for jitter in Backoff.Jitter.allCases {
      var options = try Self.shipped("aws-backoff-occ.json", ["workload.operations=30"])
      options.client.backoff = Backoff(
        growth: .exponential, jitter: jitter, base: .nanoseconds(base), cap: .nanoseconds(cap))
      let run = try RequestWorld.runOnce(options, seed: 11, tracing: true)
      let waits = Self.conflictWaits(run.trace)
      #expect(waits.values.map(\.count).reduce(0, +) == Int(run.metrics.writeCalls) - 30, "\(jitter): one per 412")
      #expect(waits.values.contains { $0.count >= 6 }, "\(jitter): some client reaches the cap")
      if jitter == .decorrelated {
        #expect(waits.values.joined().contains { $0 > 3 * base }, "the chain grows from the previous wait")
      }
      for (client, sequence) in waits {
        var previous = base
        for (index, wait) in sequence.enumerated() {
          let ceiling = min(cap, base << UInt64(min(index, 40)))
          let allowed: ClosedRange<UInt64> =
            switch jitter {
            case .none: ceiling...ceiling
            case .full: 0...ceiling
            case .equal: (ceiling - ceiling / 2)...ceiling
            case .decorrelated: base...min(cap, max(base, 3 * previous))
            }
          #expect(allowed.contains(wait), "\(jitter) \(client) wait \(index + 1): \(wait) not in \(allowed)")
          previous = wait
        }
      }
    }
  }

  /// The wait after an operation's n-th conflict is the keyed draw of
  /// (operation, conflict backoff, n): another latency distribution changes
  /// who conflicts when, yet every client's n-th wait is the same value.
  @Test func theWaitAfterTheNthConflictIsKeyedByOperationAndN() throws {
    let options = try Self.shipped("aws-backoff-occ.json", ["workload.operations=25"])
    var other = options
    other.network.latency = .uniform(min: .nanoseconds(1_000_000), max: .nanoseconds(30_000_000))
    let a = Self.conflictWaits(try RequestWorld.runOnce(options, seed: 5, tracing: true).trace)
    let b = Self.conflictWaits(try RequestWorld.runOnce(other, seed: 5, tracing: true).trace)
    #expect(a != b, "the interleaving differs")
    var compared = 0
    for (client, waits) in a {
      let others = b[client] ?? []
      for (x, y) in zip(waits, others) {
        #expect(x == y, "\(client)")
        compared += 1
      }
    }
    #expect(compared > 50)
  }

  // MARK: - Unlimited conflicts

  /// Unlimited conflicts end with every write applied exactly once, for
  /// every strategy; a limit that some clients exceed makes them give up,
  /// and a limit no client reaches changes nothing.
  @Test func unlimitedConflictsEndWithEveryWriteLandingOnce() throws {
    for strategy in [
      Backoff.immediate,
      Backoff(growth: .exponential, jitter: .none, base: .nanoseconds(5_000_000), cap: .nanoseconds(2_000_000_000)),
      Backoff(growth: .exponential, jitter: .full, base: .nanoseconds(5_000_000), cap: .nanoseconds(2_000_000_000)),
      Backoff(
        growth: .exponential, jitter: .decorrelated, base: .nanoseconds(5_000_000), cap: .nanoseconds(2_000_000_000)),
    ] {
      var options = try Self.shipped("aws-backoff-occ.json", ["workload.operations=120"])
      options.client.backoff = strategy
      #expect(options.client.conflictLimit == .unlimited)
      let run = try RequestWorld.runOnce(options, seed: 2)
      #expect(run.metrics.succeeded == 120, "\(strategy)")
      #expect(run.metrics.applied == 120, "\(strategy)")
      #expect(run.finalState.entities.allSatisfy { $0.applied == 1 && $0.outcome == "succeeded" }, "\(strategy)")
      #expect(run.metrics.serverRequests == 2 * run.metrics.writeCalls, "a read before every write, no timeouts")
      options.client.conflictLimit = .atMost(10_000)
      #expect(try RequestWorld.runOnce(options, seed: 2).metrics == run.metrics, "\(strategy)")
      options.client.conflictLimit = .atMost(3)
      let limited = try RequestWorld.runOnce(options, seed: 2)
      #expect(limited.metrics.failed > 0 && limited.metrics.applied == limited.metrics.succeeded, "\(strategy)")
    }
  }

  // MARK: - Reading the options

  @Test func conflictOptionsAreReadWithClearErrors() throws {
    func client(_ json: String) -> String {
      do {
        let scenario = try Scenario.parse(
          bytes: Array(#"{"description": "d", "client": \#(json)}"#.utf8), file: "x.json")
        guard let options = RequestWorld.options(of: scenario.world) else { return "not a request world" }
        return "\(options.client.conflictRetry.rawValue) \(options.client.conflictLimit)"
      } catch {
        return error.description
      }
    }
    #expect(client("{}") == "after-backoff 100")
    #expect(client(#"{"conflictLimit": "unlimited", "conflictRetry": "immediate"}"#) == "immediate unlimited")
    #expect(client(#"{"conflictLimit": 0}"#) == "after-backoff 0")
    #expect(
      client(#"{"conflictLimit": "unlimted"}"#)
        == #"x.json:1:50: client.conflictLimit: "unlimted" is not allowed; expected an integer (0...10000) or "unlimited"; did you mean "unlimited"?"#
    )
    #expect(
      client(#"{"conflictLimit": true}"#)
        == #"x.json:1:50: client.conflictLimit: expected an integer (0...10000) or "unlimited", got true"#)
    #expect(
      client(#"{"conflictLimit": 10001}"#).hasSuffix("client.conflictLimit: 10001 is out of range; allowed 0...10000"))
    #expect(
      client(#"{"backoff": {"growth": "exponential", "base": "5ms", "cap": "1s", "firstRetry": 63}}"#)
        .hasSuffix("client.backoff.firstRetry: 63 is out of range; allowed 0...62"))
    #expect(
      client(#"{"conflictRetry": "backoff"}"#).hasSuffix(
        #"client.conflictRetry: "backoff" is not one of the allowed values: after-backoff, immediate"#
      ))
  }

  // MARK: - The AWS experiment

  /// The five strategies of the AWS post, as overrides of the shipped
  /// scenario (which itself uses exponential growth with full jitter).
  static let awsStrategies: [(name: String, overrides: [String])] = [
    ("no backoff", ["client.backoff.growth=none"]),
    ("exponential", ["client.backoff.jitter=none"]),
    ("full jitter", ["client.backoff.jitter=full"]),
    ("equal jitter", ["client.backoff.jitter=equal"]),
    ("decorrelated jitter", ["client.backoff.jitter=decorrelated"]),
  ]

  /// At 50 clients the published simulator (1000 trials per strategy, see
  /// docs/aws-backoff-comparison.md) orders the strategies by write calls
  /// no backoff > exponential > decorrelated > equal > full, and by time
  /// until all are done no backoff < decorrelated < full < equal <
  /// exponential, every neighbour apart by more than 5 standard errors.
  /// The shipped scenario over 40 seeds gives the same orders.
  @Test func theShippedAWSScenarioOrdersTheStrategiesAsThePublishedSimulator() throws {
    var calls: [String: Double] = [:]
    var time: [String: Double] = [:]
    for (name, overrides) in Self.awsStrategies {
      let options = try Self.shipped("aws-backoff-occ.json", overrides + ["workload.operations=50"])
      let metrics = try RequestWorld.measure(options, seeds: SeedRange(0, 40))
      #expect(metrics.succeeded == 50 * 40 && metrics.applied == 50 * 40, "\(name): every write lands once")
      calls[name] = Double(metrics.writeCalls) / 40
      time[name] = Double(metrics.makespanTotal) / 40 / 1e6
    }
    let byCalls = calls.keys.sorted { calls[$0]! > calls[$1]! }
    let byTime = time.keys.sorted { time[$0]! < time[$1]! }
    #expect(
      byCalls == ["no backoff", "exponential", "decorrelated jitter", "equal jitter", "full jitter"], "\(calls)")
    #expect(
      byTime == ["no backoff", "decorrelated jitter", "full jitter", "equal jitter", "exponential"], "\(time)")
  }
}
