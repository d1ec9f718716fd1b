import Testing

@testable import FaultSim

/// The scheduler model's rules, on hand-built conditions and over many
/// drawn ones.
@Suite struct BackgroundTaskSchedulerTests {
  static let minute: UInt64 = 60_000_000_000
  static let hour: UInt64 = 3_600_000_000_000

  static func at(minutes: UInt64) -> VirtualTime { VirtualTime(nanoseconds: minutes * minute) }

  static func periods(_ spans: (UInt64, UInt64)...) -> ConditionPeriods {
    ConditionPeriods(spans.map { ConditionPeriod(start: at(minutes: $0.0), end: at(minutes: $0.1)) })
  }

  /// A scheduler whose delay is always one minute, so run times are exact.
  static var exact: BackgroundTaskScheduler {
    var options = BackgroundTaskSchedulerOptions()
    options.refreshDelay = .fixed(.nanoseconds(minute))
    options.processingDelay = .fixed(.nanoseconds(minute))
    return BackgroundTaskScheduler(options)
  }

  static let horizon = VirtualTime(nanoseconds: 48 * hour)

  static func runTime(
    _ request: BackgroundTaskRequest, at minutes: UInt64 = 0, _ conditions: DeviceConditions,
    scheduler: BackgroundTaskScheduler = exact, seed: UInt64 = 1
  ) -> VirtualTime? {
    scheduler.runTime(
      for: request, submittedAt: at(minutes: minutes), in: conditions, random: KeyedRandom(seed: seed), user: 0,
      submission: 0)
  }

  /// Drawn conditions with frequent use, force-quits, charging and outages.
  static func drawn(seed: UInt64, user: UInt64) -> DeviceConditions {
    var options = DeviceConditionsOptions()
    options.usage.forceQuit = 0.3
    options.usage.meanGap = .nanoseconds(3 * hour)
    options.backgroundAppRefresh.offUsers = 0.2
    options.network.offline.weight = 0.3
    return DeviceConditions.generate(
      options, horizon: horizon, user: UserIdentity(user: Int(user)), random: KeyedRandom(seed: seed))
  }

  static let requests: [BackgroundTaskRequest] = [
    .appRefresh("refresh", earliestBeginDate: at(minutes: 15)),
    .appRefresh("refresh-now"),
    .processing("reconcile", earliestBeginDate: at(minutes: 90), requiresNetworkConnectivity: true),
    .processing("cleanup", earliestBeginDate: at(minutes: 600), requiresExternalPower: true),
  ]

