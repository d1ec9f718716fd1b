import Foundation
import Testing

@testable import FaultSim

/// Reading the background fetch world from scenario files: the shipped
/// file, defaults, and the messages bad input gets.
@Suite struct SchedulingScenarioTests {
  /// Reads a document the way `Scenario` will once the world is wired in.
  static func read(_ json: String, file: String = "test.json") throws(ScenarioError) -> BackgroundFetchWorldOptions {
    try read(bytes: Array(json.utf8), file: file).options
  }

  static func read(
    bytes: [UInt8], file: String
  ) throws(ScenarioError) -> (description: String, options: BackgroundFetchWorldOptions) {
    let reader = try ScenarioDocument.parse(bytes: bytes, file: file)
    let description = try reader.string("description", default: "")
    reader.ignore("$schema")
    _ = try reader.choice("world", default: "background-fetch", among: ["background-fetch"])
    let options = try BackgroundFetchWorldOptions(reading: reader)
    try reader.finish()
    return (description, options)
  }

  static func message(_ json: String) -> String {
    do {
      _ = try read(json)
      return "no error"
    } catch {
      return error.description
    }
  }

  @Test func theShippedScenarioReadsAndSpellsOutTheDefaults() throws {
    let path = ScenarioTests.folder.appendingPathComponent("background-fetch.json").path
    let (description, options) = try Self.read(bytes: try ScenarioDocument.bytes(path: path), file: path)
    #expect(description.count > 40)
    // The file states the defaults explicitly, except for its population
    // and dormant users.
    var expected = BackgroundFetchWorldOptions()
    expected.population.users = 200
    expected.conditions.usage.dormantUsers = 0.1
    #expect(options == expected)
    #expect(try Self.read("{}") == BackgroundFetchWorldOptions())
  }

