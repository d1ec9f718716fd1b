import Foundation
import Testing

@testable import FaultSim

/// The checked, key-by-key reading of scenario objects: types, ranges,
/// required and unknown keys, durations, and the exact messages users see.
@Suite struct ScenarioObjectReaderTests {
  // MARK: - Helpers

  private static let file = "scenarios/x.json"

  private func document(_ text: String) throws(ScenarioError) -> ScenarioObjectReader {
    try ScenarioDocument.parse(bytes: Array(text.utf8), file: Self.file)
  }

  /// The error `body` throws, or `nil` (recorded as an issue) if it does not.
  private func failure(
    _ body: () throws(ScenarioError) -> Void, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> ScenarioError? {
    do {
      try body()
      Issue.record("expected a ScenarioError", sourceLocation: sourceLocation)
      return nil
    } catch {
      return error
    }
  }

  /// The description of the error thrown reading `key` of `text` with `read`.
  private func message(
    _ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation,
    _ read: (ScenarioObjectReader) throws(ScenarioError) -> Void
  ) -> String? {
    failure(
      { () throws(ScenarioError) in
        let root = try document(text)
        try read(root)
        try root.finish()
      }, sourceLocation: sourceLocation)?.description
  }

  enum Policy: String, CaseIterable {
    case none
    case fixed
    case exponential
  }

  // MARK: - Reading valid documents

  @Test func readsEveryKindWithDefaults() throws {
    let root = try document(
      """
      {
        "description": "retry after lost responses",
        "seed": 18446744073709551615,
        "keyed": true,
        "network": {"requestLoss": 0.05, "responseLoss": 1e-1, "latency": "80ms"},
        "clients": [{"count": 3, "policy": "exponential"}, {"count": 1e3, "policy": "none"}],
        "weights": [1, 2.5]
      }
      """)
    #expect(try root.string("description") == "retry after lost responses")
    #expect(try root.unsigned64("seed") == .max)
    #expect(try root.bool("keyed") == true)
    #expect(try root.bool("verbose", default: false) == false)
    #expect(try root.integer("runs", default: 7, in: 1...10) == 7)
    let network = try #require(try root.object("network"))
    #expect(network.keyPath.description == "network")
    #expect(try network.probability("requestLoss") == 0.05)
    #expect(try network.probability("responseLoss") == 0.1)
    #expect(try network.duration("latency", in: 0...1_000_000_000) == 80_000_000)
    #expect(try network.duration("jitter", default: 0) == 0)
    let clients = try #require(try root.objects("clients"))
    #expect(clients.map(\.keyPath.description) == ["clients[0]", "clients[1]"])
    #expect(
      try clients.map { client throws(ScenarioError) in try client.integer("count", in: 1...10_000) } == [3, 1_000])
    #expect(try clients[0].choice("policy", default: Policy.none) == .exponential)
    #expect(try clients[1].choice("policy", among: ["none", "fixed", "exponential"]) == "none")
    let weights = try #require(try root.array("weights"))
    #expect(try weights.map { value throws(ScenarioError) in try value.double(in: 0...10) } == [1, 2.5])
    #expect(weights[1].keyPath.description == "weights[1]")
    #expect(try root.object("absent") == nil)
    #expect(try root.array("absent") == nil)
    try root.finish()
  }

  @Test func keyPathsPrintDotsIndicesAndQuotedOddKeys() {
    let path = ScenarioKeyPath([.key("clients"), .index(2), .key("policy")])
    #expect(path.description == "clients[2].policy")
    #expect(ScenarioKeyPath.root.description == "")
    #expect(ScenarioKeyPath([.key("limits"), .key("max delay")]).description == "limits[\"max delay\"]")
    #expect(ScenarioKeyPath([.key("a.b"), .key("c")]).description == "[\"a.b\"].c")
    #expect(ScenarioKeyPath([.key("")]).description == "[\"\"]")
    // Odd keys are cut after 60 characters so a hostile key cannot flood a message.
    let long = String(repeating: "a b ", count: 40)
    #expect(ScenarioKeyPath([.key(long)]).description == "[\"" + String(long.prefix(60)) + "…\"]")
    #expect(ScenarioKeyPath.root.appending(key: "x-y_z9").appending(index: 0).description == "x-y_z9[0]")
  }

