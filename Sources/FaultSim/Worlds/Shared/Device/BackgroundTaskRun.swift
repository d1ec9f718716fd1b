/// One run of a background task: when it started, when it stopped, and
/// whether its expiration handler ran.
public struct BackgroundTaskRun: Hashable, Sendable, CustomStringConvertible {
  /// How a run ended.
  @usableFromInline package enum Ending: Hashable, Sendable {
    /// The work finished within the time limit (`setTaskCompleted`).
    case completed
    /// The time limit came first: the expiration handler ran.
    case expiredAtTimeLimit
    /// A requirement the request declared lapsed (unplugged, offline) or
    /// the battery emptied: the system expired the task early.
    case expiredByConditions(BackgroundTaskScheduler.BlockingCondition)
  }

  /// When the task started.
  public var start: VirtualTime
  /// When the time limit would end the run.
  @usableFromInline package var deadline: VirtualTime
  /// When the run stopped.
  @usableFromInline package var end: VirtualTime
  /// How the run ended: completed, expired at the time limit, or expired by a
  /// lapsed condition.
  @usableFromInline package var ending: Ending

  /// A run; see the properties for each argument.
  @usableFromInline package init(start: VirtualTime, deadline: VirtualTime, end: VirtualTime, ending: Ending) {
    self.start = start
    self.deadline = deadline
    self.end = end
    self.ending = ending
  }

  /// Whether the expiration handler ran (the work did not finish).
  public var expired: Bool { ending != .completed }

  /// Background time used.
  @usableFromInline package var runtime: VirtualDuration { end.duration(since: start) }

  /// `completed after 12s`, `expired at the time limit after 30s` or `expired
  /// by offline after 4s`.
  public var description: String {
    switch ending {
    case .completed: return "completed after \(runtime)"
    case .expiredAtTimeLimit: return "expired at the time limit after \(runtime)"
    case .expiredByConditions(let condition): return "expired by \(condition.rawValue) after \(runtime)"
    }
  }
}

extension BackgroundTaskScheduler {
  /// The run of `request` started at `start` whose work takes `work`.
  ///
  /// It ends at the first of: the work's end (completed), `start` plus the
  /// kind's time limit (expired: the expiration handler runs), or the first
  /// instant a declared requirement lapses or the battery empties (expired
  /// by conditions). Ties go to completion, then the time limit.
  ///
  /// - Complexity: O(log n).
  public func run(
    _ request: BackgroundTaskRequest, startingAt start: VirtualTime, work: VirtualDuration,
    in conditions: DeviceConditions
  ) -> BackgroundTaskRun {
    func after(_ duration: VirtualDuration) -> VirtualTime {
      let (sum, overflow) = start.nanoseconds.addingReportingOverflow(duration.nanoseconds)
      return VirtualTime(nanoseconds: overflow ? .max : sum)
    }
    let deadline = after(timeLimit(for: request.kind))
    let finish = after(work)
    var lapse: (time: VirtualTime, condition: BlockingCondition)?
    func consider(_ time: VirtualTime?, _ condition: BlockingCondition) {
      guard let time, time > start, time < conditions.horizon, lapse.map({ time < $0.time }) ?? true else { return }
      lapse = (time, condition)
    }
    consider(conditions.batteryEmpty.nextStart(atOrAfter: start), .batteryEmpty)
    if request.requiresExternalPower, conditions.charging.contains(start) {
      consider(conditions.charging.nextEnd(atOrAfter: start), .notCharging)
    }
    if request.requiresNetworkConnectivity {
      consider(conditions.network.offline.nextStart(atOrAfter: start), .offline)
    }
    if finish <= deadline, lapse.map({ finish <= $0.time }) ?? true {
      return BackgroundTaskRun(start: start, deadline: deadline, end: finish, ending: .completed)
    }
    if let lapse, lapse.time < deadline {
      return BackgroundTaskRun(
        start: start, deadline: deadline, end: lapse.time, ending: .expiredByConditions(lapse.condition))
    }
    return BackgroundTaskRun(start: start, deadline: deadline, end: deadline, ending: .expiredAtTimeLimit)
  }
}