  @Test func valuesAreReadIntoTheirOptions() throws {
    let options = try Self.read(
      #"""
      {"population": {"users": 3, "duration": "2h"},
       "fetch": {"minimumInterval": "1m", "intervalFactors": {"noData": 3}, "duration": "40s", "failure": 0.5,
                 "wakeOnlyWhenOnline": false},
       "content": {"itemsPerHour": 12},
       "scheduler": {"processingTimeLimit": "10m", "lowPowerModeDefersProcessing": true,
                     "refreshDelay": {"distribution": "exponential", "mean": "5m"}},
       "conditions": {"lowPowerMode": {"rule": "never", "periods": [{"from": "1h", "until": "90m"}]},
                      "network": {"offline": {"weight": 0}}, "backgroundAppRefresh": {"offUsers": 1}},
       "races": {"window": "1s"}}
      """#)
    #expect(options.population.users == 3 && options.population.duration.nanoseconds == 7_200_000_000_000)
    #expect(options.fetch.interval.minimum.nanoseconds == 60_000_000_000 && options.fetch.interval.noDataFactor == 3)
    #expect(options.fetch.duration == .fixed(.nanoseconds(40_000_000_000)) && !options.fetch.wakeOnlyWhenOnline)
    #expect(options.content.itemsPerHour == 12)
    #expect(options.scheduler.processingTimeLimit.nanoseconds == 600_000_000_000)
    #expect(options.scheduler.refreshDelay == .exponential(mean: .nanoseconds(300_000_000_000)))
    #expect(options.conditions.lowPowerMode.rule == .never)
    #expect(
      options.conditions.lowPowerMode.periods == [
        ConditionPeriod(
          start: VirtualTime(nanoseconds: 3_600_000_000_000), end: VirtualTime(nanoseconds: 5_400_000_000_000))
      ])
    #expect(options.conditions.network.offline.weight == 0 && options.conditions.backgroundAppRefresh.offUsers == 1)
    #expect(options.races.window.nanoseconds == 1_000_000_000)
    // And the world runs on them.
    #expect(try BackgroundFetchWorld.runOnce(options, seed: 0).metrics.wakeUps == 0)
  }

  @Test func badValuesNameTheKeyPathAndWhatIsAllowed() {
    #expect(
      Self.message(#"{"fetch": {"failure": 1.5}}"#)
        == "test.json:1:23: fetch.failure: 1.5 is out of range; allowed 0...1")
    #expect(
      Self.message(#"{"population": {"users": 0}}"#)
        == "test.json:1:26: population.users: 0 is out of range; allowed 1...100000")
    #expect(
      Self.message(#"{"population": {"users": 2.5}}"#)
        == "test.json:1:26: population.users: expected an integer, got 2.5")
    #expect(
      Self.message(#"{"population": {"duration": "30s"}}"#)
        == #"test.json:1:29: population.duration: "30s" is out of range; allowed 1m...720h"#)
    #expect(
      Self.message(#"{"fetch": {"minimumInterval": "2h", "maximumInterval": "1h"}}"#)
        == "test.json:1:56: fetch.maximumInterval: maximumInterval 1h is below minimumInterval 2h; allowed maximumInterval ≥ minimumInterval"
    )
    #expect(
      Self.message(#"{"fetch": {"intervalFactors": {"newData": 2}}}"#)
        == "test.json:1:43: fetch.intervalFactors.newData: 2 is out of range; allowed 0.01...1")
    #expect(
      Self.message(#"{"fetch": {"intervalFactors": {"noData": 0.5}}}"#)
        .contains("fetch.intervalFactors.noData: 0.5 is out of range; allowed 1...1000"))
    #expect(Self.message(#"{"fetch": {"minimumIntervall": "1m"}}"#).contains("did you mean \"minimumInterval\"?"))
    #expect(Self.message(#"{"fetch": {"minimumIntervall": "1m"}}"#).contains("fetch.minimumIntervall: unknown key"))
    #expect(Self.message(#"{"fetch": {"duration": "soon"}}"#).contains("fetch.duration: \"soon\""))
    #expect(
      Self.message(#"{"conditions": {"lowPowerMode": {"rule": "never", "threshold": 0.3}}}"#)
        .contains(
          #"conditions.lowPowerMode.threshold: threshold applies only to the rule "below-battery", not "never""#))
    #expect(
      Self.message(#"{"conditions": {"lowPowerMode": {"rule": "sometimes"}}}"#)
        .contains("allowed values: below-battery, never, always"))
    #expect(
      Self.message(#"{"conditions": {"lowPowerMode": {"periods": [{"from": "2h", "until": "1h"}]}}}"#)
        .contains("conditions.lowPowerMode.periods[0].until: 'from' must be before 'until'"))
    #expect(
      Self.message(#"{"conditions": {"battery": {"startMinimum": 0.9, "startMaximum": 0.5}}}"#)
        .contains("conditions.battery.startMaximum: startMinimum 0.9 is above startMaximum 0.5"))
    #expect(
      Self.message(
        #"{"conditions": {"network": {"wifi": {"weight": 0}, "cellular": {"weight": 0}, "offline": {"weight": 0}}}}"#
      )
      .contains("conditions.network: every weight is 0"))
    #expect(
      Self.message(#"{"conditions": {"network": {"offline": {"meanDuration": "10s"}}}}"#)
        .contains(#"conditions.network.offline.meanDuration: "10s" is out of range; allowed 1m...720h"#))
    #expect(
      Self.message(#"{"conditions": {"usage": {"forceQuit": -0.1}}}"#)
        .contains("conditions.usage.forceQuit: -0.1 is out of range; allowed 0...1"))
    #expect(
      Self.message(#"{"scheduler": {"refreshTimeLimit": "0s"}}"#)
        .contains(#"scheduler.refreshTimeLimit: "0s" is out of range; allowed 1s...24h"#))
    #expect(
      Self.message(#"{"scheduler": {"lowBatteryDelayFactor": 0.5}}"#)
        .contains("scheduler.lowBatteryDelayFactor: 0.5 is out of range; allowed 1...1000"))
    #expect(Self.message(#"{"content": {"itemsPerHour": "lots"}}"#).contains("expected a number"))
    #expect(Self.message(#"{"races": {"window": 5}}"#).contains("races.window: expected a duration string"))
    #expect(Self.message(#"{"fetch": []}"#).contains("fetch: expected an object"))
  }
}