  @Test func nothingRunsBeforeTheEarliestBeginDateOrWhileAGateIsClosed() {
    let scheduler = BackgroundTaskScheduler()
    var runs = 0
    for seed in 0..<40 as Range<UInt64> {
      for user in 0..<3 as Range<UInt64> {
        let conditions = Self.drawn(seed: seed, user: user)
        for (index, request) in Self.requests.enumerated() {
          let submitted = Self.at(minutes: 7 * UInt64(index))
          guard
            let run = scheduler.runTime(
              for: request, submittedAt: submitted, in: conditions, random: KeyedRandom(seed: seed),
              user: UserIdentity(user: Int(user)),
              submission: UInt64(index))
          else { continue }
          runs += 1
          #expect(run >= submitted && run >= request.earliestBeginDate ?? .zero, "seed \(seed) user \(user)")
          #expect(run < conditions.horizon)
          #expect(scheduler.isEligible(request, at: run, in: conditions), "seed \(seed) user \(user) \(request)")
          #expect(!conditions.isForceQuit(at: run) && !conditions.isForeground(at: run))
          if request.kind == .appRefresh {
            #expect(conditions.isBackgroundAppRefreshOn(at: run) && !conditions.isLowPowerMode(at: run))
          }
          if request.requiresExternalPower { #expect(conditions.isCharging(at: run), "seed \(seed)") }
          if request.requiresNetworkConnectivity { #expect(conditions.network(at: run).isOnline, "seed \(seed)") }
        }
      }
    }
    #expect(runs > 300)
  }

  @Test func aRunTimeIsAPureFunctionOfItsInputs() {
    let conditions = Self.drawn(seed: 5, user: 1)
    let scheduler = BackgroundTaskScheduler()
    let request = Self.requests[0]
    let a = scheduler.runTime(
      for: request, submittedAt: .zero, in: conditions, random: KeyedRandom(seed: 5), user: 1, submission: 3)
    let b = scheduler.runTime(
      for: request, submittedAt: .zero, in: conditions, random: KeyedRandom(seed: 5), user: 1, submission: 3)
    #expect(a == b)
  }

  @Test func theEarliestBeginDateIsHonouredExactly() {
    let conditions = DeviceConditions(horizon: Self.horizon)
    let request = BackgroundTaskRequest.appRefresh("r", earliestBeginDate: Self.at(minutes: 15))
    // Eligible at 15 min, plus the one-minute delay.
    #expect(Self.runTime(request, conditions) == Self.at(minutes: 16))
    // Submitted after its earliest date: counted from the submission.
    #expect(Self.runTime(request, at: 30, conditions) == Self.at(minutes: 31))
  }

  @Test func refreshNeverRunsWhileBackgroundAppRefreshIsOff() {
    let off = DeviceConditions(
      horizon: Self.horizon, backgroundAppRefreshOff: ConditionPeriods(from: .zero, until: Self.horizon))
    let scheduler = BackgroundTaskScheduler()
    for seed in 0..<50 as Range<UInt64> {
      #expect(Self.runTime(.appRefresh("r"), off, scheduler: scheduler, seed: seed) == nil)
    }
    // Processing tasks are not held back by the switch.
    #expect(Self.runTime(.processing("p"), off) == Self.at(minutes: 1))
    // Switched back on at 2 h: the refresh runs after that.
    let offForTwoHours = DeviceConditions(horizon: Self.horizon, backgroundAppRefreshOff: Self.periods((0, 120)))
    #expect(Self.runTime(.appRefresh("r"), offForTwoHours) == Self.at(minutes: 121))
    // Drawn populations with the switch off for everyone: no refresh ever.
    var options = DeviceConditionsOptions()
    options.backgroundAppRefresh.offUsers = 1
    for seed in 0..<20 as Range<UInt64> {
      let drawn = DeviceConditions.generate(options, horizon: Self.horizon, user: 0, random: KeyedRandom(seed: seed))
      #expect(Self.runTime(.appRefresh("r"), drawn, scheduler: scheduler, seed: seed) == nil)
    }
  }

  @Test func nothingRunsAfterAForceQuitUntilTheUserReopensTheApp() {
    // Used 0–10 min, force-quit at 10 min, reopened at 5 h for 2 min.
    let conditions = DeviceConditions(
      horizon: Self.horizon, foreground: Self.periods((0, 10), (300, 302)), forceQuit: Self.periods((10, 300)))
    for request in [BackgroundTaskRequest.appRefresh("r"), .processing("p")] {
      #expect(Self.runTime(request, at: 10, conditions) == Self.at(minutes: 303))
      #expect(
        BackgroundTaskScheduler().blockingCondition(for: request, at: Self.at(minutes: 60), in: conditions)?.condition
          == .forceQuit)
    }
    // Never reopened: nothing runs at all.
    let never = DeviceConditions(horizon: Self.horizon, forceQuit: ConditionPeriods(from: .zero, until: Self.horizon))
    #expect(Self.runTime(.processing("p"), never) == nil)
  }

  @Test func lowPowerModeDefersRefreshButNotProcessingByDefault() {
    let conditions = DeviceConditions(horizon: Self.horizon, lowPowerMode: Self.periods((0, 180)))
    #expect(Self.runTime(.appRefresh("r"), conditions) == Self.at(minutes: 181))
    #expect(Self.runTime(.processing("p"), conditions) == Self.at(minutes: 1))
    var options = Self.exact.options
    options.lowPowerModeDefersProcessing = true
    #expect(
      Self.runTime(.processing("p"), conditions, scheduler: BackgroundTaskScheduler(options)) == Self.at(minutes: 181))
  }

