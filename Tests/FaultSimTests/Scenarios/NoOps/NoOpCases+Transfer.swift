/// The transfer world's no-op cases: one per key of each rule.
extension NoOpCheckTests {
  /// A reconcile job, and a user who stays away long enough for it to run.
  static let job = [#"reconcileJob={"earliestBeginAfter": "1m", "work": "10s"}"#, "lifecycle.relaunchAt=5h"]
  /// Conditions whose network changes every few minutes, on Wi-Fi and cellular.
  static let changingNetwork =
    #"conditions={"network": {"wifi": {"weight": 1, "meanDuration": "1m"}, "cellular": {"weight": 1, "meanDuration": "1m"}, "offline": {"weight": 0}}}"#
  /// An unplugged device whose battery stays at half.
  static let halfBattery =
    #"conditions={"charging": {"pluggedInAtStart": 0}, "battery": {"startMinimum": 0.5, "startMaximum": 0.5, "drainPerHour": 0}}"#
  static let noTermination = "lifecycle.termination=none"
  static let uploads = "workload.kind=upload"

  static var transferCases: [NoOpCase] {
    [
      NoOpCase(
        "termination-time-without-termination", .transfer, setup: [noTermination], key: "lifecycle.terminationAt",
        values: ["30s", "50s"], control: ["lifecycle.termination=system"]),
      NoOpCase(
        "launch-events-without-termination", .transfer, setup: [noTermination], key: "lifecycle.sendsLaunchEvents",
        values: ["true", "false"], control: ["lifecycle.termination=system"]),
      NoOpCase(
        "relaunch-delay-cap-zero-base", .transfer, setup: ["lifecycle.relaunchDelayBase=0s"],
        key: "lifecycle.relaunchDelayCap", values: ["2s", "100s"], control: ["lifecycle.relaunchDelayBase=1s"]),
      NoOpCase(
        "session-identifier-without-termination", .transfer, setup: [noTermination], key: "app.sessionIdentifier",
        values: ["stable", "fresh-per-launch"], control: ["lifecycle.termination=system"]),
      NoOpCase(
        "background-reconcile-without-background-launch", .transfer, setup: ["lifecycle.sendsLaunchEvents=false"],
        key: "app.reconcileOnBackgroundLaunch", values: ["true", "false"],
        control: ["lifecycle.sendsLaunchEvents=true"]),
      NoOpCase(
        "background-reconcile-without-background-launch", .transfer, setup: [noTermination],
        key: "app.reconcileOnBackgroundLaunch", values: ["true", "false"],
        control: ["lifecycle.termination=system"]),
      NoOpCase(
        "cancel-row-without-cancels", .transfer, key: "app.cancelRemovesRow", values: ["true", "false"],
        control: ["app.userCancels=0.5"]),
      NoOpCase(
        "resume-data-without-failures", .transfer, key: "app.usesResumeData", values: ["true", "false"],
        control: ["daemon.failure=0.5"]),
      NoOpCase(
        "resume-data-without-failures", .transfer, key: "daemon.resumeData", values: ["0", "1"],
        control: ["daemon.failure=0.5"]),
    ] + downloadOptionsForUploads + [
      NoOpCase(
        "validation-without-bad-content", .transfer, key: "app.validation", values: ["none", "checksum"],
        control: ["daemon.errorPage=0.5"]),
      NoOpCase(
        "upload-options-for-downloads", .transfer, setup: ["daemon.rejection=0.5"], key: "app.stagingDeletion",
        values: ["after-2xx", "after-any-completion"], control: [uploads]),
      NoOpCase(
        "upload-options-for-downloads", .transfer, key: "daemon.rejection", values: ["0", "0.5"],
        control: [uploads]),
      NoOpCase(
        "staging-without-rejections", .transfer, setup: [uploads], key: "app.stagingDeletion",
        values: ["after-2xx", "after-any-completion"], control: ["daemon.rejection=0.5"]),
      NoOpCase(
        "uplink-for-downloads", .transfer, key: "daemon.uplink", values: ["shared", "per-task"],
        control: [uploads]),
      NoOpCase(
        "upload-key-for-downloads", .transfer, setup: ["app.reconcile=blind"], key: "app.uploadKey",
        values: ["none", "stored-with-row", "made-at-send"], control: [uploads]),
      NoOpCase(
        "cellular-rate-without-cellular", .transfer, key: "daemon.cellularBytesPerSecond",
        values: ["1000", "100000"], control: [changingNetwork]),
      NoOpCase(
        "cellular-rate-without-cellular", .transfer, setup: [changingNetwork, "constraints.wifiOnly=true"],
        key: "daemon.cellularBytesPerSecond", values: ["1000", "100000"], control: ["constraints.wifiOnly=false"]),
      NoOpCase(
        "wifi-rate-without-wifi", .transfer, setup: [changingNetwork, "conditions.network.wifi.weight=0"],
        key: "daemon.wifiBytesPerSecond", values: ["1000", "100000"], control: ["conditions.network.wifi.weight=1"]),
      NoOpCase(
        "wifi-only-without-cellular", .transfer, key: "constraints.wifiOnly", values: ["true", "false"],
        control: [changingNetwork]),
      NoOpCase(
        "requires-power-without-conditions", .transfer, key: "constraints.requiresPower", values: ["true", "false"],
        control: [#"conditions={"charging": {"pluggedInAtStart": 0}}"#]),
      NoOpCase(
        "requires-power-without-conditions", .transfer, setup: job, key: "reconcileJob.requiresPower",
        values: ["true", "false"], control: [#"conditions={"charging": {"pluggedInAtStart": 0}}"#]),
      NoOpCase(
        "job-requires-network-never-offline", .transfer, setup: job, key: "reconcileJob.requiresNetwork",
        values: ["true", "false"],
        control: [
          #"conditions={"network": {"wifi": {"weight": 1, "meanDuration": "1m"}, "offline": {"weight": 1, "meanDuration": "1h"}}}"#
        ]),
      NoOpCase(
        "job-expiration-without-expiry", .transfer, setup: job, key: "reconcileJob.expirationCancelsTransfers",
        values: ["true", "false"], control: ["reconcileJob.work=10m"]),
      NoOpCase(
        "job-guard-single-submission", .transfer, setup: job + [noTermination], key: "reconcileJob.guardedSubmission",
        values: ["true", "false"], control: ["lifecycle.termination=system"]),
      NoOpCase(
        "horizon-without-timelines", .transfer, key: "horizon", values: ["1m", "10h"], control: [changingNetwork]),
      NoOpCase(
        "scheduler-without-job", .transfer, key: "scheduler",
        values: [#"{"processingDelay": "1m"}"#, #"{"processingDelay": "2h"}"#], control: job),
      NoOpCase(
        "refresh-options-in-transfer", .transfer, setup: job + [changingNetwork], key: "scheduler.refreshDelay",
        values: ["1m", "5h"], control: nil),
      NoOpCase(
        "refresh-options-in-transfer", .transfer, setup: job + [changingNetwork], key: "scheduler.refreshTimeLimit",
        values: ["1s", "1h"], control: nil),
      NoOpCase(
        "low-battery-without-conditions", .transfer, setup: job, key: "scheduler.lowBatteryLevel",
        values: ["0.2", "0.9"], control: [halfBattery]),
      NoOpCase(
        "low-battery-without-conditions", .transfer, setup: job + ["scheduler.lowBatteryLevel=0.9"],
        key: "scheduler.lowBatteryDelayFactor", values: ["1", "10"], control: [halfBattery]),
      NoOpCase(
        "low-power-deferral-without-conditions", .transfer, setup: job,
        key: "scheduler.lowPowerModeDefersProcessing", values: ["true", "false"],
        control: [#"conditions={"lowPowerMode": {"rule": "always"}}"#]),
    ] + usageInTransfer + [
      NoOpCase(
        "idle-at-start-in-transfer", .transfer, setup: job + [changingNetwork, "scheduler.recentUse=0s"],
        key: "conditions.usage.idleAtStart", values: ["0s", "20h"], control: ["lifecycle.backgroundAt=0s"]),
      NoOpCase(
        "background-app-refresh-in-transfer", .transfer, setup: job + [changingNetwork],
        key: "conditions.backgroundAppRefresh", values: [#"{"offUsers": 0}"#, #"{"offUsers": 1}"#], control: nil),
      NoOpCase(
        "battery-without-job", .transfer, setup: [#"conditions={"charging": {"pluggedInAtStart": 0}}"#],
        key: "conditions.battery",
        values: [
          #"{"startMinimum": 1, "startMaximum": 1, "drainPerHour": 0}"#,
          #"{"startMinimum": 0.05, "startMaximum": 0.05, "drainPerHour": 10}"#,
        ], control: job),
      NoOpCase(
        "low-power-mode-without-deferral", .transfer, setup: job + [changingNetwork], key: "conditions.lowPowerMode",
        values: [#"{"rule": "always"}"#, #"{"rule": "never"}"#],
        control: ["scheduler.lowPowerModeDefersProcessing=true"]),
      NoOpCase(
        "charging-without-use", .transfer, setup: [changingNetwork], key: "conditions.charging",
        values: [#"{"pluggedInAtStart": 1}"#, #"{"pluggedInAtStart": 0}"#],
        control: ["constraints.requiresPower=true"]),
    ] + schedulerCases(.transfer, setup: job + [halfBattery]) + conditionsCases(.transfer, setup: job)
  }

  /// Every download option against uploads.
  static var downloadOptionsForUploads: [NoOpCase] {
    let cases: [(String, [String], [String])] = [
      ("app.validation", ["none", "checksum"], ["daemon.errorPage=0.5"]),
      ("app.moveTiming", ["in-delegate", "after-return"], []),
      ("app.destinationWrites", ["atomic-move", "direct"], ["app.reconcile=blind"]),
      ("daemon.errorStatus", ["0", "0.5"], []),
      ("daemon.errorPage", ["0", "0.5"], []),
      ("daemon.truncated", ["0", "0.5"], []),
      ("daemon.corruptedBytes", ["0", "0.5"], []),
    ]
    return cases.map { key, values, makesItMatter in
      NoOpCase(
        "download-options-for-uploads", .transfer, setup: [uploads] + makesItMatter, key: key, values: values,
        control: ["workload.kind=download"])
    }
  }

  /// The app's usage options, which the transfer world's own lifecycle
  /// replaces.
  static var usageInTransfer: [NoOpCase] {
    let cases: [(String, [String])] = [
      ("conditions.usage.meanGap", ["1h", "5h"]),
      ("conditions.usage.session", ["1m", "2h"]),
      ("conditions.usage.dormantUsers", ["0", "1"]),
      ("conditions.usage.forceQuit", ["0", "1"]),
    ]
    return cases.map { key, values in
      NoOpCase(
        "usage-in-transfer", .transfer, setup: job + [changingNetwork, "scheduler.recentUse=0s"], key: key,
        values: values, control: nil)
    }
  }

  /// The scheduler's shared checks, in a world whose scheduler runs.
  static func schedulerCases(_ world: NoOpCase.World, setup: [String]) -> [NoOpCase] {
    [
      NoOpCase(
        "low-battery-factor-one", world, setup: setup + ["scheduler.lowBatteryDelayFactor=1"],
        key: "scheduler.lowBatteryLevel", values: ["0.2", "0.9"], control: ["scheduler.lowBatteryDelayFactor=3"]),
      NoOpCase(
        "low-battery-level-zero", world, setup: setup + ["scheduler.lowBatteryLevel=0"],
        key: "scheduler.lowBatteryDelayFactor", values: ["1", "10"], control: ["scheduler.lowBatteryLevel=0.9"]),
      NoOpCase(
        "idle-factor-zero-growth", world, setup: setup + ["scheduler.idleDelayFactorPerDay=0"],
        key: "scheduler.recentUse", values: ["0s", "200h"], control: ["scheduler.idleDelayFactorPerDay=1"]),
      NoOpCase(
        "idle-factor-zero-growth", world,
        setup: setup + ["scheduler.idleDelayFactorPerDay=0", "scheduler.recentUse=0s"],
        key: "scheduler.maximumIdleDelayFactor", values: ["1", "8"], control: ["scheduler.idleDelayFactorPerDay=100"]),
      NoOpCase(
        "idle-factor-capped-at-one", world, setup: setup + ["scheduler.maximumIdleDelayFactor=1"],
        key: "scheduler.recentUse", values: ["0s", "200h"], control: ["scheduler.maximumIdleDelayFactor=8"]),
      NoOpCase(
        "idle-factor-capped-at-one", world,
        setup: setup + ["scheduler.maximumIdleDelayFactor=1", "scheduler.recentUse=0s"],
        key: "scheduler.idleDelayFactorPerDay", values: ["0", "5"], control: ["scheduler.maximumIdleDelayFactor=8"]),
    ]
  }

  /// The device conditions' shared checks.
  static func conditionsCases(_ world: NoOpCase.World, setup: [String]) -> [NoOpCase] {
    let network = ["wifi", "cellular", "offline"].map { state in
      NoOpCase(
        "\(state)-spell-without-weight", world,
        setup: setup + [
          #"conditions.network={"wifi": {"weight": 1, "meanDuration": "1m"}, "cellular": {"weight": 1, "meanDuration": "1m"}, "offline": {"weight": 1, "meanDuration": "1m"}}"#,
          "conditions.network.\(state).weight=0",
        ], key: "conditions.network.\(state).meanDuration", values: ["1m", "10h"],
        control: ["conditions.network.\(state).weight=1"])
    }
    let lowPowerMode = [
      ("conditions.lowPowerMode.alwaysOnUsers", ["0", "1"]),
      ("conditions.lowPowerMode.periods", ["[]", #"[{"from": "0s", "until": "20h"}]"#]),
    ].map { key, values in
      NoOpCase(
        "low-power-mode-always", world,
        setup: setup + ["conditions.lowPowerMode.rule=always", "scheduler.lowPowerModeDefersProcessing=true"],
        key: key, values: values, control: ["conditions.lowPowerMode.rule=never"])
    }
    return network + lowPowerMode
  }
}
