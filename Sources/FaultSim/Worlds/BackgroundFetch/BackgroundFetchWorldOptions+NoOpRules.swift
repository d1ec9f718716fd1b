/// The background fetch world's no-op checks (docs/no-op-checks.md), then
/// those of the scheduler and the device conditions it shares.
extension BackgroundFetchWorldOptions {
  static let noOpRules: [NoOpRule<BackgroundFetchWorldOptions>] =
    [
      NoOpRule(
        "interval-factors-fixed-interval", keys: ["fetch.intervalFactors"],
        why: "minimumInterval equals maximumInterval, so the interval cannot change whatever a fetch reports; "
          + "raise maximumInterval to make the factors matter",
        // [FetchIntervalRule.next: clamped to minimum…maximum]
        when: { $0.fetch.interval.minimum == $0.fetch.interval.maximum }),
      NoOpRule(
        "new-data-factor-without-content", keys: ["fetch.intervalFactors.newData"],
        why: "content.itemsPerHour is 0, so no fetch reports new data; raise it to make the factor matter",
        // [BackgroundFetchWorld.complete: newData needs delivered items]
        when: { $0.content.itemsPerHour == 0 }),
      NoOpRule(
        "killed-factor-without-kills", keys: ["fetch.intervalFactors.killed"],
        why: "fetch.duration never exceeds scheduler.refreshTimeLimit, so no fetch is killed at the limit; "
          + "lengthen the duration (or shorten the limit) to make it matter",
        // [BackgroundTaskScheduler.run: work within the limit completes or lapses first]
        when: { options in
          options.fetch.duration.upperBound.map { $0 <= options.scheduler.refreshTimeLimit.nanoseconds } ?? false
        }),
      NoOpRule(
        "refresh-on-open-without-content", keys: ["fetch.foregroundRefreshOnOpen"],
        why: "content.itemsPerHour is 0 or conditions.usage.dormantUsers is 1, so no open ever finds "
          + "content missing",
        // [BackgroundFetchWorld.open]
        when: { $0.content.itemsPerHour == 0 || $0.conditions.usage.dormantUsers == 1 }),
      NoOpRule(
        "wake-only-when-online-never-offline", keys: ["fetch.wakeOnlyWhenOnline"],
        why: "conditions.network.offline.weight is 0, so the device is never offline; "
          + "give offline a weight to make it matter",
        // [BackgroundFetchWorld.scheduleWake, wake]
        when: { $0.conditions.network.offline.weight == 0 }),
      NoOpRule(
        "processing-options-in-background-fetch",
        keys: ["scheduler.processingDelay", "scheduler.processingTimeLimit", "scheduler.lowPowerModeDefersProcessing"],
        why: "background fetch runs only app-refresh requests; these apply to processing requests",
        // [BackgroundFetchWorld.scheduleWake, wake: appRefresh only]
        when: { _ in true }),
      NoOpRule(
        "usage-of-dormant-users",
        keys: ["conditions.usage.meanGap", "conditions.usage.session", "conditions.usage.forceQuit"],
        why: "conditions.usage.dormantUsers is 1, so no user opens the app during the run",
        // [DeviceConditions.generate]
        when: { $0.conditions.usage.dormantUsers == 1 }),
      NoOpRule(
        "race-window-without-content", keys: ["races.window"],
        why: "content.itemsPerHour is 0, so no content arrives to race with a fetch's snapshot",
        // [BackgroundFetchWorld.deliverSnapshot]
        when: { $0.content.itemsPerHour == 0 }),
    ]
    + BackgroundTaskSchedulerOptions.noOpRules { $0.scheduler }
    + DeviceConditionsOptions.noOpRules { $0.conditions }
}
