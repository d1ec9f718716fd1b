import Testing

@testable import FaultSim

/// The OS task scheduler component: submissions, the launch each answers
/// with, and launches made stale by a later submission.
@Suite struct SystemTaskSchedulerTests {
  static func scheduler() -> SystemTaskScheduler {
    var options = BackgroundTaskSchedulerOptions()
    options.processingDelay = .fixed(.nanoseconds(60_000_000_000))
    var scheduler = SystemTaskScheduler(options)
    scheduler.reset(users: 2)
    return scheduler
  }

  static let horizon = VirtualTime(nanoseconds: 86_400_000_000_000)
  static let conditions = DeviceConditions(horizon: horizon, charging: ConditionPeriods(from: .zero, until: horizon))

  static func request(at minutes: UInt64) -> BackgroundTaskRequest {
    .processing("reconcile", earliestBeginDate: VirtualTime(nanoseconds: minutes * 60_000_000_000))
  }

  @Test func aReplacedRequestsLaunchIsStale() throws {
    var scheduler = Self.scheduler()
    let random = KeyedRandom(seed: 1)
    let first = scheduler.submit(
      Self.request(at: 15), user: 0, at: .zero, policy: .replace, conditions: Self.conditions, random: random)
    let firstLaunch = try #require(first.launch)
    #expect(firstLaunch.time == VirtualTime(nanoseconds: 16 * 60_000_000_000), "15 min, then a 1 min delay")
    let second = scheduler.submit(
      Self.request(at: 30), user: 0, at: .zero, policy: .replace, conditions: Self.conditions, random: random)
    let secondLaunch = try #require(second.launch)
    #expect(scheduler.launch(0, submission: firstLaunch.submission, at: firstLaunch.time) == nil)
    let launch = scheduler.launch(0, submission: secondLaunch.submission, at: secondLaunch.time)
    let launched = try #require(launch)
    #expect(launched.request.identifier == "reconcile" && launched.launch == 1)
    #expect(scheduler.launch(0, submission: secondLaunch.submission, at: secondLaunch.time) == nil, "launched once")
  }

  @Test func aGuardedSubmissionKeepsThePendingRequestAndItsLaunch() throws {
    var scheduler = Self.scheduler()
    let random = KeyedRandom(seed: 1)
    let first = scheduler.submit(
      Self.request(at: 15), user: 1, at: .zero, policy: .guarded, conditions: Self.conditions, random: random)
    let kept = scheduler.submit(
      Self.request(at: 30), user: 1, at: .zero, policy: .guarded, conditions: Self.conditions, random: random)
    #expect(kept.launch == nil)
    guard case .keptPending = kept.result else {
      Issue.record("expected the guard to keep the pending request, got \(kept.result)")
      return
    }
    let launch = try #require(first.launch)
    let launched = scheduler.launch(1, submission: launch.submission, at: launch.time)
    #expect(launched != nil)
    #expect(scheduler.totals().launches == 1, "another device is untouched")
  }
}
