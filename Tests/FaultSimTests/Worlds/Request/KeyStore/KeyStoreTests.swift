import Foundation
import Testing

@testable import FaultSim

/// Issue 13, stores that forget: the key store kinds (``KeyStoreOptions``)
/// and server restarts (``RestartOptions``) — the bounded LRU against a
/// reference model, the restart timeline, closed forms and exact counts,
/// and the shipped scenarios' preventions over thousands of seeds.
@Suite struct KeyStoreTests {
  // MARK: The LRU

  /// A reference LRU: an array, most recently used last.
  struct ReferenceLRU {
    let capacity: Int
    var keys: [UInt32] = []

    mutating func use(_ key: UInt32) -> UInt32? {
      if let index = keys.firstIndex(of: key) {
        keys.remove(at: index)
        keys.append(key)
        return nil
      }
      keys.append(key)
      return keys.count > capacity ? keys.removeFirst() : nil
    }
  }

  @Test func theLRUMatchesAReferenceModel() {
    for seed in 0..<200 as Range<UInt64> {
      let random = KeyedRandom(seed: seed)
      let capacity = 1 + Int(random.index(below: 8, DrawKey(rawEntity: 0, purpose: RequestDraw.arrival.purpose)))
      var lru = RecentKeys(capacity: capacity)
      var reference = ReferenceLRU(capacity: capacity)
      for step in 0..<400 as Range<UInt64> {
        let key = UInt32(random.index(below: 16, DrawKey(rawEntity: step, purpose: RequestDraw.backoff.purpose)))
        if step == 250 {
          lru.removeAll()
          reference.keys.removeAll()
        }
        let evicted = lru.use(key)
        let expected = reference.use(key)
        #expect(evicted == expected, "seed \(seed) step \(step)")
        #expect(lru.count == reference.keys.count, "seed \(seed) step \(step)")
        for probe in 0..<16 as Range<UInt32> {
          #expect(lru.contains(probe) == reference.keys.contains(probe), "seed \(seed) step \(step) key \(probe)")
        }
      }
    }
  }

  // MARK: The restart timeline

  @Test func restartsMergeTheListedTimesWithTheRandomProcess() {
    let options = RestartOptions(at: [.seconds(5), .seconds(1)].sorted(), meanInterval: .seconds(2))
    let random = KeyedRandom(seed: 9)
    var schedule = RestartSchedule(options)
    var seen: [VirtualTime] = []
    for millisecond in stride(from: 0 as UInt64, through: 20_000, by: 1) {
      schedule.advance(to: VirtualTime(nanoseconds: millisecond * 1_000_000), random)
      if let latest = schedule.latest, seen.last != latest { seen.append(latest) }
    }
    #expect(seen.contains(VirtualTime(sinceStart: .seconds(1))))
    #expect(seen.contains(VirtualTime(sinceStart: .seconds(5))))
    #expect(seen == seen.sorted())
    #expect(seen.count > 4, "the random process adds restarts: \(seen)")
    // The same seed walks the same instants, however the queries are spaced.
    var coarse = RestartSchedule(options)
    var again: [VirtualTime] = []
    for second in 0...20 as ClosedRange<UInt64> {
      coarse.advance(to: VirtualTime(nanoseconds: second * 1_000_000_000), random)
      if let latest = coarse.latest, again.last != latest { again.append(latest) }
    }
    #expect(Set(again).isSubset(of: Set(seen)))
    coarse.rewind()
    #expect(coarse.latest == nil)
  }

  @Test func theRandomRestartsHaveTheirMeanInterval() {
    var schedule = RestartSchedule(RestartOptions(meanInterval: .seconds(10)))
    let random = KeyedRandom(seed: 3)
    var count = 0
    var now = VirtualTime.zero
    while let next = schedule.upcoming ?? (schedule.latest == nil ? VirtualTime.zero : nil), count < 4000 {
      now = next
      schedule.advance(to: now, random)
      if schedule.latest == now { count += 1 }
    }
    let mean = Double(now.nanoseconds) / Double(count) / 1e9
    // 4000 exponential gaps: the standard error of the mean is 10 s / √4000 ≈ 0.16 s.
    #expect(abs(mean - 10) < 0.7, "mean gap \(mean) s")
  }

  // MARK: Closed forms and exact counts

