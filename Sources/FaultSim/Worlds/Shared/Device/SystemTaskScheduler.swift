/// The OS's `BGTaskScheduler` on every device of a world: it takes the
/// apps' submissions (``PendingTaskRequests``: a submission replaces a
/// pending request with its identifier), picks their run times
/// (``BackgroundTaskScheduler``), launches the app for a request when its
/// time comes, and times the run.
///
/// A component: the app asks it to submit and is told what happened; the
/// world schedules the launch it answers with, and asks it whether a launch
/// is still due (a later submission may have replaced the request). Whether
/// the app is running its task is the app's business.
@usableFromInline
struct SystemTaskScheduler {
  /// One device's scheduler state.
  @usableFromInline
  struct Device {
    /// The requests waiting to run.
    @usableFromInline
    var pending: PendingTaskRequests
    /// Background tasks launched, and expired before their work finished.
    @usableFromInline
    var launches: UInt32 = 0
    @usableFromInline
    var expirations: UInt32 = 0
  }

  /// A submission's outcome, and the launch to schedule for it.
  @usableFromInline
  struct Submission {
    /// What the submission did.
    @usableFromInline
    var result: PendingTaskRequests.SubmissionResult
    /// When the accepted request launches, and the ticket its launch
    /// carries; `nil` when the guard kept a pending request or the request
    /// will not run before the horizon.
    @usableFromInline
    var launch: (time: VirtualTime, submission: UInt32)?
  }

  /// The rule that picks run times.
  @usableFromInline
  let scheduler: BackgroundTaskScheduler
  /// Per device; empty in a world whose apps submit nothing.
  private var devices: [Device] = []

  @usableFromInline
  init(_ options: BackgroundTaskSchedulerOptions) {
    scheduler = BackgroundTaskScheduler(options)
  }

  /// Empties every device's scheduler for a run of `users` devices.
  @usableFromInline
  mutating func reset(users: Int) {
    devices.removeAll(keepingCapacity: true)
    for user in 0..<users { devices.append(Device(pending: PendingTaskRequests(user: UserIdentity(user: user)))) }
  }

  /// The background tasks launched on every device, and those that
  /// expired before their work finished.
  ///
  /// - Complexity: O(devices).
  @usableFromInline
  func totals() -> (launches: UInt64, expirations: UInt64) {
    devices.reduce((0, 0)) { ($0.0 &+ UInt64($1.launches), $0.1 &+ UInt64($1.expirations)) }
  }

  /// Submits the app's `request` at `time` under its submission `policy`.
  ///
  /// - Complexity: O(pending requests) plus one run-time rule.
  @usableFromInline
  mutating func submit(
    _ request: BackgroundTaskRequest, user: Int, at time: VirtualTime, policy: PendingTaskRequests.SubmissionPolicy,
    conditions: DeviceConditions, random: KeyedRandom
  ) -> Submission {
    let result = devices[user].pending.submit(
      request, at: time, policy: policy, scheduler: scheduler, conditions: conditions, random: random)
    guard case .keptPending = result else {
      let ordinal = UInt32(truncatingIfNeeded: devices[user].pending.submissions &- 1)
      return Submission(result: result, launch: result.runTime.map { ($0, ordinal) })
    }
    return Submission(result: result, launch: nil)
  }

  /// Launches the request accepted as `submission` if it is still pending
  /// and due at `time` (a later submission may have replaced it); every
  /// request due by then leaves the pending list.
  ///
  /// - Returns: The request and the device's launch count including this
  ///   one, or `nil` for a stale launch.
  /// - Complexity: O(p log p) for p pending requests.
  @usableFromInline
  mutating func launch(
    _ user: Int, submission: UInt32, at time: VirtualTime
  ) -> (request: BackgroundTaskRequest, launch: UInt32)? {
    let entries = devices[user].pending.entries
    guard
      let entry = entries.first(where: {
        UInt32(truncatingIfNeeded: $0.submission) == submission && $0.runTime.map { $0 <= time } == true
      })
    else { return nil }
    _ = devices[user].pending.start(dueAt: time)
    devices[user].launches &+= 1
    return (entry.request, devices[user].launches)
  }

  /// The run of a launched request whose work takes `work`.
  @usableFromInline
  func run(
    _ request: BackgroundTaskRequest, startingAt start: VirtualTime, work: VirtualDuration,
    in conditions: DeviceConditions
  ) -> BackgroundTaskRun {
    scheduler.run(request, startingAt: start, work: work, in: conditions)
  }

  /// Counts a run that expired before its work finished.
  @usableFromInline
  mutating func noteExpiration(_ user: Int) {
    devices[user].expirations &+= 1
  }
}
