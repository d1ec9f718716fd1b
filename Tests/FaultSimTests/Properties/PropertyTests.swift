import Foundation
import Testing

@testable import FaultSim

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The property-testing API and shrinking, as users write such tests.
@Suite struct PropertyTests {
  static func scenario(_ name: String, _ settings: [String]) throws -> Scenario {
    try Scenario.load(
      path: ScenarioTests.folder.appendingPathComponent(name).path,
      overrides: try settings.map { try ScenarioOverride(parsing: $0) })
  }

  /// The README's example: a property that holds.
  @Test func keyedOrdersAreNeverRecordedTwice() throws {
    let scenario = try Self.scenario("checkout-keyed.json", ["workload.operations=300"])
    let report = try ScenarioProperty<RequestWorld>("no order is recorded twice") { run in
      run.metrics.duplicated == 0
    }.check(scenario, seeds: 0..<200)
    #expect(report.holds, "\(report)")
    #expect(report.seedsChecked == 200)
    #expect(report.description.hasPrefix("property \"no order is recorded twice\" holds for all 200 seeds"))
  }

  @Test func replayCommandsArePasteableIntoAShell() {
    #expect(
      ReplayCommand.run(
        scenario: "my scenarios/a.json", seed: 3, overrides: [#"network.latency={"distribution":"fixed"}"#, "x.y=it's"])
        == #"faultsim run 'my scenarios/a.json' --seed 3 --set 'network.latency={"distribution":"fixed"}' "#
        + #"--set 'x.y=it'\''s' --trace"#)
    #expect(
      ReplayCommand.run(scenario: "a.json", seed: 0, overrides: [], order: "0,1", format: "json")
        == "faultsim run a.json --seed 0 --order 0,1 --trace --format json")
    #expect(ReplayCommand.orderText(.replay([])) == "fifo")
    #expect(ReplayCommand.orderText(.random(orderSeed: 7)) == "random:7")
  }

  /// The README's example: a property that fails, shrunk to one lost response.
  @Test func keylessOrdersFailWithAShrunkCounterexample() throws {
    let scenario = try Self.scenario("checkout-reference.json", ["workload.operations=2000"])
    let report = try ScenarioProperty<RequestWorld>("no order is recorded twice") { run in
      run.metrics.duplicated == 0
    }.check(scenario, seeds: 0..<100)
    let failure = try #require(report.failure)
    #expect(failure.seed == 0)
    #expect(
      failure.replay
        == "faultsim run \(scenario.file) --seed 0 --set workload.operations=2000 --trace")
    let counterexample = failure.counterexample
    #expect(counterexample.originalFaults > 100)
    #expect(counterexample.faults.count == 1)
    #expect(counterexample.faults[0].hasSuffix("the response to message 1 is lost"))
    #expect(counterexample.valuesSimplified)
    #expect(counterexample.smaller.first?.hasPrefix("workload.operations=") == true)
    #expect(!counterexample.budgetExhausted)
    let timeline = counterexample.timeline.map(\.description)
    #expect(timeline.contains { $0.contains("(lost)") })
    #expect(timeline.contains { $0.contains("apply") && $0.contains("applied=2") })
    #expect(timeline.count < 15, "the timeline is cut to the one order that matters")
    #expect(report.description.contains("shrunk counterexample"))
  }

  @Test func shrinkingStaysWithinItsBudget() throws {
    let scenario = try Self.scenario("checkout-reference.json", ["workload.operations=2000"])
    let report = try ScenarioProperty<RequestWorld>("no order is recorded twice") { $0.metrics.duplicated == 0 }
      .check(scenario, seeds: 0..<10, shrinking: ShrinkBudget(runs: 4))
    let counterexample = try #require(report.failure?.counterexample)
    #expect(counterexample.runs <= 4)
    #expect(counterexample.budgetExhausted)
    #expect(counterexample.description.contains("stopped at the budget"))
  }

  @Test func aStructuralFailureShrinksTheScenarioInstead() throws {
    let scenario = try Self.scenario("podcast-relaunch-blind.json", ["workload.users=20"])
    let report = try ScenarioProperty<TransferWorld>("no episode downloads twice") { $0.metrics.duplicated == 0 }
      .check(scenario, seeds: 0..<3)
    let counterexample = try #require(report.failure?.counterexample)
    #expect(counterexample.faults.isEmpty, "blind re-enqueue duplicates without any fault")
    #expect(counterexample.smaller.first?.hasPrefix("workload.users=") == true)
    #expect(counterexample.description.contains("none (the property fails without any fault)"))
  }

