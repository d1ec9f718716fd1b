import Foundation
import Testing

@testable import FaultSim

/// The scenarios compiled into the library: the same bytes as the files in
/// `scenarios/` (the one source of truth), loadable by name from any package.
@Suite struct ShippedScenarioTests {
  static let regenerate = "run 'bash scripts/generate-shipped-scenarios.sh' after changing scenarios/"

  @Test func theLibraryShipsExactlyTheScenariosFolder() {
    let files = ScenarioTests.shipped.map { String($0.dropLast(".json".count)) }
    #expect(Scenario.shippedNames == files, "the shipped list differs from scenarios/: \(Self.regenerate)")
  }

  @Test func everyShippedScenarioHasTheBytesOfItsFile() throws {
    for entry in ShippedScenarioFiles.all {
      let path = ScenarioTests.folder.appendingPathComponent("\(entry.name).json").path
      let file = try ScenarioDocument.bytes(path: path)
      // A Bool, so that a failure names the scenario instead of printing two byte arrays.
      let same = Array(entry.json.utf8) == file
      #expect(same, "\(entry.name) differs from scenarios/\(entry.name).json: \(Self.regenerate)")
    }
  }

  @Test func aShippedScenarioIsTheFileWithItsPathAndDigest() throws {
    let overrides = [try ScenarioOverride(parsing: "workload.operations=7")]
    for name in Scenario.shippedNames {
      let path = ScenarioTests.folder.appendingPathComponent("\(name).json").path
      let fromFile = try Scenario.load(path: path)
      let shipped = try Scenario.shipped(name)
      #expect(shipped.name == name)
      #expect(shipped.file == "scenarios/\(name).json")
      #expect(shipped.digest == fromFile.digest, "\(name)")
      #expect(shipped.description == fromFile.description)
      #expect(shipped.world.name == fromFile.world.name)
    }
    let overridden = try Scenario.shipped("checkout-keyed", overrides: overrides)
    guard let options = RequestWorld.options(of: overridden.world) else {
      Issue.record("checkout-keyed is a request world")
      return
    }
    #expect(options.workload.operations == 7)
    #expect(
      overridden.digest
        == (try Scenario.load(path: ScenarioTests.folder.path + "/checkout-keyed.json", overrides: overrides)).digest)
  }

  static func message(_ name: String) -> (ScenarioError.Kind?, String) {
    do {
      _ = try Scenario.shipped(name)
      return (nil, "no error")
    } catch {
      return (error.kind, error.description)
    }
  }

  @Test func aMistypedNameGetsTheClosestNameAndTheList() {
    let (kind, message) = Self.message("checkout-refrence")
    #expect(kind == .unreadableInput)
    #expect(message.hasPrefix("checkout-refrence: no scenario named \"checkout-refrence\" ships with FaultSim"))
    #expect(message.contains("did you mean \"checkout-reference\"?"))
    #expect(message.contains("Shipped scenarios: aws-backoff-occ, background-fetch, bg-processing-reconcile,"))
    #expect(message.contains("Scenario.load(path:)"))
  }

  @Test func aPathOrExtensionIsNamedAsSuch() {
    for given in ["checkout-keyed.json", "scenarios/checkout-keyed.json"] {
      let (kind, message) = Self.message(given)
      #expect(kind == .unreadableInput)
      #expect(message.contains("name it without folder and extension: \"checkout-keyed\""), "\(message)")
    }
  }

  @Test func aNameFarFromAnyGetsNoSuggestionButTheList() {
    let (_, message) = Self.message("zzzz")
    #expect(!message.contains("did you mean"))
    #expect(message.contains("Shipped scenarios: "))
  }

  @Test func aBadOverrideOfAShippedScenarioSaysWhere() throws {
    let overrides = [try ScenarioOverride(parsing: "network.responseLoss=1.5")]
    do {
      _ = try Scenario.shipped("checkout-keyed", overrides: overrides)
      Issue.record("an out-of-range override is refused")
    } catch {
      #expect(error.kind == .invalidData)
      #expect(
        error.description.hasPrefix("scenarios/checkout-keyed.json (command-line override): network.responseLoss:"))
    }
  }

  @Test func aScenarioFromAStringIsValidatedLikeAFile() throws {
    let json = #"{"description": "keyed orders", "workload": {"kind": "keyed-write", "operations": 500}}"#
    let scenario = try Scenario.parse(json: json, file: "tests/keyed-orders.json")
    #expect(scenario.name == "keyed-orders")
    #expect(scenario.file == "tests/keyed-orders.json")
    #expect(scenario.digest == (try Scenario.parse(bytes: Array(json.utf8), file: "x.json")).digest)
    guard let options = RequestWorld.options(of: scenario.world) else {
      Issue.record("the default world is the request world")
      return
    }
    #expect(options.workload.operations == 500)
    do {
      _ = try Scenario.parse(json: "{\n  \"description\": \"x\",\n  \"netwrok\": {}\n}", file: "inline.json")
      Issue.record("an unknown key is refused")
    } catch {
      #expect(error.kind == .invalidData)
      #expect(error.description.hasPrefix("inline.json:3:3: "), "\(error)")
      #expect(error.description.contains("did you mean \"network\""), "\(error)")
    }
  }
}
