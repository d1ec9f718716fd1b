import Foundation
import Testing

@testable import FaultSim

/// Every world's Mermaid traces, checked statement by statement with the
/// strict validator: each must be valid, and each participant, arrow and
/// note must draw exactly the trace entry it came from — with lost
/// messages, races, long runs and hostile text.
@Suite struct MermaidTraceTests {
  /// Checks that `diagram` is valid and draws `entries`: one participant per
  /// actor (labelled with its name, "race choices" for the engine) and, in
  /// order, one statement per entry with the entry's text (a race choice
  /// over the engine's participant).
  static func expectDrawsExactly(
    _ entries: [TraceEntry], _ diagram: String, _ what: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let statements: [MermaidSequenceValidator.Statement]
    do {
      statements = try MermaidSequenceValidator.validate(diagram)
    } catch {
      Issue.record("\(what): \(error)", sourceLocation: sourceLocation)
      return
    }
    var labels: [String: String] = [:]
    var drawn: [[String]] = []
    for statement in statements {
      switch statement {
      case .participant(let id, let label): labels[id] = label
      case .message(let from, let to, let lost, let text):
        drawn.append([labels[from] ?? "?", labels[to] ?? "?", lost ? "-x" : "->>", text])
      case .note(let over, let text): drawn.append([labels[over] ?? "?", labels[over] ?? "?", "note", text])
      }
    }
    // The engine's actor (race choices are its lines) is labelled so.
    func label(_ actor: String) -> String { actor == "engine" ? "race choices" : actor }
    var actors: Set<String> = []
    let expected = entries.map { entry -> [String] in
      var text = "\(entry.time) \(entry.event)"
      if !entry.details.isEmpty { text += " \(entry.details)" }
      let actor = label(entry.kind == .race ? "engine" : entry.actor)
      actors.insert(actor)
      switch entry.kind {
      case .message:
        actors.insert(label(entry.peer))
        return [actor, label(entry.peer), "->>", text]
      case .lost:
        actors.insert("network")
        return [actor, "network", "-x", "\(text) (lost; meant for \(entry.peer))"]
      case .note, .race: return [actor, actor, "note", text]
      }
    }
    #expect(
      Set(labels.values) == actors,
      "\(what): participants drawn but not actors \(Set(labels.values).subtracting(actors).sorted()), actors not drawn \(actors.subtracting(labels.values).sorted())",
      sourceLocation: sourceLocation)
    #expect(
      Set(labels.values).count == labels.count, "\(what): two actors share a participant",
      sourceLocation: sourceLocation)
    #expect(drawn.count == expected.count, "\(what): statements", sourceLocation: sourceLocation)
    if let index = zip(drawn, expected).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
      Issue.record(
        "\(what): entry \(index + 1) drawn \(drawn[index]), meant \(expected[index])", sourceLocation: sourceLocation)
    }
  }

  /// One seed of a shipped scenario, made small, with lossy networks in the
  /// request world, under FIFO and random race orders.
  static func traces(of name: String, size: Int, seeds: Range<UInt64>) throws -> [(String, [TraceEntry])] {
    let scenario = try Scenario.load(path: ScenarioTests.folder.appendingPathComponent(name).path)
    var runs: [(String, [TraceEntry])] = []
    for seed in seeds {
      let strategy: OrderStrategy = seed % 2 == 0 ? .fifo : .random(orderSeed: seed)
      let trace: [TraceEntry]
      if var options = RequestWorld.options(of: scenario.world) {
        options = RequestWorld.resized(options, to: min(size, RequestWorld.size(of: options)))
        options.network.requestLoss = max(options.network.requestLoss, 0.15)
        options.network.responseLoss = max(options.network.responseLoss, 0.25)
        trace = try RequestWorld.runOnce(options, seed: seed, strategy: strategy, tracing: true).trace
      } else if let options = TransferWorld.options(of: scenario.world) {
        let small = TransferWorld.resized(options, to: min(size / 10 + 1, TransferWorld.size(of: options)))
        trace = try TransferWorld.runOnce(small, seed: seed, strategy: strategy, tracing: true).trace
      } else if let options = BackgroundFetchWorld.options(of: scenario.world) {
        let small = BackgroundFetchWorld.resized(
          options, to: min(size / 10 + 1, BackgroundFetchWorld.size(of: options)))
        trace = try BackgroundFetchWorld.runOnce(small, seed: seed, strategy: strategy, tracing: true).trace
      } else {
        Issue.record("\(name): a world this test does not know: \(scenario.world.name)")
        trace = []
      }
      runs.append(("\(name) seed \(seed) \(strategy)", trace))
    }
    return runs
  }

  @Test(arguments: ScenarioTests.shipped)
  func everyShippedScenariosTraceIsValidAndSaysWhatHappened(name: String) throws {
    for (what, trace) in try Self.traces(of: name, size: 20, seeds: 0..<4) {
      #expect(!trace.isEmpty, "\(what)")
      Self.expectDrawsExactly(trace, TraceFormat.mermaid.render(trace), what)
    }
  }

  @Test func lostMessagesAndRacesAreCovered() throws {
    let lossy = try Self.traces(of: "checkout-reference.json", size: 20, seeds: 0..<2).flatMap(\.1)
    #expect(lossy.contains { $0.kind == .lost })
    let raced = try Self.traces(of: "finish-enqueue-race.json", size: 20, seeds: 0..<2).flatMap(\.1)
    #expect(raced.contains { $0.kind == .race })
    let diagram = TraceFormat.mermaid.render(lossy + raced)
    Self.expectDrawsExactly(lossy + raced, diagram, "lost messages and races")
    #expect(diagram.contains("#59; meant for client#35;"))
  }

  /// Longer than the writer's look-ahead: participants that first appear
  /// later are declared where they first appear.
  @Test(arguments: ["checkout-reference.json", "podcast-relaunch-blind.json", "background-fetch.json"])
  func longRunsStayValid(name: String) throws {
    let (what, trace) = try Self.traces(of: name, size: 700, seeds: 1..<2)[0]
    #expect(trace.count > TraceMermaid.lookahead, "\(what): \(trace.count) entries")
    let diagram = TraceFormat.mermaid.render(trace)
    Self.expectDrawsExactly(trace, diagram, what)
    if name == "checkout-reference.json" {
      // A client first seen after the look-ahead is declared where it starts.
      let lines = diagram.split(separator: "\n")
      let header = lines.prefix { $0 == "sequenceDiagram" || $0.hasPrefix("  participant") }
      #expect(header.count < lines.filter { $0.hasPrefix("  participant") }.count + 1)
    }
  }

  /// Hostile actors and text: every character Mermaid reads specially, in
  /// seeded random combinations, drawn back exactly.
  @Test func anyTextIsDrawnBackExactly() {
    let pieces = [
      ";", "#", ":", "%", "%%{init: {\"theme\": \"dark\"}}%%", "<br>", "<b>", "&amp;", "&", "\"", "'", "\n", "\r",
      "\t", "ü", "😀", "¶ß", "ﬂ°", "#35;", "#59;", "wrap:", "nowrap:", " ", "  ", "-x", "->>", "-->>", "+", "-", "()",
      ",", "@{", "}", "as", "end", "note", "title", "title: ", "participant", "%%", "x", "client_0", "\\", "a",
    ]
    var generator = SplitMix64(state: 42)
    func random(_ count: Int) -> String {
      (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
    }
    var entries: [TraceEntry] = []
    let fixedActors = ["client#0", "client_0", "end", "title", "a b", "x_41_", "A", "server", "engine", "network", ""]
    for index in 0..<400 {
      let actor = index % 3 == 0 ? random(1 + index % 4) : fixedActors[index % fixedActors.count]
      let peer = index % 5 == 0 ? random(2) : fixedActors[(index / 2) % fixedActors.count]
      let kinds: [TraceEntry.Kind] = [.note, .message, .lost, .race]
      entries.append(
        TraceEntry(
          time: VirtualTime(nanoseconds: UInt64(index) * 1_000_003), actor: actor.isEmpty ? "x" : actor,
          event: random(1 + index % 5), details: index % 2 == 0 ? "" : random(index % 7), kind: kinds[index % 4],
          peer: peer.isEmpty ? "y" : peer))
    }
    Self.expectDrawsExactly(entries, TraceFormat.mermaid.render(entries), "hostile text")
  }

  @Test func participantIdentifiersAreDistinctForDistinctActors() {
    let actors = [
      "client#0", "client_0", "client0", "client#00", "end", "End", "x_656e64_", "a b", "a_b", "a#b", "", "ü", "#",
    ]
    let ids = actors.map(MermaidText.participantID)
    #expect(Set(ids).count == actors.count, "\(ids)")
    #expect(MermaidText.participantID("client#17") == "client_17")
    #expect(MermaidText.participantID("end") == "x_656e64_")
  }
}
