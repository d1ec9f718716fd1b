import Foundation
import Testing

@testable import FaultSim

/// Issue 25, key stores like the ones users run: the sampled LRU against a
/// reference implementation of Redis's eviction written here from its
/// documentation and evict.c's description, and against the closed form
/// of one sampled eviction; the headline edge at 1,500 keys; replication
/// stalls against the Poisson coverage formula; the primary's unique
/// constraint; the presets.
@Suite struct KeyStoreRealismTests {
  // MARK: The sampled LRU against Redis's algorithm

  /// Redis `allkeys-lru` as documented (redis.io eviction page; evict.c's
  /// comments): keys carry their last access on a clock of 1 s
  /// resolution; before a write over the limit, sample `samples` keys,
  /// compute each one's idle time, merge it into a fixed pool of 16
  /// slots sorted by idle time ascending (ties: the new one goes left of
  /// equal ones; a full pool drops its leftmost entry, or the newcomer if
  /// it is not more idle than that entry), then scan the pool from the
  /// right and evict the first entry whose key still exists.
  struct ReferenceRedis {
    let limit: Int
    let samples: Int
    var keys: [(key: UInt32, lru: UInt64)] = []
    var pool: [(key: UInt32, idle: UInt64)?] = Array(repeating: nil, count: 16)

    func slot(of key: UInt32) -> Int? { keys.firstIndex { $0.key == key } }

    mutating func populate(_ now: UInt64, _ pick: (Int) -> Int) {
      for _ in 0..<samples {
        let sampled = keys[pick(keys.count)]
        let idle = now - sampled.lru
        var k = 0
        while k < 16, let entry = pool[k], entry.idle < idle { k += 1 }
        if k == 0, pool[15] != nil { continue }
        if k < 16, pool[k] == nil {
          // An empty slot.
        } else if pool[15] == nil {
          for index in stride(from: 15, to: k, by: -1) { pool[index] = pool[index - 1] }
        } else {
          k -= 1
          for index in 0..<k { pool[index] = pool[index + 1] }
        }
        pool[k] = (sampled.key, idle)
      }
    }

    mutating func write(_ key: UInt32, at seconds: UInt64, _ pick: (Int) -> Int) -> [UInt32] {
      if let index = slot(of: key) {
        keys[index].lru = seconds
        return []
      }
      var evicted: [UInt32] = []
      while keys.count >= limit {
        var best: UInt32?
        while best == nil {
          populate(seconds, pick)
          for k in stride(from: 15, through: 0, by: -1) {
            guard let entry = pool[k] else { continue }
            pool[k] = nil
            if slot(of: entry.key) != nil {
              best = entry.key
              break
            }
          }
        }
        let index = slot(of: best!)!
        keys[index] = keys[keys.count - 1]
        keys.removeLast()
        evicted.append(best!)
      }
      keys.append((key, seconds))
      return evicted
    }

    mutating func read(_ key: UInt32, at seconds: UInt64) {
      if let index = slot(of: key) { keys[index].lru = seconds }
    }
  }

  /// A small generator for the test's own choices (SplitMix64).
  struct Mix {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
  }

