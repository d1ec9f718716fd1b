/// One app's requests waiting in the OS background task scheduler, with
/// `BGTaskScheduler`'s submission semantics: a request with the identifier
/// of a pending one **replaces** it (and gets a new run time).
///
/// An app that submits on every launch therefore pushes its task later
/// each time — with frequent launches, maybe past every chance to run. The
/// guarded app of seed 001 asks `getPendingTaskRequests` first and submits
/// only when no request with that identifier is pending.
public struct PendingTaskRequests: Hashable, Sendable {
  /// How an app submits.
  public enum SubmissionPolicy: String, CaseIterable, Hashable, Sendable {
    /// Submit unconditionally; a pending request with the same identifier
    /// is replaced.
    case replace
    /// Check the pending requests first and keep an existing one (seed
    /// 001's `getPendingTaskRequests` guard).
    case guarded
  }

  /// What a submission did.
  public enum SubmissionResult: Hashable, Sendable {
    /// No request with the identifier was pending; this one is scheduled
    /// (`nil`: it will not run before the horizon).
    case scheduled(runTime: VirtualTime?)
    /// A pending request was replaced by this one.
    case replaced(previousRunTime: VirtualTime?, runTime: VirtualTime?)
    /// The guard found a pending request and kept it.
    case keptPending(runTime: VirtualTime?)

    /// When the request with this identifier now runs.
    public var runTime: VirtualTime? {
      switch self {
      case .scheduled(let time), .replaced(_, let time), .keptPending(let time): return time
      }
    }
  }

  /// A pending request and the run time the scheduler gave it.
  @usableFromInline package struct Entry: Hashable, Sendable {
    /// The request as submitted.
    @usableFromInline package var request: BackgroundTaskRequest
    /// When it was submitted.
    @usableFromInline package var submittedAt: VirtualTime
    /// The submission ordinal that keyed its delay draws.
    @usableFromInline package var submission: UInt64
    /// When it starts; `nil` when never before the horizon.
    @usableFromInline package var runTime: VirtualTime?
  }

  /// Whose draws the scheduler makes (a user, a device).
  @usableFromInline package let user: UserIdentity
  /// The pending requests in submission order (identifiers are unique).
  @usableFromInline package private(set) var entries: [Entry] = []
  /// Requests submitted to the scheduler so far (replacements included,
  /// kept ones not): the next submission's ordinal.
  @usableFromInline package private(set) var submissions: UInt64 = 0

  /// No pending request yet for `user`, whose identity keys the scheduler's
  /// draws.
  public init(user: UserIdentity) {
    self.user = user
  }

  /// The requests still pending at `time` (not yet started), as
  /// `getPendingTaskRequests` returns them.
  ///
  /// - Complexity: O(p) for p pending requests.
  @usableFromInline package func pending(at time: VirtualTime) -> [Entry] {
    entries.filter { entry in entry.runTime.map { $0 > time } ?? true }
  }

  /// Submits `request` at `time` under `policy`.
  ///
  /// - Complexity: O(p) plus one `BackgroundTaskScheduler.runTime(for:submittedAt:in:random:user:submission:)`.
  @discardableResult
  public mutating func submit(
    _ request: BackgroundTaskRequest, at time: VirtualTime, policy: SubmissionPolicy,
    scheduler: BackgroundTaskScheduler, conditions: DeviceConditions, random: KeyedRandom
  ) -> SubmissionResult {
    let existing = entries.firstIndex { entry in
      entry.request.identifier == request.identifier && (entry.runTime.map { $0 > time } ?? true)
    }
    if policy == .guarded, let existing { return .keptPending(runTime: entries[existing].runTime) }
    let previous = existing.map { entries.remove(at: $0) }
    // A request that already started at or before `time` is not pending:
    // drop it so identifiers stay unique.
    entries.removeAll { $0.request.identifier == request.identifier }
    let runTime = scheduler.runTime(
      for: request, submittedAt: time, in: conditions, random: random, user: user, submission: submissions)
    entries.append(Entry(request: request, submittedAt: time, submission: submissions, runTime: runTime))
    submissions += 1
    if let previous { return .replaced(previousRunTime: previous.runTime, runTime: runTime) }
    return .scheduled(runTime: runTime)
  }

  /// The pending request that starts first (ties: the earlier submission).
  ///
  /// - Complexity: O(p).
  @usableFromInline package var next: Entry? {
    var best: Entry?
    for entry in entries {
      guard let time = entry.runTime else { continue }
      if best.map({ time < $0.runTime! }) ?? true { best = entry }
    }
    return best
  }

  /// Removes and returns the requests that start at or before `time`, in
  /// start order (ties: submission order): the system launches them.
  ///
  /// - Complexity: O(p log p).
  @usableFromInline package mutating func start(dueAt time: VirtualTime) -> [Entry] {
    let due = entries.filter { entry in entry.runTime.map { $0 <= time } ?? false }
    entries.removeAll { entry in entry.runTime.map { $0 <= time } ?? false }
    return due.sorted { ($0.runTime!, $0.submission) < ($1.runTime!, $1.submission) }
  }

  /// Cancels the pending request with `identifier` (`BGTaskScheduler.cancel`).
  ///
  /// - Returns: Whether one was pending.
  @discardableResult
  @usableFromInline package mutating func cancel(identifier: String) -> Bool {
    let count = entries.count
    entries.removeAll { $0.request.identifier == identifier }
    return entries.count != count
  }
}
