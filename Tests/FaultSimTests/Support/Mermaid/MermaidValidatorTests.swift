import Foundation
import Testing

/// The strict Mermaid validator against samples whose verdicts follow from
/// Mermaid's grammar (each sample says why). CI also runs the same samples
/// through Mermaid itself (`Tests/Mermaid/check-with-mermaid.sh`), which
/// confirms each sample's "mermaid" verdict: draws, misdraws or fails.
@Suite struct MermaidValidatorTests {
  struct Sample: Decodable {
    var name: String
    var why: String
    var diagram: String
    /// "valid", or a piece of the reason the validator must give.
    var subset: String
    /// What Mermaid does with it: "draws", "misdraws" or "fails".
    var mermaid: String
    var participants: [[String]]
    var messages: [[String]]
  }

  static let samples: [Sample] = {
    let url = Bundle.module.url(forResource: "samples", withExtension: "json", subdirectory: "Fixtures/mermaid")!
    return try! JSONDecoder().decode([Sample].self, from: Data(contentsOf: url))
  }()

  @Test func thereAreKnownGoodAndKnownBadSamples() {
    #expect(Self.samples.filter { $0.subset == "valid" }.count >= 8)
    #expect(Self.samples.filter { $0.subset != "valid" }.count >= 15)
    // Every sample Mermaid fails or misdraws must be refused.
    for sample in Self.samples where sample.mermaid != "draws" {
      #expect(sample.subset != "valid", "\(sample.name)")
    }
  }

  @Test(arguments: samples.map(\.name))
  func sampleGetsItsVerdict(name: String) throws {
    let sample = try #require(Self.samples.first { $0.name == name })
    if sample.subset == "valid" {
      let statements = try MermaidSequenceValidator.validate(sample.diagram)
      var participants: [[String]] = []
      var messages: [[String]] = []
      for statement in statements {
        switch statement {
        case .participant(let id, let label): participants.append([id, label])
        case .message(let from, let to, let lost, let text): messages.append([from, to, lost ? "-x" : "->>", text])
        case .note(let over, let text): messages.append([over, over, "note", text])
        }
      }
      #expect(participants == sample.participants, "\(sample.why)")
      #expect(messages == sample.messages, "\(sample.why)")
    } else {
      let violation = #expect(throws: MermaidViolation.self, "\(sample.why)") {
        try MermaidSequenceValidator.validate(sample.diagram)
      }
      #expect(violation?.reason.contains(sample.subset) == true, "\(violation.map(\.description) ?? "accepted")")
    }
  }

  @Test func theLexerPortKeepsMermaidsRuleOrder() throws {
    // Keywords are tried before identifiers and need a word boundary.
    let (tokens, _) = try MermaidSequenceLexer.tokens(of: "end end_1->>optional: t\n")
    #expect(tokens.map(\.name) == ["end", "ACTOR", "SOLID_ARROW", "ACTOR", "TXT", "NEWLINE", "NEWLINE"])
    #expect(tokens[1].text == "end_1" && tokens[3].text == "optional")
    // 'option' is a keyword that starts a LINE: the rest is its text.
    let (keyword, _) = try MermaidSequenceLexer.tokens(of: "a->>option: t\n")
    #expect(keyword.map(\.name) == ["ACTOR", "SOLID_ARROW", "option", "restOfLine", "NEWLINE", "NEWLINE"])
    // The text runs to the first '#', ';' or line break.
    let (cut, comments) = try MermaidSequenceLexer.tokens(of: "a->>b: x # y; z\n")
    #expect(cut.map(\.text).contains(": x "))
    #expect(comments.map(\.text) == ["# y; z"])
    // '-x' is a crossed arrow, not part of the identifier.
    let (lost, _) = try MermaidSequenceLexer.tokens(of: "server-xnetwork: t\n")
    #expect(lost.prefix(3).map(\.name) == ["ACTOR", "SOLID_CROSS", "ACTOR"])
  }

  @Test func encodeEntitiesMatchesMermaids() {
    #expect(MermaidPreprocessing.encodeEntities("a #35; b #lt; c #x").text == "a ﬂ°°35¶ß b ﬂ°lt¶ß c #x")
    #expect(MermaidPreprocessing.encodeEntities("style a:#f00;").deletedSemicolon)
  }
}
