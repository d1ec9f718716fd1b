/// How the world routes one background fetch between the system, the app
/// and the server: the wake, the request, the completion handler and the
/// next wake; and the user's opens.
extension BackgroundFetchWorld {
  /// Asks the system when the app is next woken, for the fetch with number
  /// `fetch`, and schedules the wake if it falls before the horizon.
  mutating func scheduleWake(
    _ user: Int, fetch: UInt32, after lastFetch: VirtualTime, _ context: inout SimulationContext<Event>
  ) throws(SimulationError) {
    guard
      let next = system.nextWake(
        for: user, fetch: fetch, after: lastFetch, submittedAt: context.now, in: conditions[user],
        random: context.random)
    else { return }
    guard let runTime = next.runTime else {
      context.trace(Self.appName(user), "no further wake-up before the horizon")
      return
    }
    context.trace(
      Self.appName(user), "next wake-up at \(runTime)",
      "earliest=\(next.earliest) interval=\(system.interval(of: user))")
    try context.schedule(BackgroundFetchEvent(.systemWakesApp(fetch: fetch), user: user), at: runTime)
  }

  /// The system wakes the app: the fetch's request starts and runs under
  /// the system's limits.
  mutating func systemWakesApp(
    _ user: Int, fetch: UInt32, _ context: inout SimulationContext<Event>
  ) throws(SimulationError) {
    let now = context.now
    try system.wake(user, fetch: fetch, at: now)
    let request = app.startFetch(user, fetch: fetch, &context)
    let run = system.startRun(user, work: request.duration, at: now, in: conditions[user])
    context.trace(
      "system", "wake \(Self.appName(user)) for fetch #\(fetch)",
      "duration=\(request.duration) fails=\(request.fails) network=\(conditions[user].network(at: now).rawValue)"
    )
    try context.schedule(BackgroundFetchEvent(.fetchEnds(fetch: fetch), user: user), at: run.end)
  }

  /// The fetch ends: how (the system's limits, the request, the content),
  /// the new interval and the next wake.
  mutating func fetchEnds(_ user: Int, fetch: UInt32, _ context: inout SimulationContext<Event>)
    throws(SimulationError)
  {
    guard let run = system.endRun(user) else {
      throw .model("fetch #\(fetch) of \(Self.appName(user)) completed without having started")
    }
    let outcome: FetchOutcome
    var items = 0
    switch run.ending {
    case .expiredAtTimeLimit:
      outcome = .killed
    case .expiredByConditions:
      outcome = .failed
    case .completed:
      if app.requestFails(user) {
        outcome = .failed
      } else {
        items = try deliverSnapshot(user, fetch: fetch, &context)
        outcome = app.completionResult(itemsReceived: items)
      }
    }
    let interval = system.adapt(user, to: outcome)
    context.trace(
      Self.appName(user), "fetch #\(fetch) \(outcome.rawValue)", "items=\(items) run=\(run) interval=\(interval)")
    try scheduleWake(user, fetch: fetch &+ 1, after: context.now, &context)
  }

  /// Hands the app the content the server holds at the fetch's snapshot
  /// (now); content that arrived within the race window before it races
  /// with the snapshot.
  ///
  /// - Returns: The items delivered.
  mutating func deliverSnapshot(
    _ user: Int, fetch: UInt32, _ context: inout SimulationContext<Event>
  ) throws(SimulationError) -> Int {
    let now = context.now
    let first = app.delivered(of: user)
    var end = server.itemsEnd(for: user, atOrBefore: now, from: first)
    guard end > first else { return 0 }
    // Items that arrived within the window race with the snapshot; the
    // natural order (alternative 0) has them committed first.
    let window = settings.options.races.window
    var racing = end
    while racing > first && now.duration(since: server.arrival(of: racing - 1, for: user)) <= window { racing -= 1 }
    if racing < end {
      let snapshotFirst =
        context.choose(
          race: DrawKey(
            FetchIdentity(UserIdentity(user: user), fetch: fetch), BackgroundFetchDraw.snapshotVsContent.purpose),
          label: BackgroundFetchDraw.snapshotVsContent.name,
          alternatives: ["\(end - racing) content commit(s) first", "fetch #\(fetch) snapshot first"]) == 1
      if snapshotFirst { end = racing }
    }
    try app.receive(user, upTo: end, at: now, from: server, via: .backgroundFetch)
    return end - first
  }

  /// The user opens the app (the next open is scheduled from the device's
  /// usage script).
  mutating func userOpensApp(_ user: Int, session: Int, _ context: inout SimulationContext<Event>)
    throws(SimulationError)
  {
    let sessions = conditions[user].foreground.periods
    if session + 1 < sessions.count {
      try context.schedule(
        BackgroundFetchEvent(.userOpensApp(session: UInt32(session + 1)), user: user), at: sessions[session + 1].start)
    }
    try app.open(user, from: server, &context)
  }
}
