import Foundation
import Testing

@testable import FaultSim

/// The draw-key contract made checkable: every purpose declared once, no two
/// sharing a raw value, and no model building a key from raw integers.
@Suite struct DrawPurposeCatalogTests {
  @Test func rawValuesAreUniqueAcrossAllWorlds() {
    var seen: [UInt64: String] = [:]
    for entry in DrawPurposeCatalog.entries {
      let name = "\(entry.owner).\(entry.name)"
      if let other = seen[entry.purpose.rawValue] {
        Issue.record("\(name) and \(other) share the raw value \(entry.purpose.rawValue)")
      }
      seen[entry.purpose.rawValue] = name
    }
    #expect(seen.count >= 50, "every world's purposes are listed")
  }

  @Test func namesAreUniqueWithinEachOwnerAndReadable() {
    var seen = Set<String>()
    for entry in DrawPurposeCatalog.entries {
      #expect(seen.insert("\(entry.owner).\(entry.name)").inserted, "\(entry.owner).\(entry.name) twice")
      #expect(entry.name.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(entry.name)")
    }
    #expect(RequestDraw.requestLoss.name == "request-loss")
    #expect(TransferDraw.finishVsEnqueue.name == "finish-vs-enqueue")
  }

  /// Names come from the runtime's case names, which are what printing a
  /// case gives, for every purpose of every set.
  @Test func caseNamesAreWhatPrintingACaseGives() {
    func check<Purposes: DrawPurposeSet>(_ purposes: Purposes.Type) -> Int {
      for purpose in Purposes.allCases {
        #expect(caseName(purpose) == String(describing: purpose))
        #expect(purpose.name == kebabCase(String(describing: purpose)))
      }
      return Purposes.allCases.count
    }
    var checked = 0
    for set in DrawPurposeCatalog.sets { checked += check(set.purposes) }
    #expect(checked + 1 == DrawPurposeCatalog.entries.count, "every set's every case")
  }

  /// ASCII names take a byte-wise shortcut; others go character by character.
  @Test func kebabCaseSplitsAtUpperCaseLetters() {
    #expect(kebabCase("requestLoss") == "request-loss")
    #expect(kebabCase("ARetry2") == "a-retry2")
    #expect(kebabCase("") == "")
    #expect(kebabCase("çaVa") == "ça-va")
    #expect(kebabCase("ÉtéLong") == "été-long")
  }

  @Test func everyWorldsFaultsAreListedInTheirOwnSet() {
    #expect(RequestDraw.faults.contains(.responseLoss))
    #expect(!RequestDraw.faults.contains(.latencyUp))
    #expect(
      TransferDraw.faults.map(\.name) == [
        "force-quit", "user-cancel", "failure", "resume-data", "content", "rejection",
      ])
    #expect(BackgroundFetchDraw.faults == [.fetchFailure])
  }

  /// Keys come from identities: the raw initialiser is for the engine's
  /// derived keys (and tests of the draw function) only.
  @Test func onlyTheEngineBuildsKeysFromRawIntegers() throws {
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources")
    let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
    var checked = 0
    for case let url as URL in files where url.pathExtension == "swift" {
      let text = try String(contentsOf: url, encoding: .utf8)
      checked += 1
      guard !url.path.contains("/Engine/Randomness/") && !url.path.contains("/Engine/Races/") else { continue }
      #expect(!text.contains("rawEntity:"), "\(url.lastPathComponent) builds a draw key from a raw integer")
    }
    #expect(checked > 100)
  }
}