  /// Keyed writes, one retry: the first response is lost with probability
  /// p; the retry's key lookup goes to the replica with probability r, and
  /// replication (fixed 5 s) is slower than any retry (at most 3.1 s), so
  /// the replica never has the key: P(duplicate) = p·r.
  @Test(arguments: [(0.2, 0.5), (0.1, 1.0), (0.3, 0.25)] as [(Double, Double)])
  func aReplicaReadDuplicatesWithProbabilityPTimesR(p: Double, r: Double) throws {
    var options = RequestWorldOptions.checkoutReference(orders: 20_000)
    options.workload.kind = .keyedWrite
    options.network.requestLoss = 0
    options.network.responseLoss = p
    options.client.attempts = 2
    options.server.keyStore.kind = .replicated
    options.server.keyStore.readFromReplica = r
    options.server.keyStore.replicationLag = .fixed(.seconds(5))
    let metrics = try RequestWorld.measure(options, seeds: SeedRange(0, 5))
    let (rate, interval) = metrics.duplicateRate
    #expect(interval.contains(p * r), "p=\(p) r=\(r): expected \(p * r), measured \(rate) in \(interval)")
  }

  /// Every operation starts at 0, latency is 10 ms each way, the timeout
  /// 100 ms and the one retry immediate: first writes are stored at 10 ms,
  /// retries arrive at 110 ms.
  static func simultaneous(_ operations: Int, responseLoss: Double) -> RequestWorldOptions {
    var options = RequestWorldOptions()
    options.workload.operations = operations
    options.workload.kind = .keyedWrite
    options.workload.arrival = .simultaneous(at: .zero)
    options.network.latency = .fixed(.milliseconds(10))
    options.network.responseLoss = responseLoss
    options.client.timeout = .milliseconds(100)
    options.client.attempts = 2
    options.client.backoff = .immediate
    return options
  }

  /// The operations whose first response is lost: the response-loss draw
  /// of (operation, message 1), computed here from the seed alone.
  static func firstResponsesLost(_ options: RequestWorldOptions, seed: UInt64) -> [Int] {
    let random = KeyedRandom(seed: seed)
    return (0..<options.workload.operations).filter { operation in
      random.bernoulli(
        options.network.responseLoss,
        RequestDraw.responseLoss.key(DeliveryIdentity(operation: operation, sequence: 1, copy: 0)))
    }
  }

