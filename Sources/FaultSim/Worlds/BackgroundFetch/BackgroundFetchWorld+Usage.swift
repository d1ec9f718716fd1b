/// The user's side: opening the app.
extension BackgroundFetchWorld {
  /// The user opens the app: is its content stale, and (by default) a
  /// foreground refresh that always succeeds.
  mutating func open(_ user: Int, session: Int, _ context: inout SimulationContext<Event>) throws(SimulationError) {
    let sessions = conditions[user].foreground.periods
    if session + 1 < sessions.count {
      try context.schedule(
        BackgroundFetchEvent(.open, user: UInt32(user), ordinal: UInt32(session + 1)), at: sessions[session + 1].start)
    }
    let now = context.now.nanoseconds
    tally.opens &+= 1
    let times = arrivals[user]
    var end = users[user].delivered
    while end < times.count && times[end] <= now { end += 1 }
    let missing = end - users[user].delivered
    if missing > 0 { tally.staleOpens &+= 1 }
    context.trace(Self.appName(user), "opened by the user", "missing=\(missing)")
    if settings.options.fetch.foregroundRefreshOnOpen && missing > 0 {
      tally.deliveredOnOpen &+= UInt64(missing)
      try deliver(user, upTo: end, at: now)
    }
  }
}
