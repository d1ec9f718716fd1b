import Testing

@testable import FaultSim

/// Issue 13, the network duplicates, reorders and partitions: closed forms,
/// exact counts and the properties that keys and careful clients keep.
@Suite struct NetworkDuplicationTests {
  /// Keyless writes over a perfect network with a fixed 50 ms latency,
  /// uniform arrivals over 10 s, one attempt each: only what a test adds
  /// can go wrong.
  static func plain(operations: Int = 2_000, attempts: Int = 1) -> RequestWorldOptions {
    var options = RequestWorldOptions()
    options.workload.operations = operations
    options.workload.kind = .keylessWrite
    options.workload.arrival = .uniform(over: .seconds(10))
    options.client.attempts = attempts
    options.client.timeout = .seconds(1)
    options.network.latency = .fixed(.milliseconds(50))
    return options
  }

  static func measure(_ options: RequestWorldOptions, seeds: Range<UInt64>) throws -> RequestMetrics {
    try RequestWorld.measure(options, seeds: SeedRange(seeds.lowerBound, seeds.upperBound))
  }

  static func fired<State>(_ purpose: RequestDraw, _ run: WorldRun<RequestMetrics, State>) -> UInt64 {
    run.summary.faults.count(of: purpose.purpose)
  }

  // MARK: Duplication