  /// The same writes, reads and sample picks give the same evictions, in
  /// the same order, and the same keys held, over 200 random sequences
  /// (reads of held and evicted keys, several writes in one second, gaps
  /// of several seconds).
  @Test func theSampledStoreEvictsWhatRedisSAlgorithmEvicts() {
    for seed in 0..<200 as Range<UInt64> {
      var choices = Mix(state: seed)
      let limit = 1 + choices.below(40)
      let samples = 1 + choices.below(10)
      var model = SampledKeys(limit: limit, samples: samples)
      var reference = ReferenceRedis(limit: limit, samples: samples)
      var modelPicks = Mix(state: seed &* 31 &+ 7)
      var referencePicks = modelPicks
      var milliseconds: UInt64 = 0
      var written: UInt32 = 0
      for step in 0..<600 {
        milliseconds += UInt64(choices.below(900))
        let now = VirtualTime(nanoseconds: milliseconds * 1_000_000)
        if written > 0, choices.below(3) == 0 {
          let key = UInt32(choices.below(Int(written)))
          model.touch(key, at: now)
          reference.read(key, at: milliseconds / 1000)
        } else {
          let key = written > 0 && choices.below(10) == 0 ? UInt32(choices.below(Int(written))) : written
          if key == written { written += 1 }
          let evicted = model.store(key, at: now) { _, count in modelPicks.below(count) }
          let expected = reference.write(key, at: milliseconds / 1000) { referencePicks.below($0) }
          #expect(evicted == expected, "seed \(seed) step \(step)")
        }
        #expect(model.count == reference.keys.count, "seed \(seed) step \(step)")
      }
      for key in 0..<written {
        #expect(model.contains(key) == (reference.slot(of: key) != nil), "seed \(seed) key \(key)")
      }
    }
  }

  /// One eviction from a fresh pool: with `n` keys of distinct idle times
  /// and `k` samples drawn uniformly with replacement, the key evicted is
  /// the most idle sampled, so the `j`-th most idle key goes with
  /// probability ((n−j+1)/n)^k − ((n−j)/n)^k (the maximum of k uniform
  /// ranks). 40,000 stores of 10 keys, 5 samples, each rank's frequency
  /// within 4.5 standard errors of that.
  @Test func oneSampledEvictionFollowsTheMaximumOfKUniformRanks() {
    let n = 10
    let k = 5
    let trials = 40_000
    var counts = Array(repeating: 0, count: n)
    var picks = Mix(state: 12345)
    for _ in 0..<trials {
      var store = SampledKeys(limit: n, samples: k)
      // Key i written at second i: key 0 is the most idle at second n.
      for key in 0..<n {
        store.store(UInt32(key), at: VirtualTime(nanoseconds: UInt64(key) * 1_000_000_000)) { _, _ in 0 }
      }
      let evicted = store.store(UInt32(n), at: VirtualTime(nanoseconds: UInt64(n) * 1_000_000_000)) { _, count in
        picks.below(count)
      }
      counts[Int(evicted[0])] += 1
    }
    for j in 1...n {
      let above = Double(n - j + 1) / Double(n)
      let below = Double(n - j) / Double(n)
      let p = Foundation.pow(above, Double(k)) - Foundation.pow(below, Double(k))
      let observed = Double(counts[j - 1]) / Double(trials)
      let error = (p * (1 - p) / Double(trials)).squareRoot()
      #expect(abs(observed - p) <= 4.5 * error, "rank \(j): expected \(p), observed \(observed)")
    }
  }

  // MARK: The edge at 1,500 keys

  static func lru(_ eviction: String, seeds: Range<UInt64>) throws -> (Double, ClosedRange<Double>) {
    let scenario = try KeyStoreTests.shipped(
      "key-store-lru", ["server.keyStore.maxMemory=1536000", "server.keyStore.eviction=\(eviction)"])
    let options = try #require(RequestWorld.options(of: scenario.world))
    let metrics = try RequestWorld.measure(options, seeds: SeedRange(seeds.lowerBound, seeds.upperBound))
    let (rate, interval) = metrics.duplicateRate
    return (rate, interval.lower...interval.upper)
  }

  /// The shipped key-store-lru workload (1,000 keyed writes a second,
  /// retries about 1.3 s later) against a memory limit of 1,500 keys of
  /// 1 KiB: the exact LRU holds every key past the retry horizon (about
  /// 1,300 keys) and almost never duplicates; Redis's 5-sample LRU evicts
  /// a key younger than the horizon whenever the samples and the pool
  /// hold none older, and duplicates about 3.8% (the issue's 3.9%).
  @Test func atFifteenHundredKeysFiveSamplesDuplicateWhereTheExactLRUDoesNot() throws {
    let (sampled, sampledInterval) = try Self.lru("sampled", seeds: 0..<4)
    let (exact, _) = try Self.lru("exact", seeds: 0..<4)
    #expect(sampledInterval.overlaps(0.034...0.042), "sampled \(sampled) in \(sampledInterval)")
    #expect(exact < 0.0005, "exact \(exact)")
  }

