import Checkout
import CheckoutSimulation
import FaultSim
import ReadmeExcerpts
import Testing

@Suite struct NaiveCheckoutClientTests {
  /// The property fails, and the report points at the bug: the first
  /// failing seed, the line that replays it, and a timeline shrunk to one
  /// lost response and the client's own calls around it.
  @Test func recordsAnOrderTwiceWhenItsResponseIsLost() throws {
    let world = try Scenario.reference(orders: 200).checkout(.naive)
    let report = try noOrderIsRecordedTwice.check(world, seeds: 0..<100)
    print(report)

    let failure = try #require(report.failure, "the naive client records orders twice")
    #expect(failure.replay == "print(try world.trace(seed: \(failure.seed)))")
    #expect(failure.counterexample.faults.count == 1, "one lost response is enough")
    let fault = try #require(failure.counterexample.faults.first)
    #expect(fault.hasSuffix("the response to message 1 is lost"), "\(fault)")

    let timeline = failure.counterexample.timeline.map(\.description)
    let posts = timeline.filter { $0.contains("POST /orders -> server") }
    #expect(posts.count == 2, "the order is posted twice")
    #expect(timeline.contains { $0.contains("response 200 -x") && $0.contains("(lost)") })
    #expect(timeline.contains { $0.contains("timed out") })
    #expect(timeline.contains { $0.contains("timedOut: retry in") }, "the client's own decision")
    #expect(timeline.contains { $0.contains("applied=2") }, "and the server records it again")

    #expect(try Readme.text().contains(report.description), "Examples/README.md shows another report than this prints")
  }

  /// The async client, run as code, duplicates orders as often as
  /// FaultSim's built-in model of a naive client in the same scenario, and
  /// as often as probability theory says (9.9275%).
  @Test func duplicatesAsOftenAsTheBuiltInNaiveModel() throws {
    let scenario = try Scenario.reference(orders: 2000)
    let code = try scenario.checkout(.naive).measure(seeds: 0..<5)
    let model = try RequestWorld.measure(#require(RequestWorld.options(of: scenario.world)), seeds: SeedRange(0, 5))
    print("duplicated: the client \(code.duplicated), the model \(model.duplicated) of \(code.operations) orders")
    #expect(code.operations == 10_000)
    #expect(model.operations == 10_000)
    let (codeRate, codeInterval) = code.duplicateRate
    let (modelRate, modelInterval) = model.duplicateRate
    #expect(codeInterval.lower <= modelRate && modelRate <= codeInterval.upper)
    #expect(modelInterval.lower <= codeRate && codeRate <= modelInterval.upper)
    #expect(codeInterval.lower <= 0.099275 && 0.099275 <= codeInterval.upper)
    // Losses are keyed by order and message number, not by who sends: the
    // same seeds lose the same messages, and the backoff's timing does not
    // change which orders are recorded twice.
    #expect(code.duplicated == model.duplicated)
  }
}
