/// The background fetch world's no-op cases: one per key of each rule.
extension NoOpCheckTests {
  static let noContent = "content.itemsPerHour=0"

  static var backgroundFetchCases: [NoOpCase] {
    [
      NoOpCase(
        "interval-factors-fixed-interval", .backgroundFetch,
        setup: ["fetch.minimumInterval=1h", "fetch.maximumInterval=1h"], key: "fetch.intervalFactors",
        values: [#"{"noData": 1.5}"#, #"{"noData": 4, "failed": 8, "newData": 0.1}"#],
        control: ["fetch.maximumInterval=12h"]),
      NoOpCase(
        "new-data-factor-without-content", .backgroundFetch, setup: [noContent],
        key: "fetch.intervalFactors.newData", values: ["0.5", "0.1"], control: ["content.itemsPerHour=4"]),
      NoOpCase(
        "killed-factor-without-kills", .backgroundFetch, setup: ["fetch.duration=5s"],
        key: "fetch.intervalFactors.killed", values: ["1", "10"], control: ["fetch.duration=60s"]),
      NoOpCase(
        "refresh-on-open-without-content", .backgroundFetch, setup: [noContent],
        key: "fetch.foregroundRefreshOnOpen", values: ["true", "false"], control: ["content.itemsPerHour=4"]),
      NoOpCase(
        "refresh-on-open-without-content", .backgroundFetch, setup: ["conditions.usage.dormantUsers=1"],
        key: "fetch.foregroundRefreshOnOpen", values: ["true", "false"],
        control: ["conditions.usage.dormantUsers=0"]),
      NoOpCase(
        "wake-only-when-online-never-offline", .backgroundFetch, setup: ["conditions.network.offline.weight=0"],
        key: "fetch.wakeOnlyWhenOnline", values: ["true", "false"],
        control: ["conditions.network.offline.weight=0.5"]),
      NoOpCase(
        "processing-options-in-background-fetch", .backgroundFetch, key: "scheduler.processingDelay",
        values: ["1m", "5h"], control: nil),
      NoOpCase(
        "processing-options-in-background-fetch", .backgroundFetch, key: "scheduler.processingTimeLimit",
        values: ["1s", "1h"], control: nil),
      NoOpCase(
        "processing-options-in-background-fetch", .backgroundFetch,
        setup: [#"conditions.lowPowerMode={"rule": "always"}"#],
        key: "scheduler.lowPowerModeDefersProcessing", values: ["true", "false"], control: nil),
    ] + dormantUsage + [
      NoOpCase(
        "race-window-without-content", .backgroundFetch, setup: [noContent], key: "races.window",
        values: ["0s", "1h"], control: ["content.itemsPerHour=4"])
    ]
      + schedulerCases(.backgroundFetch, setup: [])
      + conditionsCases(.backgroundFetch, setup: [])
  }

  /// The usage options when no user opens the app.
  static var dormantUsage: [NoOpCase] {
    let cases: [(String, [String])] = [
      ("conditions.usage.meanGap", ["1h", "20h"]),
      ("conditions.usage.session", ["1m", "2h"]),
      ("conditions.usage.forceQuit", ["0", "1"]),
    ]
    return cases.map { key, values in
      NoOpCase(
        "usage-of-dormant-users", .backgroundFetch, setup: ["conditions.usage.dormantUsers=1"], key: key,
        values: values, control: ["conditions.usage.dormantUsers=0"])
    }
  }
}
