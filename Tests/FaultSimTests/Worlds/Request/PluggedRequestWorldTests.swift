import FaultSim
import Foundation
import Testing

// This file imports FaultSim without @testable: the policies and handlers
// here are written the way a user writes them, against the public API only.

/// A naive client written from scratch, as a user would: a keyless POST,
/// retried on every retryable failure up to three attempts, exponential
/// backoff with full jitter (base 100 ms, cap 2 s). It decides what the
/// built-in client of `checkout-reference` (`client.safety: naive`) decides.
struct UserNaiveRetry: ClientPolicy {
  struct Memory {
    var tries = 0
    var previousWait = VirtualDuration.zero
    var mayHaveApplied = false
  }

  var attempts = 3
  var backoff = Backoff(growth: .exponential, jitter: .full, base: .milliseconds(100), cap: .seconds(2))
  var key = IdempotencyKey.none

  var initialMemory: Memory { Memory() }

  func beginSubmission(_ memory: inout Memory) {
    memory.tries = 0
    memory.mayHaveApplied = false
  }

  func countAttempt(_ memory: inout Memory) { memory.tries += 1 }

  func attemptNumber(_ memory: Memory) -> Int? { memory.tries }

  mutating func request(
    for message: MessageIdentity, _ memory: inout Memory, _ context: inout DecisionContext
  ) -> AttemptRequest {
    AttemptRequest(kind: .write, key: key)
  }

  mutating func afterSuccess(
    _ response: ResponseMessage, of message: MessageIdentity, _ memory: inout Memory,
    _ context: inout DecisionContext
  ) -> ClientDecision {
    .stop(.succeeded)
  }

  mutating func afterFailure(
    _ failure: AttemptFailure, of message: MessageIdentity, _ memory: inout Memory,
    _ context: inout DecisionContext
  ) -> ClientDecision {
    if !failure.provesNotApplied { memory.mayHaveApplied = true }
    guard failure.isRetryable, memory.tries < attempts else {
      return .stop(memory.mayHaveApplied ? .uncertain : .failed)
    }
    let previous = memory.previousWait == .zero ? backoff.base : memory.previousWait
    let wait = backoff.delay(
      retry: memory.tries - 1, previous: previous, word: context.valueWord(RequestDraw.backoff.key(message)))
    memory.previousWait = wait
    return .sendAfter(wait)
  }
}

/// A server that ignores idempotency keys: every write is applied (seed
/// 004's AG7), written as a user's handler.
struct KeyIgnoringServer: RequestHandler {
  var emptyEntry: Int { 0 }

  func applied(_ entry: Int) -> Int { entry }

  mutating func serve(
    _ request: RequestMessage, _ applied: inout Int, _ context: inout DecisionContext
  ) -> ResponseMessage {
    switch request.kind {
    case .write: applied += 1
    case .query: return ResponseMessage(answering: request, status: 200, content: .writeApplied(applied > 0))
    case .read: break
    }
    return ResponseMessage(answering: request, status: 200)
  }
}

@Suite struct PluggedRequestWorldTests {
  static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("scenarios/checkout-reference.json").path

  static func reference(_ overrides: [String] = ["workload.operations=2000"]) throws -> Scenario {
    try Scenario.load(path: file, overrides: overrides.map { try ScenarioOverride(parsing: $0) })
  }

  /// The built-in world's table, as `faultsim sweep` computes it.
  static func builtInTable(_ scenario: Scenario, seeds: Range<UInt64>, vary: [String]) throws -> String {
    let bytes = try #require(FileManager.default.contents(atPath: file))
    let sweep = try Sweep<RequestWorld>(
      file: scenario.file, bytes: Array(bytes), settings: scenario.overrides,
      grid: SweepGrid(axes: vary.map { try SweepGrid.Axis(parsing: $0) }),
      seeds: SeedRange(seeds.lowerBound, seeds.upperBound))
    return try sweep.table()
  }