  @Test func requiresExternalPowerRunsOnlyWhileCharging() {
    let conditions = DeviceConditions(horizon: Self.horizon, charging: Self.periods((120, 125), (600, 700)))
    let request = BackgroundTaskRequest.processing("p", requiresExternalPower: true)
    // Plugged in at 2 h; eligible then, but unplugged again before the
    // drawn delay (10 min) ends: re-evaluated at the next plug-in.
    var options = BackgroundTaskSchedulerOptions()
    options.processingDelay = .fixed(.nanoseconds(10 * Self.minute))
    #expect(Self.runTime(request, conditions, scheduler: BackgroundTaskScheduler(options)) == Self.at(minutes: 610))
    // And over many drawn timelines: always while plugged in.
    let scheduler = BackgroundTaskScheduler()
    var runs = 0
    for seed in 0..<60 as Range<UInt64> {
      let drawn = Self.drawn(seed: seed, user: 0)
      guard
        let run = scheduler.runTime(
          for: request, submittedAt: .zero, in: drawn, random: KeyedRandom(seed: seed), user: 0, submission: 0)
      else { continue }
      runs += 1
      #expect(drawn.isCharging(at: run), "seed \(seed)")
    }
    #expect(runs > 20)
  }

  @Test func requiresNetworkWaitsForConnectivity() {
    let network = NetworkTimeline(
      [.init(start: .zero, availability: .offline), .init(start: Self.at(minutes: 45), availability: .cellular)],
      horizon: Self.horizon)
    let conditions = DeviceConditions(horizon: Self.horizon, network: network)
    #expect(Self.runTime(.processing("p", requiresNetworkConnectivity: true), conditions) == Self.at(minutes: 46))
    #expect(Self.runTime(.processing("p"), conditions) == Self.at(minutes: 1))
  }

  @Test func lowBatteryAndLongDisuseLengthenTheDelay() {
    var options = BackgroundTaskSchedulerOptions()
    options.refreshDelay = .fixed(.nanoseconds(10 * Self.minute))
    let scheduler = BackgroundTaskScheduler(options)
    let fresh = DeviceConditions(horizon: Self.horizon)
    let low = DeviceConditions(horizon: Self.horizon, battery: .constant(0.1))
    let lowButCharging = DeviceConditions(
      horizon: Self.horizon, charging: ConditionPeriods(from: .zero, until: Self.horizon), battery: .constant(0.1))
    // Unused for 4 days: 3 days beyond the recent-use day, factor 1 + 3.
    let idle = DeviceConditions(horizon: Self.horizon, idleAtStart: .nanoseconds(96 * Self.hour))
    let abandoned = DeviceConditions(horizon: Self.horizon, idleAtStart: .nanoseconds(30 * 24 * Self.hour))
    func delay(_ conditions: DeviceConditions) -> UInt64? {
      Self.runTime(.appRefresh("r"), conditions, scheduler: scheduler)?.nanoseconds
    }
    #expect(delay(fresh) == 10 * Self.minute)
    #expect(delay(low) == 30 * Self.minute)
    #expect(delay(lowButCharging) == 10 * Self.minute)
    #expect(delay(idle) == 40 * Self.minute)
    #expect(delay(abandoned) == 80 * Self.minute)
  }

  /// An app launched every 10 minutes for 3 hours that schedules its task
  /// at each launch, 15 minutes ahead: the first time the task runs.
  static func firstRun(policy: PendingTaskRequests.SubmissionPolicy, seed: UInt64) -> VirtualTime? {
    let launches = (0..<18).map { UInt64($0) * 10 }
    let conditions = DeviceConditions(
      horizon: horizon,
      foreground: ConditionPeriods(launches.map { ConditionPeriod(start: at(minutes: $0), end: at(minutes: $0 + 1)) }))
    let scheduler = BackgroundTaskScheduler()
    var pending = PendingTaskRequests(user: 0)
    for launch in launches {
      if let run = pending.start(dueAt: at(minutes: launch)).first { return run.runTime }
      pending.submit(
        .processing("com.acme.fieldapp.upload-reconcile", earliestBeginDate: at(minutes: launch + 15)),
        at: at(minutes: launch), policy: policy, scheduler: scheduler, conditions: conditions,
        random: KeyedRandom(seed: seed))
    }
    return pending.next?.runTime
  }