  /// The exact LRU is unchanged by issue 25: key-store-lru under
  /// `eviction: exact` gives the 942 duplicates (9.42%) docs/duplicates
  /// recorded before sampling existed, and the sampled default 742 (7.42%).
  @Test func theExactLRUKeepsItsNumbers() throws {
    for (eviction, expected) in [("exact", 942), ("sampled", 742)] {
      let scenario = try KeyStoreTests.shipped(
        "key-store-lru", ["server.keyStore.preset=redis-allkeys-lru", "server.keyStore.eviction=\(eviction)"])
      let options = try #require(RequestWorld.options(of: scenario.world))
      let run = try RequestWorld.runOnce(options, seed: 1)
      #expect(run.metrics.duplicated == expected, "\(eviction)")
    }
  }

  // MARK: Replication stalls

  /// Episodes start as a Poisson process of `rate` per minute and last
  /// D, so an instant is inside one with probability 1 − e^(−rate·D)
  /// (no episode started in the D before it). Measured on a grid of one
  /// point a second over 200 hours.
  @Test(arguments: [(2.0, 10), (0.5, 30), (6.0, 90)] as [(Double, UInt64)])
  func stallsCoverTheFractionOfTimeAPoissonProcessCovers(rate: Double, seconds: UInt64) {
    var options = LagSpikeOptions()
    options.rate = rate
    options.duration = .fixed(.seconds(seconds))
    let schedule = LagSpikeSchedule(options)
    let random = KeyedRandom(seed: 9)
    let points = 200 * 3600
    var covered = 0
    for second in 0..<points {
      let time = VirtualTime(nanoseconds: UInt64(second) * 1_000_000_000 + 500_000_000)
      if schedule.stallEnd(at: time, random) != nil { covered += 1 }
    }
    let expected = 1 - DeterministicMath.exp(-rate / 60 * Double(seconds))
    let observed = Double(covered) / Double(points)
    // The points within one episode are correlated: the standard error is
    // that of about rate × 12,000 episodes, under 0.005 here.
    #expect(abs(observed - expected) < 0.02, "rate \(rate) D \(seconds) s: expected \(expected), got \(observed)")
  }

  /// The schedule is a function of time alone: asked in any order, or
  /// after asking about other times, it gives the same answers.
  @Test func theStallScheduleDoesNotDependOnTheOrderItIsAsked() {
    var options = LagSpikeOptions()
    options.rate = 3
    options.duration = .uniform(min: .seconds(1), max: .seconds(100))
    let schedule = LagSpikeSchedule(options)
    let random = KeyedRandom(seed: 4)
    let times = (0..<2000).map { VirtualTime(nanoseconds: UInt64($0) * 997_000_000) }
    let forward = times.map { schedule.stallEnd(at: $0, random) }
    let backward = Array(times.reversed().map { schedule.stallEnd(at: $0, random) }.reversed())
    #expect(forward == backward)
    #expect(forward.contains { $0 != nil })
  }

  /// Keys stored at uniform times over 10 hours, all looked up on a
  /// replica with no lag of their own, retried 100 ms after they were
  /// stored: a retry duplicates exactly when its first response was lost
  /// and a stall that began in the D − 100 ms before the store holds the
  /// key, so the rate is p·(1 − e^(−rate·(D − 0.1 s))).
  @Test func stalledKeysDuplicateAtTheCoverageRate() throws {
    var options = RequestWorldOptions()
    options.workload.operations = 40_000
    options.workload.kind = .keyedWrite
    options.workload.arrival = .uniform(over: .hours(10))
    options.network.latency = .fixed(.milliseconds(10))
    options.network.responseLoss = 0.2
    options.client.timeout = .milliseconds(100)
    options.client.attempts = 2
    options.client.backoff = .immediate
    options.server.keyStore.kind = .replicated
    options.server.keyStore.readFromReplica = 1
    options.server.keyStore.replicationLag = .fixed(.zero)
    var spikes = LagSpikeOptions()
    spikes.rate = 2
    spikes.duration = .fixed(.seconds(10))
    options.server.keyStore.lagSpikes = spikes
    let metrics = try RequestWorld.measure(options, seeds: SeedRange(0, 4))
    let expected = 0.2 * (1 - DeterministicMath.exp(-2.0 / 60 * 9.9))
    let (rate, _) = metrics.duplicateRate
    // The schedule itself varies by seed (about 1,200 episodes each): 8%
    // relative covers it.
    #expect(abs(rate - expected) < 0.08 * expected, "expected \(expected), measured \(rate)")
  }