  /// Closed form (a): keyless writes, one attempt, request duplication p
  /// and nothing else. Each write is applied once, plus once more when its
  /// request is duplicated: P(duplicate) = p, mean applied = 1 + p. Per
  /// seed the count is exact: duplicates = duplications fired.
  @Test(arguments: [0.01, 0.1, 0.5])
  func requestDuplicationDuplicatesAKeylessWriteWithItsProbability(p: Double) throws {
    var options = Self.plain(operations: 10_000)
    options.network.requestDuplication = p
    options.network.duplicateDelay = .uniform(min: .milliseconds(1), max: .milliseconds(300))
    for seed in 0..<3 as Range<UInt64> {
      let run = try RequestWorld.runOnce(options, seed: seed)
      #expect(run.metrics.duplicated == Self.fired(.requestDuplication, run), "seed \(seed)")
      #expect(run.metrics.applied == run.metrics.operations + run.metrics.duplicated, "seed \(seed)")
    }
    let metrics = try Self.measure(options, seeds: 0..<5)
    let (rate, interval) = metrics.duplicateRate
    #expect(interval.contains(p), "p=\(p): measured \(rate) in [\(interval.lower), \(interval.upper)]")
    // Mean applied per operation, 1 + p: applied − operations counts the
    // duplicated operations, each applied exactly twice.
    let extra = WilsonInterval(successes: metrics.applied - metrics.operations, trials: metrics.operations)
    #expect(
      extra.contains(p), "mean applied \(Double(metrics.applied) / Double(metrics.operations)), expected \(1 + p)")
    // The same writes with a stable key the server honours: each copy is
    // replayed (or, while its original processes, refused with 409).
    var keyed = options
    keyed.workload.kind = .keyedWrite
    keyed.server.processing = .uniform(min: .zero, max: .milliseconds(100))
    for seed in 0..<3 as Range<UInt64> {
      let run = try RequestWorld.runOnce(keyed, seed: seed)
      #expect(run.metrics.duplicated == 0 && run.metrics.applied == run.metrics.operations, "seed \(seed)")
      #expect(Self.fired(.requestDuplication, run) > 0)
    }
  }

  /// A copy that arrives after its operation ended is still applied and
  /// counted: the copy holds the operation open (the folding invariant),
  /// even when it arrives seconds after the client is done.
  @Test func aLateCopyIsCountedAfterItsClientIsDone() throws {
    var options = Self.plain(operations: 5_000)
    options.network.requestDuplication = 1
    options.network.duplicateDelay = .fixed(.seconds(5))
    let metrics = try Self.measure(options, seeds: 0..<2)
    #expect(metrics.duplicated == metrics.operations)
    #expect(metrics.applied == 2 * metrics.operations)
    #expect(metrics.succeeded == metrics.operations)
  }

  /// A duplicated response reaches the client twice; the client takes the
  /// first and drops the second, whether or not its operation was folded.
  @Test func aDuplicatedResponseIsIgnoredByTheClient() throws {
    var options = Self.plain(operations: 500)
    options.network.responseDuplication = 1
    options.network.duplicateDelay = .uniform(min: .zero, max: .seconds(3))
    let run = try RequestWorld.runOnce(options, seed: 7, tracing: true)
    #expect(run.metrics.succeeded == 500 && run.metrics.duplicated == 0 && run.metrics.applied == 500)
    #expect(Self.fired(.responseDuplication, run) == 500)
    #expect(run.trace.filter { $0.event == "discard late response" }.count == 500)
    #expect(run.trace.filter { $0.event.hasSuffix("duplicated") }.count == 500)
    let many = try Self.measure(Self.withResponseCopies(Self.plain(operations: 20_000)), seeds: 0..<2)
    #expect(many.duplicated == 0 && many.succeeded == many.operations)
  }

  static func withResponseCopies(_ options: RequestWorldOptions) -> RequestWorldOptions {
    var copied = options
    copied.network.responseDuplication = 0.5
    copied.network.duplicateDelay = .fixed(.seconds(2))
    return copied
  }

  /// A small scenario of keyed writes whose requests are duplicated and
  /// held back, with processing time so that copies meet their original in
  /// flight (409) as well as after its commit (replay).
  static func keyedUnderDuplication(_ overrides: [String] = []) throws -> Scenario {
    try Scenario.parse(
      json: """
        {
          "description": "keyed writes whose requests are duplicated and held back",
          "world": "request",
          "workload": {"operations": 20, "kind": "keyed-write", "arrival": {"distribution": "uniform", "over": "2s"}},
          "client": {"timeout": "500ms", "attempts": 3},
          "network": {
            "latency": {"distribution": "uniform", "min": "10ms", "max": "40ms"},
            "requestDuplication": 0.2,
            "duplicateDelay": {"distribution": "uniform", "min": "0s", "max": "400ms"},
            "requestReordering": 0.2,
            "reorderDelay": {"distribution": "uniform", "min": "100ms", "max": "1.5s"}
          },
          "server": {"keys": "honour", "processing": {"distribution": "uniform", "min": "10ms", "max": "200ms"}}
        }
        """, file: "keyed-under-duplication.json", overrides: try overrides.map { try ScenarioOverride(parsing: $0) })
  }

  /// Property: a stable key that the server honours (409 while in flight)
  /// prevents every duplicate that copies and overtaking retries make —
  /// over thousands of seeds, with both faults fired.
  @Test func aHonouredKeyPreventsNetworkDuplicates() throws {
    let report = try ScenarioProperty<RequestWorld>("no order is recorded twice") { run in
      run.metrics.duplicated == 0
    }.check(try Self.keyedUnderDuplication(), seeds: 0..<3_000, requiring: [.requestDuplication, .requestReordering])
    #expect(report.holds, "\(report)")
  }

  /// The same scenario without a key duplicates, and the property's
  /// shrinker brings a failing seed down to the one network fault.
  @Test func withoutAKeyTheCopiesDuplicateAndShrinkToOneFault() throws {
    let scenario = try Self.keyedUnderDuplication(["workload.kind=keyless-write"])
    let report = try ScenarioProperty<RequestWorld>("no order is recorded twice") { run in
      run.metrics.duplicated == 0
    }.check(scenario, seeds: 0..<200)
    let failure = try #require(report.failure)
    #expect(failure.counterexample.faults.count == 1, "\(report)")
    let fault = try #require(failure.counterexample.faults.first)
    #expect(fault.contains("twice") || fault.contains("held") || fault.contains("back"), "\(fault)")
  }

  // MARK: Partitions

  /// The arrival times of `options`' operations for `seed`, as the world
  /// draws them.
  static func starts(_ options: RequestWorldOptions, seed: UInt64) throws -> [VirtualTime] {
    var schedule = ArrivalSchedule()
    try schedule.prepare(options.workload.arrival, count: options.workload.operations, random: KeyedRandom(seed: seed))
    var times: [VirtualTime] = []
    while let time = try schedule.next() { times.append(time) }
    return times
  }

  /// The operations whose first message in `direction` is sent inside
  /// `window`: a request at the start, a response one latency later.
  static func inWindow(_ starts: [VirtualTime], sentAfter offset: UInt64, _ window: PartitionWindow) -> Int {
    starts.filter { window.contains(VirtualTime(nanoseconds: $0.nanoseconds + offset)) }.count
  }

  /// Closed form (b): a responses partition from 2 s to 5 s that drops what
  /// it cuts, fixed 50 ms latency, no processing time, a naive keyless client with two attempts
  /// and a 4 s timeout (longer than the partition, so every retry's answer
  /// falls outside it). An operation duplicates exactly when its first
  /// response is sent in the window — a count that follows from the start
  /// times alone — and, with independent uniform starts, with probability
  /// 3 s / 10 s.
  @Test func aResponsesPartitionDuplicatesExactlyTheWritesAnsweredInIt() throws {
    var options = Self.plain(operations: 2_000, attempts: 2)
    options.client.timeout = .seconds(4)
    let window = PartitionWindow(start: .init(nanoseconds: 2_000_000_000), end: .init(nanoseconds: 5_000_000_000))
    options.network.partitions = [PartitionWindow(start: window.start, end: window.end, direction: .responses)]
    // Cut answers are lost, not retransmitted after the heal.
    options.network.partitionSemantics = .drop
    var total = RequestMetrics()
    for seed in 0..<10 as Range<UInt64> {
      let expected = Self.inWindow(try Self.starts(options, seed: seed), sentAfter: 50_000_000, window)
      let run = try RequestWorld.runOnce(options, seed: seed)
      #expect(run.metrics.duplicated == UInt64(expected), "seed \(seed)")
      #expect(Self.fired(.partitionResponseLoss, run) == UInt64(expected), "seed \(seed)")
      #expect(run.metrics.lost == 0 && run.metrics.succeeded == run.metrics.operations)
      try total.merge(run.metrics)
    }
    let (rate, interval) = total.duplicateRate
    #expect(interval.contains(0.3), "measured \(rate) in [\(interval.lower), \(interval.upper)]")
    // A two-way partition drops the same responses (and, first, the
    // requests sent in it): what reaches the server in it is answered
    // into it, so nothing that started there duplicates.
    options.network.partitions[0].direction = .both
    for seed in 0..<5 as Range<UInt64> {
      let starts = try Self.starts(options, seed: seed)
      // Requests sent in the window are dropped; those sent in the 50 ms
      // before it are applied and answered into it.
      let before = PartitionWindow(
        start: .init(nanoseconds: 1_950_000_000), end: .init(nanoseconds: 2_000_000_000))
      let run = try RequestWorld.runOnce(options, seed: seed)
      #expect(run.metrics.duplicated == UInt64(Self.inWindow(starts, sentAfter: 0, before)), "seed \(seed)")
      #expect(Self.fired(.partitionRequestLoss, run) == UInt64(Self.inWindow(starts, sentAfter: 0, window)))
    }
  }

  /// A requests partition that drops what it cuts loses requests, never duplicates: with one
  /// attempt each write sent in the window is lost (and the naive client
  /// cannot tell: it reports a failure of a write that was never applied);
  /// with a retry after the window the write is applied once.
  @Test func aRequestsPartitionLosesButNeverDuplicates() throws {
    let window = PartitionWindow(
      start: .init(nanoseconds: 2_000_000_000), end: .init(nanoseconds: 5_000_000_000), direction: .requests)
    for attempts in [1, 2] {
      var options = Self.plain(operations: 2_000, attempts: attempts)
      options.client.timeout = .seconds(4)
      options.network.partitions = [window]
      options.network.partitionSemantics = .drop
      for seed in 0..<5 as Range<UInt64> {
        let expected = UInt64(Self.inWindow(try Self.starts(options, seed: seed), sentAfter: 0, window))
        let run = try RequestWorld.runOnce(options, seed: seed)
        #expect(run.metrics.duplicated == 0)
        #expect(Self.fired(.partitionRequestLoss, run) == expected)
        #expect(run.metrics.lost == (attempts == 1 ? expected : 0), "attempts \(attempts) seed \(seed)")
        #expect(run.metrics.applied == run.metrics.operations - (attempts == 1 ? expected : 0))
      }
    }
  }

  /// Property of the shipped one-way partition: keys, and a client that
  /// queries before repeating a keyless write, prevent every duplicate;
  /// the careful client does too, leaving the outcomes uncertain.
  @Test(arguments: ["workload.kind=keyed-write", "client.safety=query", "client.safety=careful"])
  func theShippedPartitionIsPreventedBy(_ setting: String) throws {
    let small = try ScenarioOverride(parsing: "workload.operations=20")
    let shipped = try Scenario.shipped("partition-responses", overrides: [small])
    let naive = try ScenarioProperty<RequestWorld>("no order is recorded twice") { run in
      run.metrics.duplicated == 0
    }.check(shipped, seeds: 0..<50)
    #expect(naive.failure != nil, "the partition duplicates without prevention")
    let prevented = try Scenario.shipped(
      "partition-responses", overrides: [small, try ScenarioOverride(parsing: setting)])
    let report = try ScenarioProperty<RequestWorld>("no order is recorded twice") { run in
      run.metrics.duplicated == 0
    }.check(prevented, seeds: 0..<2_000, requiring: [.partitionResponseLoss])
    #expect(report.holds, "\(report)")
  }

  // MARK: Reordering

  /// Keyed writes whose first request may be held back past the timeout:
  /// the retry overtakes it and is processed first (300 ms), and the held
  /// original arrives during that processing (409 with `conflict`, applied
  /// again with `process`) or after its commit (replayed).
  static func overtaking(_ inFlight: ServerOptions.InFlightKey, kind: RequestKind = .keyedWrite)
    -> RequestWorldOptions
  {
    var options = Self.plain(operations: 400, attempts: 2)
    options.workload.kind = kind
    options.client.timeout = .milliseconds(500)
    options.network.latency = .fixed(.milliseconds(20))
    options.network.requestReordering = 0.3
    options.network.reorderDelay = .uniform(min: .milliseconds(550), max: .milliseconds(1_200))
    options.server.processing = .fixed(.milliseconds(300))
    options.server.inFlightKey = inFlight
    return options
  }

  /// Closed form (c), the keyed half: an overtaken original meets its
  /// retry in flight or after the retry's commit. With `conflict` it gets
  /// 409 in flight, or the stored result replayed; with `process` it is
  /// processed, and the built-in server checks the key at its commit
  /// point, after the retry's: replayed. Nothing duplicates, for any seed.
  @Test(arguments: [ServerOptions.InFlightKey.conflict, .process])
  func anOvertakenOriginalGets409OrReplay(_ inFlight: ServerOptions.InFlightKey) throws {
    var conflicts = 0
    var replays = 0
    for seed in 0..<200 as Range<UInt64> {
      let run = try RequestWorld.runOnce(Self.overtaking(inFlight), seed: seed, tracing: seed < 5)
      #expect(run.metrics.duplicated == 0, "seed \(seed)")
      #expect(Self.fired(.requestReordering, run) > 0)
      conflicts += run.trace.filter { $0.event.contains("409") }.count
      replays += run.trace.filter { $0.event.contains("replay") }.count
    }
    #expect(replays > 0, "replays \(replays)")
    #expect(inFlight == .conflict ? conflicts > 0 : conflicts == 0, "409s \(conflicts)")
  }

  /// Keyless writes duplicate whenever the retry overtakes: with the hold
  /// always longer than the timeout, P(duplicate) = P(first attempt held)
  /// = p (a held retry is applied too; its operation already duplicates).
  @Test func keylessWritesDuplicateWhenARetryOvertakes() throws {
    let options = Self.overtaking(.conflict, kind: .keylessWrite)
    var total = RequestMetrics()
    for seed in 0..<20 as Range<UInt64> {
      try total.merge(try RequestWorld.runOnce(options, seed: seed).metrics)
    }
    let (rate, interval) = total.duplicateRate
    #expect(interval.contains(0.3), "measured \(rate) in [\(interval.lower), \(interval.upper)]")
  }

  /// A held-back response past the timeout is a lost response that comes
  /// late: a naive keyless client with two attempts retries, and the retry
  /// is applied, so P(duplicate) = P(first response held) = p.
  @Test func aHeldBackResponseDuplicatesLikeALostOne() throws {
    var options = Self.plain(operations: 10_000, attempts: 2)
    options.network.responseReordering = 0.2
    options.network.reorderDelay = .fixed(.seconds(2))
    var total = RequestMetrics()
    for seed in 0..<3 as Range<UInt64> {
      let run = try RequestWorld.runOnce(options, seed: seed)
      #expect(run.metrics.lost == 0 && run.metrics.applied == run.metrics.operations + run.metrics.duplicated)
      try total.merge(run.metrics)
    }
    let (rate, interval) = total.duplicateRate
    #expect(interval.contains(0.2), "measured \(rate) in [\(interval.lower), \(interval.upper)]")
  }

  /// A copy is a repeat of its keyed write even with one attempt: it can
  /// reach the server while the original is processing (409) and race
  /// its commit, so the race checks must count it.
  @Test func aCopyOfAKeyedWriteCanRaceItsCommit() throws {
    var options = Self.plain(operations: 50)
    options.workload.kind = .keyedWrite
    options.workload.arrival = .uniform(over: .milliseconds(500))
    options.server.processing = .fixed(.milliseconds(50))
    options.races.window = .milliseconds(20)
    #expect(!RequestWorld.canMeetRace(options))
    options.network.requestDuplication = 1
    options.network.duplicateDelay = .uniform(min: .zero, max: .milliseconds(60))
    #expect(RequestWorld.canMeetRace(options))
    let run = try RequestWorld.runOnce(options, seed: 1)
    #expect(run.summary.choices.contains { $0.race.purpose == RequestDraw.retryVsCommit.purpose })
    #expect(run.metrics.duplicated == 0)
  }

  // MARK: Keyed by identity

  /// SPEC §2.3 for the new faults: flipping one operation's race or
  /// suppressing one of its copies, hold-backs or partition drops leaves
  /// every other operation's faults and trace lines as they were.
  @Test func aCopyHoldBackOrPartitionDropChangesNothingForOtherOperations() throws {
    var options = RequestWorldOptions.checkoutReference(orders: 60)
    options.workload.kind = .keyedWrite
    options.server.processing = .uniform(min: .milliseconds(1), max: .milliseconds(100))
    options.network.requestDuplication = 0.3
    options.network.responseDuplication = 0.3
    options.network.duplicateDelay = .uniform(min: .zero, max: .milliseconds(200))
    options.network.requestReordering = 0.2
    options.network.responseReordering = 0.2
    options.network.reorderDelay = .uniform(min: .milliseconds(100), max: .seconds(2))
    options.network.partitions = [
      PartitionWindow(
        start: .init(nanoseconds: 2_000_000_000), end: .init(nanoseconds: 3_000_000_000), direction: .responses),
      PartitionWindow(
        start: .init(nanoseconds: 6_000_000_000), end: .init(nanoseconds: 7_000_000_000), direction: .both),
    ]
    options.races.window = .milliseconds(200)
    let checked = try IdentityKeyingPropertyTests.requestIsolation(options).check(seeds: 0..<6, races: 6, faults: 8)
    #expect(checked.flips >= 10 && checked.suppressions >= 40, "\(checked)")
  }

  // MARK: Options

  @Test func partitionWindowsAreReadSortedAndCheckedWithClearErrors() throws {
    let scenario = try Scenario.parse(
      json: """
        {"description": "partitions", "world": "request", "network": {"partitions": [
          {"from": "5s", "until": "6s"},
          {"from": "1s", "until": "3s", "direction": "responses"},
          {"from": "2s", "until": "4s", "direction": "requests"}
        ]}}
        """, file: "p.json")
    let options = try #require(RequestWorld.options(of: scenario.world))
    #expect(options.network.partitions.map(\.direction) == [.responses, .requests, .both])
    #expect(options.network.partitionDropsRequest(at: .init(nanoseconds: 2_500_000_000)))
    #expect(options.network.partitionDropsResponse(at: .init(nanoseconds: 2_500_000_000)))
    #expect(!options.network.partitionDropsRequest(at: .init(nanoseconds: 1_500_000_000)))
    #expect(!options.network.partitionDropsResponse(at: .init(nanoseconds: 3_500_000_000)))
    #expect(!options.network.partitionDropsRequest(at: .init(nanoseconds: 6_000_000_000)), "the end is exclusive")
    let cases: [(String, String)] = [
      (#"[{"from": "3s", "until": "2s"}]"#, "'from' must be before 'until'"),
      (#"[{"from": "1s", "until": "2s", "direction": "upstream"}]"#, "upstream"),
      (#"[{"from": "1s", "until": "2s", "way": "both"}]"#, "way"),
      (#"[{"until": "2s"}]"#, "from"),
    ]
    for (windows, message) in cases {
      #expect {
        try Scenario.parse(
          json: #"{"description": "bad", "world": "request", "network": {"partitions": \#(windows)}}"#, file: "bad.json"
        )
      } throws: { error in
        "\(error)".contains(message) && "\(error)".contains("partitions")
      }
    }
  }

  /// With every new key at its default the network draws as before: the
  /// reference checkout's outputs do not change (the shipped-scenario and
  /// golden tests check the text; this checks the run's digest directly).
  @Test func theNewKeysOffChangeNothing() throws {
    var options = RequestWorldOptions.checkoutReference(orders: 2_000)
    let before = try RequestWorld.runOnce(options, seed: 3)
    options.network.duplicateDelay = .fixed(.seconds(1))
    options.network.reorderDelay = .fixed(.seconds(1))
    let after = try RequestWorld.runOnce(options, seed: 3)
    #expect(before.metrics == after.metrics)
    #expect(before.summary.faults == after.summary.faults)
  }
}

/// The user-code request world shares the network: your code meets the
/// same copies, held-back messages and partitions.
@Suite struct UserCodeNetworkDuplicationTests {
  @Test func yourCodeSeesCopiesAndItsTransportDropsDuplicatedResponses() throws {
    let scenario = try Scenario.shipped(
      "network-duplicates",
      overrides: try [
        "workload.operations=300", "network.requestDuplication=1", "network.responseDuplication=1",
        "network.requestReordering=0",
      ].map { try ScenarioOverride(parsing: $0) })
    let world = try scenario.requestWorld { client in
      await NaiveCheckout(transport: client.transport, clock: client.clock, attempts: 1).place(order: client.operation)
    }
    let run = try world.runOnce(seed: 2, tracing: true)
    #expect(run.metrics.succeeded == 300)
    #expect(run.metrics.duplicated == 300, "every write's copy is applied")
    #expect(run.metrics.applied == 600)
    #expect(run.summary.faults.count(of: RequestDraw.responseDuplication.purpose) > 0)
    #expect(run.trace.contains { $0.event == "discard late response" })
  }

  @Test func yourCodeDuplicatesInAResponsesPartitionUnlessItSendsAKey() throws {
    let scenario = try Scenario.shipped(
      "partition-responses", overrides: [try ScenarioOverride(parsing: "workload.operations=500")])
    let world = try scenario.requestWorld { client in
      await NaiveCheckout(transport: client.transport, clock: client.clock, attempts: 5).place(order: client.operation)
    }
    let run = try world.runOnce(seed: 1)
    #expect(run.metrics.duplicated > 0)
    #expect(run.summary.faults.count(of: RequestDraw.partitionResponseLoss.purpose) > 0)
    // The same retries with one key per order, honoured by the server.
    let keyed = try scenario.requestWorld { client in
      for attempt in 1...5 {
        let request = TransportRequest(
          method: "POST", path: "/orders", headers: ["Idempotency-Key": "order-\(client.operation)"],
          text: "order=\(client.operation)", timeout: .seconds(1))
        if let response = try? await client.transport.send(request), response.isSuccess { return .succeeded }
        if attempt < 5 { try? await client.clock.sleep(for: .milliseconds(100) * (1 << (attempt - 1))) }
      }
      return .uncertain
    }
    let safe = try keyed.runOnce(seed: 1)
    #expect(safe.metrics.duplicated == 0)
    #expect(safe.summary.faults.count(of: RequestDraw.partitionResponseLoss.purpose) > 0)
  }
}
