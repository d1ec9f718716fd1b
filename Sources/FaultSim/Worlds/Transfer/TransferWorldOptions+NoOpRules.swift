/// The transfer world's no-op checks (docs/no-op-checks.md), then those of
/// the scheduler and the device conditions it shares.
///
/// A force-quit is a fault the shrinker may remove (the app is then
/// terminated by the system), so options that matter only after a system
/// termination are not flagged under `termination: force-quit`.
extension TransferWorldOptions {
  static let noOpRules: [NoOpRule<TransferWorldOptions>] =
    [
      NoOpRule(
        "termination-time-without-termination", keys: ["lifecycle.terminationAt"],
        why: "lifecycle.termination is none: the app stays suspended, so no termination time is drawn",
        // [TransferWorld.start]
        when: { $0.lifecycle.termination == .none }),
      NoOpRule(
        "launch-events-without-termination", keys: ["lifecycle.sendsLaunchEvents"],
        why: "lifecycle.termination is none, so the app is never terminated and never relaunched for events",
        // [TransferWorld.routeEvent, wake: only a terminated app is relaunched]
        when: { $0.lifecycle.termination == .none }),
      NoOpRule(
        "relaunch-delay-cap-zero-base", keys: ["lifecycle.relaunchDelayCap"],
        why: "relaunchDelayBase is 0, so every relaunch delay is 0 and never reaches the cap",
        // [TransferWorld.scheduleWake: min(cap, base·2ᵏ)]
        when: { $0.lifecycle.relaunchDelayBase == .zero }),
      NoOpRule(
        "session-identifier-without-termination", keys: ["app.sessionIdentifier"],
        why: "lifecycle.termination is none, so the app is never launched again and keeps its session",
        // [TransferWorld.userLaunch, wake, reconcileJobStart: a fresh session only at a launch]
        when: { $0.lifecycle.termination == .none }),
      NoOpRule(
        "background-reconcile-without-background-launch", keys: ["app.reconcileOnBackgroundLaunch"],
        why: "the system never relaunches the app in the background (lifecycle.termination is none or "
          + "lifecycle.sendsLaunchEvents is false)",
        // [TransferWorld.wake]
        when: { $0.lifecycle.termination == .none || !$0.lifecycle.sendsLaunchEvents }),
      NoOpRule(
        "cancel-row-without-cancels", keys: ["app.cancelRemovesRow"],
        why: "app.userCancels is 0, so nothing is cancelled; raise it to make it matter",
        // [TransferWorld.start: cancellations only with userCancels > 0]
        when: { $0.app.userCancels == 0 }),
      NoOpRule(
        "resume-data-without-failures", keys: ["app.usesResumeData", "daemon.resumeData"],
        why: "daemon.failure is 0, so no transfer fails part-way and there is no resume data",
        // [TransferWorld.createTask, deliver]
        when: { $0.daemon.failure == 0 }),
      NoOpRule(
        "download-options-for-uploads",
        keys: [
          "app.validation", "app.moveTiming", "app.destinationWrites", "daemon.errorStatus", "daemon.errorPage",
          "daemon.truncated", "daemon.corruptedBytes",
        ],
        why: "workload.kind is upload: bad content, validation, the move into place and the destination "
          + "concern downloads only",
        // [TransferWorld.receiveCompletion: uploads return before any of them]
        when: { $0.workload.kind == .upload }),
      NoOpRule(
        "validation-without-bad-content", keys: ["app.validation"],
        why: "daemon.errorStatus, errorPage, truncated and corruptedBytes are 0, so every download "
          + "arrives good and there is nothing to catch",
        // [TransferWorld.receiveCompletion]
        when: { $0.daemon.errorStatus + $0.daemon.errorPage + $0.daemon.truncated + $0.daemon.corruptedBytes == 0 }),
      NoOpRule(
        "upload-options-for-downloads", keys: ["app.stagingDeletion", "daemon.rejection"],
        why: "workload.kind is download: the server's 413 and the staging file concern uploads only",
        // [TransferWorld.receiveCompletion]
        when: { $0.workload.kind == .download }),
      NoOpRule(
        "staging-without-rejections", keys: ["app.stagingDeletion"],
        why: "daemon.rejection is 0, so every upload gets a 2xx and the staging file goes either way",
        // [TransferWorld.receiveCompletion]
        when: { $0.daemon.rejection == 0 }),
      NoOpRule(
        "uplink-for-downloads", keys: ["daemon.uplink"],
        why: "workload.kind is download: only uploads share the device's uplink",
        // [TransferDaemon.sharesUplink]
        when: { $0.workload.kind == .download }),
      NoOpRule(
        "upload-key-for-downloads", keys: ["app.uploadKey"],
        why: "workload.kind is download: the key is the server's way to recognise a second upload of a job; "
          + "a downloaded file is stored by the app, not the server",
        // [TransferDaemon.fileRecords: only uploads are counted once per key]
        when: { $0.workload.kind == .download }),
      NoOpRule(
        "cellular-rate-without-cellular", keys: ["daemon.cellularBytesPerSecond"],
        why: "no task ever runs on cellular: there is no conditions section (always Wi-Fi), "
          + "conditions.network.cellular.weight is 0, or constraints.wifiOnly is set",
        // [TransferWorld.rate(of:at:)]
        when: { options in
          options.constraints.wifiOnly || (options.conditions.map { $0.network.cellular.weight == 0 } ?? true)
        }),
      NoOpRule(
        "wifi-rate-without-wifi", keys: ["daemon.wifiBytesPerSecond"],
        why: "conditions.network.wifi.weight is 0, so the device is never on Wi-Fi",
        // [TransferWorld.rate(of:at:)]
        when: { ($0.conditions.map { $0.network.wifi.weight == 0 }) ?? false }),
      NoOpRule(
        "wifi-only-without-cellular", keys: ["constraints.wifiOnly"],
        why: "the device is never on cellular: there is no conditions section (always Wi-Fi) or "
          + "conditions.network.cellular.weight is 0; add a conditions.network with cellular to make it matter",
        // [TransferWorld.rate(of:at:)]
        when: { ($0.conditions.map { $0.network.cellular.weight == 0 }) ?? true }),
      NoOpRule(
        "requires-power-without-conditions", keys: ["constraints.requiresPower", "reconcileJob.requiresPower"],
        why: "there is no conditions section, so the device is always plugged in; "
          + "add conditions (charging) to make it matter",
        // [TransferWorld.rate(of:at:); TransferWorld.start: without conditions, charging spans the horizon]
        when: { $0.conditions == nil }),
      NoOpRule(
        "job-requires-network-never-offline", keys: ["reconcileJob.requiresNetwork"],
        why: "the device is never offline: there is no conditions section (always Wi-Fi) or "
          + "conditions.network.offline.weight is 0",
        // [BackgroundTaskScheduler.blockingCondition, run]
        when: { ($0.conditions.map { $0.network.offline.weight == 0 }) ?? true }),
      NoOpRule(
        "job-expiration-without-expiry", keys: ["reconcileJob.expirationCancelsTransfers"],
        why: "the job never expires: there is no conditions section (nothing lapses) and reconcileJob.work "
          + "never exceeds scheduler.processingTimeLimit",
        // [BackgroundTaskScheduler.run]
        when: { options in
          guard options.conditions == nil, let job = options.reconcileJob, let work = job.work.upperBound else {
            return false
          }
          return work <= options.scheduler.processingTimeLimit.nanoseconds
        }),
      NoOpRule(
        "job-guard-single-submission", keys: ["reconcileJob.guardedSubmission"],
        why: "the app submits the job once, when it goes to the background: it is never relaunched in the "
          + "background (lifecycle.termination is none or lifecycle.sendsLaunchEvents is false)",
        // [TransferWorld.goBackground, wake: the only submissions]
        when: { $0.lifecycle.termination == .none || !$0.lifecycle.sendsLaunchEvents }),
      NoOpRule(
        "horizon-without-timelines", keys: ["horizon"],
        why: "there is no conditions section and no reconcileJob, so no timeline reaches to the horizon",
        // [TransferWorld.start]
        when: { $0.conditions == nil && $0.reconcileJob == nil }),
      NoOpRule(
        "scheduler-without-job", keys: ["scheduler"],
        why: "there is no reconcileJob, and the transfer world uses the scheduler only for it",
        // [TransferWorld+ReconcileJob]
        when: { $0.reconcileJob == nil }),
      NoOpRule(
        "refresh-options-in-transfer", keys: ["scheduler.refreshDelay", "scheduler.refreshTimeLimit"],
        why: "the transfer world submits only a processing request (the reconcile job); "
          + "these apply to refresh requests",
        // [TransferWorld.reconcileRequest]
        when: { _ in true }),
      NoOpRule(
        "low-battery-without-conditions", keys: ["scheduler.lowBatteryLevel", "scheduler.lowBatteryDelayFactor"],
        why: "there is no conditions section, so the battery stays full and the device plugged in",
        // [TransferWorld.start: DeviceConditions without conditions]
        when: { $0.conditions == nil }),
      NoOpRule(
        "low-power-deferral-without-conditions", keys: ["scheduler.lowPowerModeDefersProcessing"],
        why: "there is no conditions section, so Low Power Mode is never on",
        // [TransferWorld.start: DeviceConditions without conditions]
        when: { $0.conditions == nil }),
      NoOpRule(
        "usage-in-transfer",
        keys: [
          "conditions.usage.meanGap", "conditions.usage.session", "conditions.usage.dormantUsers",
          "conditions.usage.forceQuit",
        ],
        why: "in the transfer world the app's own lifecycle decides when it is open or force-quit",
        // [TransferWorld.start: device.foreground and device.forceQuit are replaced]
        when: { _ in true }),
      NoOpRule(
        "idle-at-start-in-transfer", keys: ["conditions.usage.idleAtStart"],
        why: "the app is in use until lifecycle.backgroundAt (or there is no reconcileJob), so the "
          + "scheduler never asks how long it was idle before the run",
        // [DeviceConditions.idleDuration: idleAtStart only before the first session ends]
        when: { $0.reconcileJob == nil || isAlwaysPositive($0.lifecycle.backgroundAt) }),
      NoOpRule(
        "background-app-refresh-in-transfer", keys: ["conditions.backgroundAppRefresh"],
        why: "the switch holds back refresh requests, and the transfer world submits only a processing request",
        // [BackgroundTaskScheduler.blockingCondition]
        when: { _ in true }),
      NoOpRule(
        "battery-without-job", keys: ["conditions.battery"],
        why: "there is no reconcileJob, and only the scheduler that runs it reads the battery",
        // [TransferWorld.rate(of:at:) reads network and charging only]
        when: { $0.reconcileJob == nil }),
      NoOpRule(
        "low-power-mode-without-deferral", keys: ["conditions.lowPowerMode"],
        why: "Low Power Mode holds back processing requests only with scheduler.lowPowerModeDefersProcessing "
          + "and a reconcileJob; transfers ignore it",
        // [BackgroundTaskScheduler.blockingCondition]
        when: { $0.reconcileJob == nil || !$0.scheduler.lowPowerModeDefersProcessing }),
      NoOpRule(
        "charging-without-use", keys: ["conditions.charging"],
        why: "nothing reads charging: there is no reconcileJob (battery, scheduler) and no "
          + "constraints.requiresPower",
        // [TransferWorld.rate(of:at:), nextConditionChange]
        when: { $0.reconcileJob == nil && !$0.constraints.requiresPower }),
    ]
    + BackgroundTaskSchedulerOptions.noOpRules { $0.scheduler }
    + DeviceConditionsOptions.noOpRules { $0.conditions }

  /// Whether every sample of `distribution` is above zero.
  static func isAlwaysPositive(_ distribution: LatencyDistribution) -> Bool {
    switch distribution {
    case .fixed(let delay): return delay > .zero
    case .uniform(let low, _): return low > .zero
    // Normal, exponential, lognormal and the like can round to zero.
    default: return false
    }
  }
}