  // MARK: The unique constraint

  /// The shipped replica-lag scenario duplicates; with the primary's
  /// unique constraint the retries that miss the replica are refused with
  /// 409 and nothing is applied twice, over 20 seeds.
  @Test func aUniqueConstraintOnThePrimaryStopsReplicaDuplicates() throws {
    let seeds = try SeedRange(0, 20)
    let open = try #require(RequestWorld.options(of: try KeyStoreTests.shipped("key-store-replica-lag", []).world))
    #expect(try RequestWorld.measure(open, seeds: seeds).duplicated > 0)
    let constrained = try #require(
      RequestWorld.options(
        of: try KeyStoreTests.shipped("key-store-replica-lag", ["server.keyStore.uniqueConstraint=true"]).world))
    #expect(try RequestWorld.measure(constrained, seeds: seeds).duplicated == 0)
    let trace = TraceFormat.text.render(try RequestWorld.runOnce(constrained, seed: 1, tracing: true).trace)
    #expect(trace.contains("409: the primary's unique constraint refuses a second insert"))
  }

  // MARK: Presets and options

  @Test func presetsSetTheirDocumentedValuesAndExplicitKeysWin() throws {
    let stripe = try #require(RequestWorld.options(of: try KeyStoreTests.parse(#"{"preset": "stripe"}"#).world))
    #expect(stripe.server.keyTTL == .hours(24))
    #expect(stripe.server.storesErrors)
    #expect(stripe.server.inFlightKey == .conflict)
    let overridden = try #require(
      RequestWorld.options(
        of: try KeyStoreTests.parse(#"{"preset": "stripe", "storesErrors": false, "keyTTL": "1h"}"#).world))
    #expect(!overridden.server.storesErrors)
    #expect(overridden.server.keyTTL == .hours(1))
    let redis = try #require(
      RequestWorld.options(
        of: try KeyStoreTests.parse(#"{"keyStore": {"preset": "redis-allkeys-lru", "maxMemory": 10240}}"#).world))
    #expect(redis.server.keyStore.kind == .lru)
    #expect(redis.server.keyStore.eviction == .sampled)
    #expect(redis.server.keyStore.samples == 5)
    #expect(redis.server.keyStore.keyLimit == 10)
  }

  @Test func badOptionsAreRefusedWithTheirKeyPath() {
    let cases: [(String, String)] = [
      (#"{"keyStore": {"samples": 0}}"#, "server.keyStore.samples"),
      (#"{"keyStore": {"samples": 65}}"#, "server.keyStore.samples"),
      (#"{"keyStore": {"eviction": "random"}}"#, "server.keyStore.eviction"),
      (#"{"keyStore": {"maxMemory": 100}}"#, "server.keyStore.maxMemory"),
      (#"{"keyStore": {"preset": "redis"}}"#, "server.keyStore.preset"),
      (#"{"keyStore": {"lagSpikes": {"rate": 61}}}"#, "server.keyStore.lagSpikes.rate"),
      (#"{"preset": "stripes"}"#, "server.preset"),
    ]
    for (server, expected) in cases {
      do {
        _ = try KeyStoreTests.parse(server)
        Issue.record("accepted \(server)")
      } catch {
        #expect("\(error)".contains(expected), "\(server): \(error)")
      }
    }
  }
}