  @Test func raceOrdersShrinkBackToFIFO() throws {
    // A property broken only by the race: the finish-vs-enqueue order.
    var options = TransferWorldPropertyTests.finishEnqueueRace()
    options.daemon.failure = 0.5
    let fifo = try TransferWorld.runOnce(options, seed: 0, strategy: .fifo, tracing: false)
    #expect(fifo.metrics.duplicated == 0)
    let swapped = try TransferWorld.runOnce(
      options, seed: 0, strategy: .byRace(fifo.summary.choices.map { RaceAnswer(race: $0.race, chosen: 1) }),
      tracing: false)
    #expect(swapped.metrics.duplicated <= 1)
  }

  @Test func propertiesRefuseAScenarioOfAnotherWorld() throws {
    let scenario = try Self.scenario("podcast-relaunch-by-id.json", ["workload.users=2"])
    #expect(throws: PropertyError.self) {
      try ScenarioProperty<RequestWorld>("x") { _ in true }.check(scenario, seeds: 0..<1)
    }
  }
}

/// Trace formats and plots.
@Suite struct TraceAndPlotTests {
  static func trace() throws -> [TraceEntry] {
    var options = RequestWorldOptions.checkoutReference(orders: 1)
    options.network.requestLoss = 0
    options.network.responseLoss = 0
    options.network.latency = .fixed(.nanoseconds(500_000_000))
    options.client.attempts = 2
    // The response lands exactly on the timeout: a race; alternative 1 swaps.
    let run = try RequestWorld.runOnce(options, seed: 3, strategy: .replay([1]), tracing: true)
    var lossy = options
    lossy.network.responseLoss = 1
    let lost = try RequestWorld.runOnce(lossy, seed: 3, strategy: .fifo, tracing: true)
    return run.trace + lost.trace
  }

  @Test func jsonLinesAreOneObjectPerEvent() throws {
    let entries = try Self.trace()
    let lines = TraceFormat.json.render(entries).split(separator: "\n")
    #expect(lines.count == entries.count)
    for line in lines {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
      #expect(object["time_ns"] is NSNumber && object["actor"] is String && object["event"] is String)
    }
    #expect(lines.contains { $0.contains("\"lost\":true") })
    #expect(lines.contains { $0.contains("\"kind\":\"race\"") })
    #expect(TraceJSON.quoted("a\"b\\c\n\u{1}") == "\"a\\\"b\\\\c\\n\\u0001\"")
  }

  @Test func mermaidDrawsMessagesLossesAndRaces() throws {
    let entries = try Self.trace()
    let diagram = TraceFormat.mermaid.render(entries)
    let lines = diagram.split(separator: "\n").map(String.init)
    #expect(lines.first == "sequenceDiagram")
    #expect(lines.contains("  participant client_0 as client#35;0"))
    #expect(lines.contains("  participant network as network"))
    #expect(lines.contains("  participant engine as race choices"))
    #expect(lines.contains { $0.hasPrefix("  client_0->>server: ") })
    #expect(lines.contains { $0.hasPrefix("  server-xnetwork: ") && $0.hasSuffix(" (lost#59; meant for client#35;0)") })
    #expect(lines.contains { $0.hasPrefix("  Note over engine: ") && $0.contains("response-vs-timeout") })
    // Valid to Mermaid's grammar, and every line draws its entry exactly.
    MermaidTraceTests.expectDrawsExactly(entries, diagram, "request trace with a race and a loss")
  }

  @Test func plotsAreWellFormedSVGWithBandsAxesAndALegend() throws {
    let plot = LinePlot(
      title: "duplicate rate <keyed & keyless>", xLabel: "network.responseLoss", yLabel: "duplicate_rate",
      series: [
        .init(
          name: "keyless-write",
          points: [.init(x: 0.1, y: 0.1, low: 0.09, high: 0.11), .init(x: 0.05, y: 0.05, low: 0.04, high: 0.06)]),
        .init(
          name: "keyed-write",
          points: [.init(x: 0.05, y: 0, low: 0, high: 0.01), .init(x: 0.1, y: 0, low: 0, high: 0.01)]),
      ])
    let svg = plot.svg
    final class Collector: NSObject, XMLParserDelegate {
      var elements: [String] = []
      var texts: [String] = []
      func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
      ) { elements.append(name) }
      func parser(_ parser: XMLParser, foundCharacters string: String) { texts.append(string) }
    }
    let collector = Collector()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = collector
    #expect(parser.parse(), "the SVG must be well-formed XML")
    #expect(collector.elements.filter { $0 == "polyline" }.count == 2)
    #expect(collector.elements.filter { $0 == "polygon" }.count == 2)
    let text = collector.texts.joined(separator: "|")
    #expect(text.contains("network.responseLoss") && text.contains("duplicate_rate"))
    #expect(text.contains("keyless-write") && text.contains("keyed-write"))
    #expect(text.contains("bands: 95% interval"))
    #expect(svg.contains("&lt;keyed &amp; keyless&gt;"))
    #expect(PlotAxis(low: 0, high: 0.3).labels == ["0.0", "0.1", "0.2", "0.3"])
  }
}