  @Test func replacingOnEveryLaunchPushesTheRunLaterThanAGuardedSubmission() {
    var later = 0
    for seed in 0..<40 as Range<UInt64> {
      guard let guarded = Self.firstRun(policy: .guarded, seed: seed) else {
        Issue.record("seed \(seed): the guarded task never ran")
        continue
      }
      let replaced = Self.firstRun(policy: .replace, seed: seed)
      // Replaced on every launch: it cannot run before the last launch's
      // earliest begin date (170 + 15 minutes).
      if let replaced { #expect(replaced >= Self.at(minutes: 185), "seed \(seed)") }
      if replaced.map({ $0 > guarded }) ?? true { later += 1 }
    }
    #expect(later >= 35)
  }

  @Test func submissionsReplaceOrKeepThePendingRequest() {
    let conditions = DeviceConditions(horizon: Self.horizon)
    var pending = PendingTaskRequests(user: 0)
    let request = BackgroundTaskRequest.appRefresh("r", earliestBeginDate: Self.at(minutes: 15))
    let first = pending.submit(
      request, at: .zero, policy: .replace, scheduler: Self.exact, conditions: conditions, random: KeyedRandom(seed: 0))
    #expect(first == .scheduled(runTime: Self.at(minutes: 16)))
    var later = request
    later.earliestBeginDate = Self.at(minutes: 20)
    let kept = pending.submit(
      later, at: Self.at(minutes: 5), policy: .guarded, scheduler: Self.exact, conditions: conditions,
      random: KeyedRandom(seed: 0))
    #expect(kept == .keptPending(runTime: Self.at(minutes: 16)))
    let replaced = pending.submit(
      later, at: Self.at(minutes: 5), policy: .replace, scheduler: Self.exact, conditions: conditions,
      random: KeyedRandom(seed: 0))
    #expect(replaced == .replaced(previousRunTime: Self.at(minutes: 16), runTime: Self.at(minutes: 21)))
    #expect(pending.entries.count == 1)
    #expect(pending.pending(at: Self.at(minutes: 21)).isEmpty)
    #expect(pending.start(dueAt: Self.at(minutes: 21)).map(\.request) == [later])
    #expect(pending.entries.isEmpty)
  }

  @Test func workBeyondTheTimeLimitRunsTheExpirationHandler() {
    let scheduler = BackgroundTaskScheduler()
    let conditions = DeviceConditions(horizon: Self.horizon, charging: Self.periods((0, 3)))
    let start = VirtualTime.zero
    let refresh = scheduler.run(.appRefresh("r"), startingAt: start, work: .nanoseconds(45_000_000_000), in: conditions)
    #expect(refresh.ending == .expiredAtTimeLimit && refresh.expired)
    #expect(refresh.runtime.nanoseconds == 30_000_000_000)
    let quick = scheduler.run(.appRefresh("r"), startingAt: start, work: .nanoseconds(5_000_000_000), in: conditions)
    #expect(quick.ending == .completed && quick.end.nanoseconds == 5_000_000_000)
    let long = scheduler.run(.processing("p"), startingAt: start, work: .nanoseconds(10 * Self.minute), in: conditions)
    #expect(long.ending == .expiredAtTimeLimit && long.runtime.nanoseconds == 5 * Self.minute)
    // Unplugged after 3 minutes: a task that requires power expires then.
    let unplugged = scheduler.run(
      .processing("p", requiresExternalPower: true), startingAt: start, work: .nanoseconds(4 * Self.minute),
      in: conditions)
    #expect(unplugged.ending == .expiredByConditions(.notCharging) && unplugged.end == Self.at(minutes: 3))
    // Exactly at the limit: completed.
    let exact = scheduler.run(.appRefresh("r"), startingAt: start, work: .nanoseconds(30_000_000_000), in: conditions)
    #expect(exact.ending == .completed)
  }
}
