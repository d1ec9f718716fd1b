import Foundation
import Testing

@testable import FaultSim

/// `--set` and `--vary` overrides: suggestions for mistyped key paths, and
/// key paths of any length refused without a crash.
@Suite struct ScenarioOverrideTests {
  static let base = #"{"description": "d", "network": {"responseLoss": 0.1}}"#

  @Test func aMistypedOverrideKeySuggestsTheKeyEvenWhenTheFileHasIt() {
    // The file has responseLoss; the typo comes from the command line, so
    // the present key is the one meant.
    let message = ScenarioTests.message(Self.base, overrides: ["network.respnseLoss=0.2"])
    #expect(message.contains(#"did you mean "responseLoss"?"#), "\(message)")
    let top = ScenarioTests.message(Self.base, overrides: ["netwrok.responseLoss=0.2"])
    #expect(top.contains(#"did you mean "network"?"#), "\(top)")
    // In the file itself, a present key is still not offered for a typo.
    let inFile = ScenarioTests.message(#"{"description": "d", "network": {"responseLoss": 0.1, "respnseLoss": 0.2}}"#)
    #expect(!inFile.contains("did you mean"), "\(inFile)")
  }

  @Test(arguments: [12_000, 100_000, 1_000_000])
  func aKeyPathOfAnyLengthIsRefusedWithoutCrashing(components: Int) throws {
    let path = Array(repeating: "a", count: components).joined(separator: ".")
    let message: String
    do {
      let override = try ScenarioOverride(parsing: "\(path)=1")
      message = ScenarioTests.message(Self.base, overrides: [override.description])
    } catch {
      message = error.description
    }
    #expect(message.contains("\(components) components"), "\(message.prefix(300))")
    #expect(message.contains("at most \(ScenarioOverride.maximumDepth)"), "\(message.prefix(300))")
    #expect(message.count < 500, "the message repeats the whole path: \(message.count) characters")
  }

  @Test func aLongKeyPathBuiltInCodeIsRefusedWhenApplied() {
    let keyPath = ScenarioKeyPath(Array(repeating: .key("a"), count: 200_000))
    let override = ScenarioOverride(keyPath: keyPath, text: "1")
    do {
      _ = try Scenario.parse(bytes: Array(Self.base.utf8), file: "test.json", overrides: [override])
      Issue.record("a 200,000-component key path was accepted")
    } catch {
      #expect(error.message.contains("200000 components"), "\(error.message.prefix(300))")
    }
  }

  @Test func theDeepestAllowedKeyPathStillWorksAndIsRejectedOnlyAsAnUnknownKey() throws {
    let path = Array(repeating: "a", count: ScenarioOverride.maximumDepth).joined(separator: ".")
    let message = ScenarioTests.message(Self.base, overrides: ["\(path)=1"])
    #expect(message.contains("unknown key"), "\(message.prefix(300))")
  }
}