  /// A memory store and one restart at R: a key is lost exactly when it
  /// was stored before R (10 ms) and its retry came after (110 ms), so the
  /// duplicates are exactly the operations whose first response was lost
  /// when 10 ms < R ≤ 110 ms, and none otherwise; a durable store never
  /// duplicates.
  @Test func aRestartBetweenStoreAndRetryForgetsExactlyTheRetriedKeys() throws {
    for seed in 0..<20 as Range<UInt64> {
      for (restart, forgets) in [(50, true), (110, true), (5, false), (200, false)] as [(UInt64, Bool)] {
        var options = Self.simultaneous(300, responseLoss: 0.3)
        options.server.keyStore.kind = .memory
        options.server.restarts = RestartOptions(at: [.milliseconds(restart)])
        let expected = forgets ? Self.firstResponsesLost(options, seed: seed).count : 0
        let run = try RequestWorld.runOnce(options, seed: seed)
        #expect(run.metrics.duplicated == expected, "seed \(seed) restart \(restart) ms")
        #expect(
          run.summary.faults.count(of: RequestDraw.keyLostToRestart.purpose) == UInt64(expected),
          "seed \(seed) restart \(restart) ms")
        options.server.keyStore.kind = .durable
        #expect(try RequestWorld.runOnce(options, seed: seed).metrics.duplicated == 0)
      }
    }
  }

  /// A restart at 105 ms with 10 ms of downtime: every retry (110 ms) is
  /// refused — connection refused, provably not applied — so nothing
  /// duplicates, and the refusals are exactly the retried operations.
  @Test func retriesDuringTheDowntimeAreRefusedAndNotApplied() throws {
    for seed in 0..<20 as Range<UInt64> {
      var options = Self.simultaneous(300, responseLoss: 0.3)
      options.server.keyStore.kind = .memory
      options.server.restarts = RestartOptions(at: [.milliseconds(105)], downtime: .milliseconds(10))
      let run = try RequestWorld.runOnce(options, seed: seed)
      let retried = Self.firstResponsesLost(options, seed: seed).count
      #expect(run.metrics.duplicated == 0, "seed \(seed)")
      #expect(run.summary.faults.count(of: RequestDraw.serverDown.purpose) == UInt64(retried), "seed \(seed)")
      #expect(run.metrics.applied == options.workload.operations, "seed \(seed)")
    }
  }

  /// Requests being processed at a restart are cut before their commit:
  /// with processing 50 ms and a restart at 30 ms, every first write
  /// (processing 10–60 ms) is cut, none is applied twice, and the retries
  /// (after the reset at 30 ms) are applied once.
  @Test func requestsBeingProcessedAtARestartAreNotApplied() throws {
    for seed in 0..<10 as Range<UInt64> {
      var options = Self.simultaneous(200, responseLoss: 0)
      options.server.processing = .fixed(.milliseconds(50))
      options.server.restarts = RestartOptions(at: [.milliseconds(30)])
      let run = try RequestWorld.runOnce(options, seed: seed)
      #expect(run.summary.faults.count(of: RequestDraw.requestLostToRestart.purpose) == 200, "seed \(seed)")
      #expect(run.metrics.duplicated == 0, "seed \(seed)")
      #expect(run.metrics.applied == 200, "seed \(seed)")
    }
  }

  /// An LRU of capacity C: the first writes are stored at 10 ms in
  /// operation order, the retries of the operations whose first response
  /// was lost arrive at 110 ms in operation order; a retry whose key was
  /// evicted stores it again. A reference LRU replaying that sequence
  /// gives the exact number of evictions, each a duplicate.
  @Test(arguments: [1, 50, 150, 299, 300])
  func anLRUEvictsExactlyWhatAReferenceLRUEvicts(capacity: Int) throws {
    for seed in 0..<10 as Range<UInt64> {
      var options = Self.simultaneous(300, responseLoss: 0.3)
      options.server.keyStore.kind = .lru
      options.server.keyStore.eviction = .exact
      options.server.keyStore.capacity = capacity
      var reference = ReferenceLRU(capacity: capacity)
      for operation in 0..<300 { _ = reference.use(UInt32(operation)) }
      var evicted = 0
      for operation in Self.firstResponsesLost(options, seed: seed) {
        if !reference.keys.contains(UInt32(operation)) { evicted += 1 }
        _ = reference.use(UInt32(operation))
      }
      let run = try RequestWorld.runOnce(options, seed: seed)
      #expect(run.metrics.duplicated == evicted, "seed \(seed) capacity \(capacity)")
      #expect(run.summary.faults.count(of: RequestDraw.keyEvicted.purpose) == UInt64(evicted))
      if capacity >= 300 { #expect(evicted == 0) }
    }
  }

  /// A failover promotes replica 0 with only the keys it received: a key
  /// stored at 10 ms is lost at a restart at 50 ms when replication takes
  /// longer than 40 ms, and kept when it takes less.
  @Test func aFailoverKeepsOnlyWhatReplicaZeroReceived() throws {
    for (lag, forgets) in [(100, true), (20, false)] as [(UInt64, Bool)] {
      var options = Self.simultaneous(300, responseLoss: 0.3)
      options.server.keyStore.kind = .replicated
      options.server.keyStore.readFromReplica = 0
      options.server.keyStore.replicationLag = .fixed(.milliseconds(lag))
      options.server.restarts = RestartOptions(at: [.milliseconds(50)])
      let run = try RequestWorld.runOnce(options, seed: 4)
      let expected = forgets ? Self.firstResponsesLost(options, seed: 4).count : 0
      #expect(run.metrics.duplicated == expected, "lag \(lag) ms")
    }
  }

  /// A runner reuses one world across seeds: the restart timeline and the
  /// LRU start afresh for each, so every seed matches a fresh run.
  @Test func aReusedWorldForgetsLikeAFreshOne() throws {
    var options = Self.simultaneous(200, responseLoss: 0.3)
    options.server.keyStore.kind = .lru
    options.server.keyStore.capacity = 120
    options.server.restarts = RestartOptions(at: [.milliseconds(60)], meanInterval: .milliseconds(40))
    options.server.processing = .uniform(min: .zero, max: .milliseconds(20))
    let runner = RequestWorld.makeRunner(options)
    for seed in [3, 1, 3, 2] as [UInt64] {
      let reused = try runner.run(seed, .fifo)
      #expect(reused.metrics == (try RequestWorld.runOnce(options, seed: seed)).metrics, "seed \(seed)")
    }
  }

  // MARK: Shrinking

  /// Each forgetting is a fault: replayed with only the other faults, the
  /// key is remembered and the duplicate is gone.
  @Test func suppressingTheForgettingRemembersTheKey() throws {
    var options = Self.simultaneous(50, responseLoss: 0.3)
    options.server.keyStore.kind = .memory
    options.server.restarts = RestartOptions(at: [.milliseconds(50)])
    let recorded = try RequestWorld.runOnce(
      options, seed: 1, strategy: .fifo, tracing: false, faults: .recording, simplifiesValues: false)
    #expect(recorded.metrics.duplicated > 0)
    let kept = Set(recorded.firedFaults.filter { $0.purpose != RequestDraw.keyLostToRestart.purpose })
    let replay = try RequestWorld.runOnce(
      options, seed: 1, strategy: .fifo, tracing: false, faults: .restricted(kept), simplifiesValues: false)
    #expect(replay.metrics.duplicated == 0)
  }

  // MARK: Traces

  @Test func theTraceShowsEachForgetting() throws {
    var restart = Self.simultaneous(50, responseLoss: 0.3)
    restart.server.keyStore.kind = .memory
    restart.server.restarts = RestartOptions(at: [.milliseconds(50)])
    let restartTrace = TraceFormat.text.render(try RequestWorld.runOnce(restart, seed: 1, tracing: true).trace)
    #expect(restartTrace.contains("key forgotten: server restarted at 0.050000s"), "\(restartTrace.prefix(2000))")

    var lru = Self.simultaneous(50, responseLoss: 0.3)
    lru.server.keyStore.kind = .lru
    lru.server.keyStore.capacity = 10
    let lruTrace = TraceFormat.text.render(try RequestWorld.runOnce(lru, seed: 1, tracing: true).trace)
    #expect(lruTrace.contains("key evicted (lru sampled, 10 keys)"))

    var replica = Self.simultaneous(50, responseLoss: 0.3)
    replica.server.keyStore.kind = .replicated
    replica.server.keyStore.readFromReplica = 1
    replica.server.keyStore.replicationLag = .fixed(.milliseconds(400))
    let replicaTrace = TraceFormat.text.render(try RequestWorld.runOnce(replica, seed: 1, tracing: true).trace)
    #expect(replicaTrace.contains("replica has not seen the key (lag 400ms)"), "\(replicaTrace.prefix(2000))")

    var down = Self.simultaneous(50, responseLoss: 0.3)
    down.server.restarts = RestartOptions(at: [.milliseconds(105)], downtime: .milliseconds(10))
    let downTrace = TraceFormat.text.render(try RequestWorld.runOnce(down, seed: 1, tracing: true).trace)
    #expect(downTrace.contains("connection refused: server down since the restart at 0.105000s"))
  }

  // MARK: Options

  static func parse(_ server: String) throws -> Scenario {
    try Scenario.parse(
      bytes: Array(
        #"{"description": "t", "workload": {"operations": 5, "kind": "keyed-write"}, "server": \#(server)}"#.utf8),
      file: "t.json")
  }

  @Test func badKeyStoreAndRestartOptionsAreRefusedWithTheirKeyPath() {
    let cases: [(String, String)] = [
      (#"{"keyStore": {"kind": "lru", "capacity": 0}}"#, "server.keyStore.capacity"),
      (#"{"keyStore": {"kind": "cache"}}"#, "server.keyStore.kind"),
      (#"{"keyStore": {"replicas": 65}}"#, "server.keyStore.replicas"),
      (#"{"restarts": {"at": "1s"}}"#, "server.restarts.at"),
      (#"{"restarts": {"at": [1]}}"#, "server.restarts.at"),
      (#"{"restarts": {"meanInterval": "1us"}}"#, "server.restarts.meanInterval"),
    ]
    for (server, expected) in cases {
      do {
        _ = try Self.parse(server)
        Issue.record("accepted \(server)")
      } catch {
        #expect("\(error)".contains(expected), "\(server): \(error)")
      }
    }
  }

  @Test func goodOptionsAreRead() throws {
    let scenario = try Self.parse(
      #"{"keyStore": {"kind": "replicated", "replicas": 3, "readFromReplica": 0.25, "replicationLag": "#
        + #"{"distribution": "fixed", "value": "40ms"}}, "restarts": {"at": ["40s", "12s"], "downtime": "2s"}}"#)
    let options = try #require(RequestWorld.options(of: scenario.world))
    #expect(options.server.keyStore.kind == .replicated)
    #expect(options.server.keyStore.replicas == 3)
    #expect(options.server.keyStore.readFromReplica == 0.25)
    #expect(options.server.restarts?.at == [.seconds(12), .seconds(40)])
    #expect(options.server.restarts?.downtime == .seconds(2))
  }

  // MARK: The shipped scenarios' preventions

  static func shipped(_ name: String, _ overrides: [String]) throws -> Scenario {
    let path = IdentityKeyingPropertyTests.scenarioPath(name)
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    return try Scenario.parse(
      bytes: bytes, file: "scenarios/\(name).json", overrides: overrides.map { try ScenarioOverride(parsing: $0) })
  }

  static var noDuplicates: ScenarioProperty<RequestWorld> {
    ScenarioProperty<RequestWorld>("keyed writes are never recorded twice") { run in run.metrics.duplicated == 0 }
  }

  /// A deploy with an in-memory store duplicates; the durable store
  /// prevents it over 2,000 seeds, with the restart's downtime and cut
  /// requests firing (so the pass is not vacuous).
  @Test func aDurableKeyStorePreventsTheDeployDuplicates() throws {
    let small = [
      "workload.operations=60", #"workload.arrival={"distribution": "uniform", "over": "6s"}"#,
      #"server.restarts.at=["3s"]"#, "network.responseLoss=0.3",
    ]
    let broken = try Self.noDuplicates.check(
      try Self.shipped("key-store-restart", small), seeds: 0..<200, requiring: [.keyLostToRestart])
    let failure = try #require(broken.failure, "\(broken)")
    // Shrunk to the faults that make the duplicate: a lost response and the
    // restart forgetting the key a retry carries (and, for seed 0, the
    // refusal of the retry in between: suppressed, that retry would meet
    // a forgetting of its own, keyed by its delivery).
    #expect(failure.counterexample.faults.count <= 3, "\(broken)")
    #expect(
      failure.counterexample.faults.contains { $0.contains("a server restart forgot the key") }, "\(broken)")
    #expect(failure.counterexample.faults.contains { $0.contains("is lost") }, "\(broken)")
    let prevented = try Self.noDuplicates.check(
      try Self.shipped("key-store-restart", small + ["server.keyStore.kind=durable"]), seeds: 0..<2_000,
      requiring: [.responseLoss, .serverDown, .requestLostToRestart])
    #expect(prevented.holds, "\(prevented)")
  }

  /// An LRU cache smaller than the keys stored within the retry horizon
  /// duplicates; a capacity above them prevents it over 1,000 seeds: at
  /// 100 writes a second and at most 2.62 s from a write to its last retry,
  /// about 262 ± 10 new keys (and the few retried ones) are used within
  /// the horizon, well below 350 — for the exact LRU.
  @Test func anLRUAboveTheRetryHorizonPreventsEvictionDuplicates() throws {
    let small = [
      "workload.operations=400", #"workload.arrival={"distribution": "uniform", "over": "4s"}"#,
      "server.keyStore.maxMemory=30720",
    ]
    let broken = try Self.noDuplicates.check(
      try Self.shipped("key-store-lru", small), seeds: 0..<100, requiring: [.keyEvicted])
    #expect(broken.failure != nil, "\(broken)")
    let prevented = try Self.noDuplicates.check(
      try Self.shipped(
        "key-store-lru", small + ["server.keyStore.maxMemory=358400", "server.keyStore.eviction=exact"]),
      seeds: 0..<1_000, requiring: [.responseLoss])
    #expect(prevented.holds, "\(prevented)")
    // Issue 25: a sampled (Redis-like) store has no such edge: it can
    // evict a key younger than the horizon whenever its samples miss the
    // older ones, so the same capacity still duplicates.
    let sampled = try Self.noDuplicates.check(
      try Self.shipped("key-store-lru", small + ["server.keyStore.maxMemory=358400"]), seeds: 0..<1_000,
      requiring: [.responseLoss])
    #expect(sampled.failure != nil, "\(sampled)")
  }

  /// Reading keys from a lagging replica duplicates; reading them from the
  /// primary prevents it over 2,000 seeds.
  @Test func readingKeysFromThePrimaryPreventsReplicaDuplicates() throws {
    let small = ["workload.operations=50", #"workload.arrival={"distribution": "uniform", "over": "2s"}"#]
    let broken = try Self.noDuplicates.check(
      try Self.shipped("key-store-replica-lag", small), seeds: 0..<100, requiring: [.keyNotReplicated])
    #expect(broken.failure != nil, "\(broken)")
    let prevented = try Self.noDuplicates.check(
      try Self.shipped("key-store-replica-lag", small + ["server.keyStore.readFromReplica=0"]), seeds: 0..<2_000,
      requiring: [.responseLoss])
    #expect(prevented.holds, "\(prevented)")
  }
}