  @Test func aUserWrittenNaiveClientSweepsByteForByteAsTheBuiltIn() throws {
    let scenario = try Self.reference()
    let vary = ["network.responseLoss=0.05,0.3", "network.requestLoss=0,0.1"]
    let expected = try Self.builtInTable(scenario, seeds: 0..<12, vary: vary)
    let mine = try scenario.requestWorld(client: UserNaiveRetry()).sweep(seeds: 0..<12, vary: vary, jobs: 2)
    #expect(mine == expected)
    // Not a vacuous comparison: the table has duplicates and retries in it.
    let rows = expected.split(whereSeparator: \.isNewline)
    try #require(rows.count == 5)
    let duplicated = try #require(rows[0].split(separator: ",").firstIndex(of: "duplicated"))
    for row in rows.dropFirst() {
      #expect(Int(row.split(separator: ",")[duplicated]) ?? 0 > 0, "every cell records orders twice: \(row)")
    }
  }

  @Test func theBuiltInPoliciesPluggedExplicitlyAreTheScenarioItself() throws {
    let scenario = try Scenario.shipped(
      "checkout-keyed", overrides: [try ScenarioOverride(parsing: "workload.operations=500")])
    let plugged = try scenario.requestWorld(client: BuiltInClientPolicy(), handler: BuiltInRequestHandler())
    let options = try #require(RequestWorld.options(of: scenario.world))
    for seed in UInt64(0)..<5 {
      let builtIn = try RequestWorld.runOnce(options, seed: seed, tracing: true)
      let custom = try plugged.runOnce(seed: seed, tracing: true)
      #expect(custom.metrics == builtIn.metrics)
      #expect(custom.trace == builtIn.trace)
      #expect(custom.finalState == builtIn.finalState)
    }
  }

  @Test func aServerOfYourOwnThatIgnoresKeysRecordsKeyedOrdersTwice() throws {
    let scenario = try Scenario.shipped(
      "checkout-keyed", overrides: [try ScenarioOverride(parsing: "workload.operations=2000")])
    let honouring = try scenario.requestWorld(client: BuiltInClientPolicy()).measure(seeds: 0..<5)
    let ignoring = try scenario.requestWorld(handler: KeyIgnoringServer()).measure(seeds: 0..<5)
    #expect(honouring.duplicated == 0)
    #expect(ignoring.duplicated > 0)
    // The same faults: the client sent as many attempts either way.
    #expect(ignoring.attempts == honouring.attempts)
  }

  @Test func aKeyMadeAtSendTimeIsNoKeyAtAll() throws {
    let scenario = try Self.reference()
    let keyless = try scenario.requestWorld(client: UserNaiveRetry()).measure(seeds: 0..<5)
    let fresh = try scenario.requestWorld(client: UserNaiveRetry(key: .fresh)).measure(seeds: 0..<5)
    let stable = try scenario.requestWorld(client: UserNaiveRetry(key: .stable)).measure(seeds: 0..<5)
    #expect(fresh.duplicated == keyless.duplicated)
    #expect(keyless.duplicated > 0)
    #expect(stable.duplicated == 0, "the server honours a key sent on every retry")
  }

  @Test func propertiesShrinkAUserPolicysFailureAndSayHowToReplayIt() throws {
    let world = try Self.reference().requestWorld(client: UserNaiveRetry())
    let report = try ScenarioProperty<CustomRequestWorld<UserNaiveRetry, BuiltInRequestHandler>>(
      "no order is recorded twice"
    ) { run in
      run.metrics.duplicated == 0
    }.check(world, seeds: 0..<20)
    let failure = try #require(report.failure)
    #expect(failure.seed == 0)
    #expect(failure.counterexample.faults.count == 1, "\(report)")
    #expect(failure.replay == "print(try world.trace(seed: 0))")
    let replayed = try world.trace(seed: failure.seed)
    #expect(replayed.contains("timeout") && replayed.contains("write attempt 2"))
  }

  @Test func aScenarioOfAnotherWorldIsRefusedByName() throws {
    let transfer = try Scenario.shipped("podcast-relaunch-blind")
    #expect(throws: WrongWorldError.self) { try transfer.requestWorld(client: UserNaiveRetry()) }
    do {
      _ = try transfer.requestWorld(client: UserNaiveRetry())
    } catch {
      #expect("\(error)".contains("is a transfer world; these decisions are for the request world"))
    }
  }
}
