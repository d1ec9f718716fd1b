import Foundation
import Testing

@testable import FaultSim

/// Fault coverage: a run counts the faults that fired by kind, a sweep has a
/// column per kind, and a property can require kinds to have fired.
@Suite struct FaultCoverageTests {
  static func reference(orders: Int = 400) -> RequestWorldOptions {
    var options = RequestWorldOptions.checkoutReference(orders: orders)
    options.network.connectionLost = 0.02
    return options
  }

  /// Every lost message is a `-x` line of the trace, counted apart from the
  /// fault tally: the two must agree for each seed.
  @Test func theTallyCountsEveryLostMessageTheTraceShows() throws {
    for seed in 0..<10 as Range<UInt64> {
      let run = try RequestWorld.runOnce(Self.reference(), seed: seed, tracing: true)
      let lostUp = run.trace.filter { $0.kind == .lost && $0.actor.hasPrefix("client#") }.count
      let lostDown = run.trace.filter { $0.kind == .lost && $0.actor == "server" }.count
      let dropped = run.trace.filter { $0.event == "connection lost" }.count
      #expect(run.summary.faults.count(of: RequestDraw.requestLoss.purpose) == UInt64(lostUp), "seed \(seed)")
      #expect(run.summary.faults.count(of: RequestDraw.responseLoss.purpose) == UInt64(lostDown), "seed \(seed)")
      #expect(run.summary.faults.count(of: RequestDraw.connectionLost.purpose) == UInt64(dropped), "seed \(seed)")
      #expect(lostUp > 0 && lostDown > 0 && dropped > 0)
    }
  }

  /// An accounting identity of the request world: every attempt sent is
  /// either lost on the way up or seen by the server (no connection
  /// failures are configured), so the `faults_request_loss` column equals
  /// attempts − server requests — two counters the tally does not touch.
  @Test func theSweepColumnsAddUpWithTheWorldsOwnCounters() throws {
    let sweep = try SweepExecutionTests.sweep(seeds: 30)
    let table = try CSVReader.records(try sweep.table())
    let header = table[0]
    #expect(header.contains("faults_request_loss") && header.contains("races_response_vs_timeout"))
    #expect(
      Array(header.suffix(7)) == Sweep<RequestWorld>.trailingColumns + ["gateway_retries", "gateway_timeouts"])
    for row in table.dropFirst() {
      func value(_ column: String) -> Double {
        Double(row[header.firstIndex(of: column)!])!
      }
      let attempts = (value("attempts_mean") * value("operations")).rounded()
      #expect(value("faults_request_loss") == attempts - value("server_requests"), "\(row)")
      #expect(value("faults_response_loss") > 0)
      // Every seed that met a race met at least one of some kind.
      let races = header.indices.filter { header[$0].hasPrefix("races_") }.map { Double(row[$0])! }.reduce(0, +)
      #expect(races >= value("seeds_with_races"))
      #expect((races == 0) == (value("seeds_with_races") == 0))
      #expect(value("faults_throttling") == 0)
    }
  }

  @Test func coverageSurvivesAPartialTableRoundTrip() throws {
    var result = Sweep<TransferWorld>.CellResult(metrics: TransferMetrics())
    var options = TransferWorldOptions.podcastRelaunch(users: 5, reconcile: .byIdentifier)
    options.daemon.failure = 0.3
    options.races.window = .nanoseconds(60_000_000_000)
    for seed in 0..<5 as Range<UInt64> {
      let run = try TransferWorld.runOnce(options, seed: seed, strategy: .random(orderSeed: seed))
      result.coverage.add(run.summary)
    }
    #expect(result.coverage.count(.failure) > 0 && result.coverage.count(.finishVsEnqueue) > 0)
    let decoded = try Sweep<TransferWorld>.CellResult(
      decodingState: result.encodedState, seedsWithRaces: 1, orderSensitiveSeeds: 0)
    #expect(decoded.coverage == result.coverage)
    #expect(decoded.coverage.fields == result.coverage.fields)
    #expect(throws: MetricsStateError.self) {
      try Sweep<TransferWorld>.CellResult(
        decodingState: result.metrics.encodedState, seedsWithRaces: 0, orderSensitiveSeeds: 0)
    }
  }

  /// The tally's encoding is the same whatever order the counts were made
  /// in, so a checkpoint does not depend on which worker finished first.
  @Test func theEncodingDoesNotDependOnTheOrderOfCounting() {
    var a = DrawTally()
    var b = DrawTally()
    a.record(RequestDraw.responseLoss.purpose)
    a.record(RequestDraw.requestLoss.purpose, count: 3)
    b.record(RequestDraw.requestLoss.purpose, count: 2)
    b.record(RequestDraw.responseLoss.purpose)
    b.record(RequestDraw.requestLoss.purpose)
    #expect(a.encoded == b.encoded)
    #expect(DrawTally(encoded: a.encoded[...]).map { $0.encoded } == a.encoded)
    #expect(DrawTally(encoded: "1:2,1:3") == nil, "a purpose listed twice")
    #expect(DrawTally(encoded: "x") == nil)
  }

  // MARK: Properties

  /// A property about lost responses that never meets one passes
  /// vacuously: the report must not hold.
  @Test func aPropertyWhoseFaultsNeverFiredDoesNotHold() throws {
    let scenario = try Scenario.parse(
      bytes: Array(
        #"{"description": "no response loss", "workload": {"operations": 50, "kind": "keyed-write"}, "network": {"requestLoss": 0.1}}"#
          .utf8), file: "quiet.json")
    let property = ScenarioProperty<RequestWorld>("keyed writes are never recorded twice") { run in
      run.metrics.duplicated == 0
    }
    let report = try property.check(scenario, seeds: 0..<20, requiring: [.responseLoss, .requestLoss])
    #expect(!report.holds)
    #expect(report.failure == nil)
    #expect(report.unexercised == ["response-loss"])
    #expect(report.description.contains("but response-loss never fired"), "\(report)")
    #expect(report.description.contains("request-loss"), "the coverage lists what did fire")

    let exercised = try property.check(scenario, seeds: 0..<20, requiring: [.requestLoss])
    #expect(exercised.holds, "\(exercised)")
    #expect(exercised.description.contains("faults fired: request-loss"), "\(exercised)")
  }

  @Test func aPropertyCanRequireARaceToBeMet() throws {
    let scenario = try Scenario.load(path: IdentityKeyingPropertyTests.scenarioPath("finish-enqueue-race"))
    let property = ScenarioProperty<TransferWorld>("nothing is lost") { $0.metrics.lost == 0 }
    #expect(try property.check(scenario, seeds: 0..<3, requiring: [.finishVsEnqueue]).holds)
    let report = try property.check(scenario, seeds: 0..<3, requiring: [.moveVsDelete, .failure])
    #expect(report.unexercised == ["move-vs-delete", "failure"])
  }
}
