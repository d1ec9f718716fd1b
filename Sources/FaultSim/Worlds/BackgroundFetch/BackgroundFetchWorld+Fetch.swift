/// The system's side and the app's side of one background fetch: the wake,
/// the request, the completion handler and the next wake.
extension BackgroundFetchWorld {
  /// Asks the scheduler when the app is next woken, for the fetch with
  /// `ordinal`, no earlier than the current interval after `lastFetch`, and
  /// schedules the wake if it falls before the horizon.
  mutating func scheduleWake(
    _ user: Int, ordinal: UInt32, after lastFetch: VirtualTime, _ context: inout SimulationContext<Event>
  ) throws(SimulationError) {
    let (earliest, overflow) = lastFetch.nanoseconds.addingReportingOverflow(users[user].interval)
    guard !overflow else { return }
    var request = BackgroundTaskRequest.appRefresh(
      Self.fetchIdentifier, earliestBeginDate: VirtualTime(nanoseconds: earliest))
    request.requiresNetworkConnectivity = settings.options.fetch.wakeOnlyWhenOnline
    let runTime = scheduler.runTime(
      for: request, submittedAt: context.now, in: conditions[user], random: context.random,
      user: UserIdentity(user: user),
      submission: UInt64(ordinal))
    guard let runTime else {
      context.trace(Self.appName(user), "no further wake-up before the horizon")
      return
    }
    context.trace(
      Self.appName(user), "next wake-up at \(runTime)",
      "earliest=\(VirtualTime(nanoseconds: earliest)) interval=\(VirtualDuration(nanoseconds: users[user].interval))")
    try context.schedule(BackgroundFetchEvent(.wake, user: UInt32(user), ordinal: ordinal), at: runTime)
  }

  /// The system wakes the app: the fetch's request starts; its duration
  /// and failure are drawn by (user, fetch ordinal).
  mutating func wake(_ user: Int, ordinal: UInt32, _ context: inout SimulationContext<Event>) throws(SimulationError) {
    let now = context.now
    let fetch = settings.options.fetch
    users[user].fetches = ordinal &+ 1
    tally.wakeUps &+= 1
    if let last = users[user].lastWake {
      let gap = now.nanoseconds &- last.nanoseconds
      tally.wakeGaps.record(gap)
      try tally.add(
        BackgroundFetchMetrics.microseconds(gap), to: \.wakeGapTotalMicroseconds, named: "wake_gap_total_us")
    }
    users[user].lastWake = now
    let identity = FetchIdentity(UserIdentity(user: user), fetch: ordinal)
    let duration = fetch.duration.sample(
      context.valueWord(DrawKey(identity, BackgroundFetchDraw.fetchDuration.purpose)))
    let fails = context.fault(fetch.failure, DrawKey(identity, BackgroundFetchDraw.fetchFailure.purpose))
    let offline = !conditions[user].network(at: now).isOnline
    // Executed as a refresh task that needs the network: losing it ends the
    // request; the time limit kills the app.
    let request = BackgroundTaskRequest(
      kind: .appRefresh, identifier: Self.fetchIdentifier, requiresNetworkConnectivity: true)
    let run =
      offline
      ? BackgroundTaskRun(start: now, deadline: now, end: now, ending: .expiredByConditions(.offline))
      : scheduler.run(request, startingAt: now, work: VirtualDuration(nanoseconds: duration), in: conditions[user])
    users[user].run = run
    users[user].requestFails = fails
    context.trace(
      "system", "wake \(Self.appName(user)) for fetch #\(ordinal)",
      "duration=\(VirtualDuration(nanoseconds: duration)) fails=\(fails) network=\(conditions[user].network(at: now).rawValue)"
    )
    try context.schedule(BackgroundFetchEvent(.complete, user: UInt32(user), ordinal: ordinal), at: run.end)
  }

  /// The fetch ends: the outcome, the content delivered, the new interval
  /// and the next wake.
  mutating func complete(
    _ user: Int, ordinal: UInt32, _ context: inout SimulationContext<Event>
  ) throws(SimulationError) {
    guard let run = users[user].run else {
      throw .model("fetch #\(ordinal) of \(Self.appName(user)) completed without having started")
    }
    users[user].run = nil
    let now = context.now
    tally.backgroundRuntime &+= run.runtime.nanoseconds
    let outcome: FetchOutcome
    var items = 0
    switch run.ending {
    case .expiredAtTimeLimit:
      outcome = .killed
    case .expiredByConditions:
      outcome = .failed
    case .completed:
      if users[user].requestFails {
        outcome = .failed
      } else {
        items = try deliverSnapshot(user, ordinal: ordinal, &context)
        outcome = items > 0 ? .newData : .noData
      }
    }
    switch outcome {
    case .newData: tally.newData &+= 1
    case .noData: tally.noData &+= 1
    case .failed: tally.failed &+= 1
    case .killed:
      tally.failed &+= 1
      tally.killed &+= 1
    }
    tally.deliveredInBackground &+= UInt64(items)
    let rule = settings.options.fetch.interval
    users[user].interval =
      rule.next(after: outcome, current: VirtualDuration(nanoseconds: users[user].interval)).nanoseconds
    context.trace(
      Self.appName(user), "fetch #\(ordinal) \(outcome.rawValue)",
      "items=\(items) run=\(run) interval=\(VirtualDuration(nanoseconds: users[user].interval))")
    try scheduleWake(user, ordinal: ordinal &+ 1, after: now, &context)
  }

  /// Delivers the content the server holds at the fetch's snapshot (now);
  /// content that arrived within the race window before it races with the
  /// snapshot. Returns the items delivered.
  mutating func deliverSnapshot(
    _ user: Int, ordinal: UInt32, _ context: inout SimulationContext<Event>
  ) throws(SimulationError) -> Int {
    let now = context.now.nanoseconds
    let times = arrivals[user]
    let first = users[user].delivered
    var end = first
    while end < times.count && times[end] <= now { end += 1 }
    guard end > first else { return 0 }
    // Items that arrived within the window race with the snapshot; the
    // natural order (alternative 0) has them committed first.
    let window = settings.options.races.window.nanoseconds
    var racing = end
    while racing > first && now - times[racing - 1] <= window { racing -= 1 }
    if racing < end {
      let snapshotFirst =
        context.choose(
          race: DrawKey(
            FetchIdentity(UserIdentity(user: user), fetch: ordinal), BackgroundFetchDraw.snapshotVsContent.purpose),
          label: BackgroundFetchDraw.snapshotVsContent.name,
          alternatives: ["\(end - racing) content commit(s) first", "fetch #\(ordinal) snapshot first"]) == 1
      if snapshotFirst { end = racing }
    }
    try deliver(user, upTo: end, at: now)
    return end - first
  }

  /// Gives the app the items before index `end`, recording their staleness.
  mutating func deliver(_ user: Int, upTo end: Int, at now: UInt64) throws(SimulationError) {
    let times = arrivals[user]
    var index = users[user].delivered
    while index < end {
      let staleness = now &- times[index]
      tally.staleness.record(staleness)
      try tally.add(
        BackgroundFetchMetrics.microseconds(staleness), to: \.stalenessTotalMicroseconds, named: "staleness_total_us")
      index += 1
    }
    users[user].delivered = max(users[user].delivered, end)
  }
}