  // MARK: - Type and range errors

  @Test func outOfRangeNamesFileLineColumnPathAndRange() {
    let text = """
      {
        "network": {
          "responseLoss": 1.5
        }
      }
      """
    #expect(
      message(text) { root throws(ScenarioError) in _ = try root.object("network")?.probability("responseLoss") }
        == "scenarios/x.json:3:21: network.responseLoss: 1.5 is out of range; allowed 0...1")
  }

  @Test func numberErrors() {
    let double = #"{"rate": "0.5"}"#
    #expect(
      message(double) { root throws(ScenarioError) in _ = try root.double("rate") }
        == #"scenarios/x.json:1:10: rate: expected a number, got the string "0.5""#)
    #expect(
      message(#"{"rate": null}"#) { root throws(ScenarioError) in _ = try root.double("rate") }
        == "scenarios/x.json:1:10: rate: expected a number, got null")
    #expect(
      message(#"{"rate": -2}"#) { root throws(ScenarioError) in _ = try root.double("rate", in: 0...Double.infinity) }
        == "scenarios/x.json:1:10: rate: -2 is out of range; allowed 0 or more")
    #expect(
      message(#"{"rate": 2.5e3}"#) { root throws(ScenarioError) in _ = try root.double("rate", in: -1...0.25) }
        == "scenarios/x.json:1:10: rate: 2.5e3 is out of range; allowed -1...0.25")
    #expect(
      message(#"{"rate": 9}"#) { root throws(ScenarioError) in
        _ = try root.double("rate", in: -Double.greatestFiniteMagnitude...5)
      } == "scenarios/x.json:1:10: rate: 9 is out of range; allowed at most 5")
  }

  @Test func integerErrors() throws {
    #expect(
      message(#"{"count": 3.5}"#) { root throws(ScenarioError) in _ = try root.integer("count") }
        == "scenarios/x.json:1:11: count: expected an integer, got 3.5")
    #expect(
      message(#"{"count": 1e-1}"#) { root throws(ScenarioError) in _ = try root.integer("count") }
        == "scenarios/x.json:1:11: count: expected an integer, got 1e-1")
    #expect(
      message(#"{"count": 12}"#) { root throws(ScenarioError) in _ = try root.integer("count", in: 1...10) }
        == "scenarios/x.json:1:11: count: 12 is out of range; allowed 1...10")
    #expect(
      message(#"{"count": 1e30}"#) { root throws(ScenarioError) in _ = try root.integer("count", in: 1...10) }
        == "scenarios/x.json:1:11: count: 1e30 is out of range; allowed 1...10")
    #expect(
      message(#"{"count": "3"}"#) { root throws(ScenarioError) in _ = try root.integer("count") }
        == #"scenarios/x.json:1:11: count: expected an integer, got the string "3""#)
    #expect(
      message(#"{"count": [3]}"#) { root throws(ScenarioError) in _ = try root.integer("count") }
        == "scenarios/x.json:1:11: count: expected an integer, got an array")
    #expect(try document(#"{"count": 1e3}"#).integer("count") == 1_000)
    #expect(try document(#"{"count": 2.50e1}"#).integer("count") == 25)
    #expect(try document(#"{"count": -9223372036854775808}"#).integer("count") == .min)
    #expect(
      message(#"{"seed": -1}"#) { root throws(ScenarioError) in _ = try root.unsigned64("seed") }
        == "scenarios/x.json:1:10: seed: -1 is out of range; allowed 0...18446744073709551615")
    #expect(
      message(#"{"seed": 18446744073709551616}"#) { root throws(ScenarioError) in _ = try root.unsigned64("seed") }
        == "scenarios/x.json:1:10: seed: 18446744073709551616 is out of range; allowed 0...18446744073709551615")
    #expect(
      message(#"{"seed": 0.5}"#) { root throws(ScenarioError) in _ = try root.unsigned64("seed") }
        == "scenarios/x.json:1:10: seed: expected an unsigned integer, got 0.5")
  }

  @Test func boolStringAndChoiceErrors() {
    #expect(
      message(#"{"keyed": "yes"}"#) { root throws(ScenarioError) in _ = try root.bool("keyed") }
        == #"scenarios/x.json:1:11: keyed: expected true or false, got the string "yes""#)
    #expect(
      message(#"{"name": 42}"#) { root throws(ScenarioError) in _ = try root.string("name") }
        == "scenarios/x.json:1:10: name: expected a string, got 42")
    let allowed = ["none", "fixed", "exponential"]
    #expect(
      message(#"{"policy": "exponentail"}"#) { root throws(ScenarioError) in
        _ = try root.choice("policy", among: allowed)
      }
        == #"scenarios/x.json:1:12: policy: "exponentail" is not one of the allowed values: none, fixed, exponential; did you mean "exponential"?"#
    )
    #expect(
      message(#"{"policy": "linear"}"#) { root throws(ScenarioError) in
        let _: Policy = try root.choice("policy")
      } == #"scenarios/x.json:1:12: policy: "linear" is not one of the allowed values: none, fixed, exponential"#)
    #expect(
      message(#"{"policy": 1}"#) { root throws(ScenarioError) in _ = try root.choice("policy", among: allowed) }
        == #"scenarios/x.json:1:12: policy: expected one of "none", "fixed", "exponential", got 1"#)
    #expect(
      message(#"{"policy": "Fixed"}"#) { root throws(ScenarioError) in _ = try root.choice("policy", among: allowed) }
        == #"scenarios/x.json:1:12: policy: "Fixed" is not one of the allowed values: none, fixed, exponential; did you mean "fixed"?"#
    )
  }

  @Test func containerErrorsNameTheElement() {
    let text = #"{"clients": [{"count": 1}, 3]}"#
    #expect(
      message(text) { root throws(ScenarioError) in _ = try root.objects("clients") }
        == "scenarios/x.json:1:28: clients[1]: expected an object, got 3")
    #expect(
      message(#"{"network": []}"#) { root throws(ScenarioError) in _ = try root.object("network") }
        == "scenarios/x.json:1:13: network: expected an object, got an array")
    #expect(
      message(#"{"clients": {}}"#) { root throws(ScenarioError) in _ = try root.array("clients") }
        == "scenarios/x.json:1:13: clients: expected an array, got an object")
    let nested = #"{"clients": [{"policy": "fixed"}, {"policy": "fast"}]}"#
    #expect(
      message(nested) { root throws(ScenarioError) in
        for client in try root.objects("clients") ?? [] { _ = try client.choice("policy", default: Policy.none) }
      }
        == #"scenarios/x.json:1:46: clients[1].policy: "fast" is not one of the allowed values: none, fixed, exponential"#
    )
  }

  // MARK: - Missing and unknown keys

  @Test func aMissingRequiredKeyNamesItsPathAtTheObject() {
    let text = """
      {
        "network": {"requestLoss": 0.1}
      }
      """
    #expect(
      message(text) { root throws(ScenarioError) in
        let network = try root.object("network")
        _ = try network?.probability("requestLoss")
        _ = try network?.probability("responseLoss")
      } == "scenarios/x.json:2:14: network.responseLoss: required key is missing")
    #expect(
      message("{}") { root throws(ScenarioError) in _ = try root.duration("timeout") }
        == "scenarios/x.json:1:1: timeout: required key is missing")
    #expect(
      message("{}") { root throws(ScenarioError) in let _: Policy = try root.choice("policy") }
        == "scenarios/x.json:1:1: policy: required key is missing")
  }

  @Test func unknownKeysAreRejectedWithAllowedKeysAndASuggestion() {
    let text = """
      {
        "network": {
          "requestLoss": 0.1,
          "respnseLoss": 0.2
        }
      }
      """
    #expect(
      message(text) { root throws(ScenarioError) in
        let network = try root.object("network")
        _ = try network?.probability("requestLoss", default: 0)
        _ = try network?.probability("responseLoss", default: 0)
        _ = try network?.duration("latency", default: 0)
      }
        == #"scenarios/x.json:4:5: network.respnseLoss: unknown key; allowed keys: requestLoss, responseLoss, latency; did you mean "responseLoss"?"#
    )
  }

  @Test func unknownKeyMessagesWithoutSuggestionsOrAllowedKeys() {
    #expect(
      message(#"{"seed": 1, "colour": "red"}"#) { root throws(ScenarioError) in _ = try root.unsigned64("seed") }
        == "scenarios/x.json:1:13: colour: unknown key; allowed keys: seed")
    #expect(
      message(#"{"x": 1}"#) { _ throws(ScenarioError) in }
        == "scenarios/x.json:1:2: x: unknown key; this object takes no keys")
    // A key already present is not suggested for another unknown key.
    #expect(
      message(#"{"seed": 1, "seeds": 2}"#) { root throws(ScenarioError) in _ = try root.unsigned64("seed") }
        == "scenarios/x.json:1:13: seeds: unknown key; allowed keys: seed")
    #expect(
      message(#"{"max delay": 1}"#) { root throws(ScenarioError) in _ = try root.integer("maxDelay", default: 0) }
        == #"scenarios/x.json:1:2: ["max delay"]: unknown key; allowed keys: maxDelay; did you mean "maxDelay"?"#)
  }

  @Test func finishingTheRootChecksNestedReadersInOrder() throws {
    let text = #"{"a": {"x": 1, "typo": 2}, "list": [{"y": 1}, {"y": 2, "odd": 3}]}"#
    // Only the root is finished here; the nested readers are checked too.
    let error = failure { () throws(ScenarioError) in
      let root = try document(text)
      _ = try root.object("a")
      _ = try root.objects("list")
      try root.finish()
    }
    // The first unknown key in document order.
    #expect(error?.description == "scenarios/x.json:1:8: a.x: unknown key; this object takes no keys")
    let second = failure { () throws(ScenarioError) in
      let root = try document(text)
      let a = try root.object("a")
      _ = try a?.integer("x")
      _ = try a?.integer("typo")
      for element in try root.objects("list") ?? [] { _ = try element.integer("y") }
      try root.finish()
    }
    #expect(second?.description == "scenarios/x.json:1:56: list[1].odd: unknown key; allowed keys: y")
    let root = try document(text)
    root.ignore("a")
    root.ignore("list")
    try root.finish()
  }

  @Test func errorsForCrossFieldChecksPointAtTheKey() throws {
    let root = try document(#"{"minDelay": "2s", "maxDelay": "1s"}"#)
    let error = root.error("must not be shorter than minDelay (2s)", key: "maxDelay")
    #expect(error.description == "scenarios/x.json:1:32: maxDelay: must not be shorter than minDelay (2s)")
    #expect(root.error("whole object").description == "scenarios/x.json:1:1: whole object")
    #expect(root.missingKeyError("jitter").description == "scenarios/x.json:1:1: jitter: required key is missing")
  }

  // MARK: - Documents

  @Test func documentLevelErrorsAreBadData() {
    let syntax = failure { () throws(ScenarioError) in _ = try document("{\"a\": 1,}") }
    #expect(syntax?.description == "scenarios/x.json:1:8: trailing comma before '}'")
    #expect(syntax?.kind == .invalidData)
    let notObject = failure { () throws(ScenarioError) in _ = try document("\n  [1]") }
    #expect(
      notObject?.description
        == "scenarios/x.json:2:3: a scenario must be a JSON object {…} at the top level, got an array")
    #expect(notObject?.kind == .invalidData)
  }

  @Test func loadingReportsMissingFilesAndDirectoriesAsUnreadableInput() throws {
    let missing = failure { () throws(ScenarioError) in
      _ = try ScenarioDocument.load(path: "/nonexistent-faultsim/x.json")
    }
    #expect(missing?.kind == .unreadableInput)
    #expect(missing?.description == "/nonexistent-faultsim/x.json: no such file; check the path")
    let directory = FileManager.default.temporaryDirectory.path
    let isDirectory = failure { () throws(ScenarioError) in _ = try ScenarioDocument.load(path: directory) }
    #expect(isDirectory?.kind == .unreadableInput)
    #expect(isDirectory?.message == "is a directory, not a file; name a scenario file (.json)")

    let url = FileManager.default.temporaryDirectory.appendingPathComponent("faultsim-\(UUID().uuidString).json")
    try Data(#"{"seed": 5, "extra": true}"#.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let root = try ScenarioDocument.load(path: url.path)
    #expect(try root.unsigned64("seed") == 5)
    let unknown = failure { () throws(ScenarioError) in try root.finish() }
    #expect(unknown?.description == "\(url.path):1:13: extra: unknown key; allowed keys: seed")
    #expect(unknown?.kind == .invalidData)
  }

  @Test func errorDescriptionsLeaveOutWhatIsUnknown() {
    let location = FaultSim.ScenarioLocation(line: 12, column: 5, offset: 200)
    let path = ScenarioKeyPath([.key("network"), .key("responseLoss")])
    #expect(
      ScenarioError(file: "s.json", keyPath: path, location: location, message: "m").description
        == "s.json:12:5: network.responseLoss: m")
    #expect(ScenarioError(file: "s.json", keyPath: path, message: "m").description == "s.json: network.responseLoss: m")
    #expect(ScenarioError(file: "s.json", location: location, message: "m").description == "s.json:12:5: m")
    #expect(ScenarioError(kind: .unreadableInput, file: "s.json", message: "m").description == "s.json: m")
  }

  // MARK: - Durations

  @Test(
    arguments: [
      ("250ns", 250), ("100us", 100_000), ("100µs", 100_000), ("100μs", 100_000), ("80ms", 80_000_000),
      ("1.5s", 1_500_000_000), ("2m", 120_000_000_000), ("1h", 3_600_000_000_000), ("0.1s", 100_000_000),
      ("1.5ms", 1_500_000), ("0.000000001s", 1), ("1.000000000s", 1_000_000_000), ("0s", 0), ("007ms", 7_000_000),
      ("0.25h", 900_000_000_000), ("18446744073709551615ns", 18_446_744_073_709_551_615),
      ("18446744073.709551615s", 18_446_744_073_709_551_615), ("1.0000000000000000000000000s", 1_000_000_000),
    ] as [(String, UInt64)])
  func durationsAreReadExactly(_ text: String, _ nanoseconds: UInt64) throws {
    #expect(try DurationText.nanoseconds(parsing: text) == nanoseconds)
    #expect(try document("{\"d\": \"\(text)\"}").duration("d") == nanoseconds)
  }

  @Test(arguments: [
    ("-5ms", #""-5ms" is negative; durations must not be negative"#),
    ("5", #""5" has no unit; "# + DurationText.form),
    ("5d", #""5d" has an unknown unit "d"; allowed units: ns, us, µs, ms, s, m, h"#),
    ("1e3s", #""1e3s" has an unknown unit "e3s"; allowed units: ns, us, µs, ms, s, m, h"#),
    ("1.5ns", #""1.5ns" is not a whole number of nanoseconds; durations have nanosecond resolution"#),
    (
      "0.00000000000000000001s",
      #""0.00000000000000000001s" is not a whole number of nanoseconds; durations have nanosecond resolution"#
    ),
    (
      "18446744073709551616ns",
      #""18446744073709551616ns" is too long; the longest duration is 18446744073709551615ns (about 584 years)"#
    ),
    ("5124096h", #""5124096h" is too long; the longest duration is 18446744073709551615ns (about 584 years)"#),
    (
      "18446744073.709551616s",
      #""18446744073.709551616s" is too long; the longest duration is 18446744073709551615ns (about 584 years)"#
    ),
    ("1.5 s", #""1.5 s" contains a space; write the number and the unit together, e.g. "1.5s""#),
    ("", "an empty string is not a duration; " + DurationText.form),
    (".5s", #"".5s" is not a duration; "# + DurationText.form),
    ("5.s", #""5.s" is not a duration; "# + DurationText.form),
    ("fast", #""fast" is not a duration; "# + DurationText.form),
  ])
  func malformedDurationsNameTheAllowedForm(_ text: String, _ expected: String) {
    #expect(throws: DurationSyntaxError(text: text, message: expected)) {
      try DurationText.nanoseconds(parsing: text)
    }
    #expect(
      message("{\"d\": \(JSONValue.quoted(text))}") { root throws(ScenarioError) in _ = try root.duration("d") }
        == "scenarios/x.json:1:7: d: \(expected)")
  }

  @Test func durationTypeAndRangeErrors() {
    #expect(
      message(#"{"timeout": 5}"#) { root throws(ScenarioError) in _ = try root.duration("timeout") }
        == #"scenarios/x.json:1:13: timeout: expected a duration string such as "250ms" or "1.5s", got 5"#)
    let hour: UInt64 = 3_600_000_000_000
    #expect(
      message(#"{"timeout": "2h"}"#) { root throws(ScenarioError) in
        _ = try root.duration("timeout", in: 1_000_000...hour)
      } == #"scenarios/x.json:1:13: timeout: "2h" is out of range; allowed 1ms...1h"#)
    #expect(
      message(#"{"timeout": "0.5ms"}"#) { root throws(ScenarioError) in
        _ = try root.duration("timeout", in: 1_000_000...UInt64.max)
      } == #"scenarios/x.json:1:13: timeout: "0.5ms" is out of range; allowed 1ms or more"#)
    #expect(
      message(#"{"timeout": "90m"}"#) { root throws(ScenarioError) in _ = try root.duration("timeout", in: 0...hour) }
        == #"scenarios/x.json:1:13: timeout: "90m" is out of range; allowed at most 1h"#)
  }

  @Test func exactDurationTextRoundTrips() throws {
    #expect(DurationText.exact(0) == "0s")
    #expect(DurationText.exact(1) == "1ns")
    #expect(DurationText.exact(1_500) == "1.5µs")
    #expect(DurationText.exact(1_500_000) == "1.5ms")
    #expect(DurationText.exact(100_000_000) == "100ms")
    #expect(DurationText.exact(90_000_000_000) == "1.5m")
    #expect(DurationText.exact(100_000_000_000) == "100s")
    #expect(DurationText.exact(5_400_000_000_000) == "1.5h")
    #expect(DurationText.exact(.max) == "307445734.56182586025m")
    var generator = Xoshiro256StarStar(seed: 11)
    for _ in 0..<2_000 {
      // Mix magnitudes so every unit is exercised.
      let nanoseconds = generator.next() >> generator.next(below: 64)
      let text = DurationText.exact(nanoseconds)
      #expect(try DurationText.nanoseconds(parsing: text) == nanoseconds, "\(nanoseconds) → \(text)")
    }
  }

  // MARK: - Suggestions

  @Test func suggestionsAreCloseAndDeterministic() {
    #expect(SpellingSuggestion.closest(to: "respnseLoss", among: ["requestLoss", "responseLoss"]) == "responseLoss")
    #expect(SpellingSuggestion.closest(to: "exponentail", among: ["none", "exponential"]) == "exponential")
    #expect(SpellingSuggestion.closest(to: "sed", among: ["seed"]) == "seed")
    #expect(SpellingSuggestion.closest(to: "xyz", among: ["seed", "latency"]) == nil)
    // Equal distances: the earlier candidate wins.
    #expect(SpellingSuggestion.closest(to: "cat", among: ["bat", "hat"]) == "bat")
  }
}
