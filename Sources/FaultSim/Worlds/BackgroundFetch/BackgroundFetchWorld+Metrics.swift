extension BackgroundFetchWorld {
  /// The metrics of the run that just ended, read from every component.
  @usableFromInline package func metrics(events: UInt64 = 0) -> BackgroundFetchMetrics {
    var metrics = BackgroundFetchMetrics()
    metrics.runs = 1
    metrics.events = events
    metrics.users = UInt64(app.records.count)
    metrics.userTimeMicroseconds = userTimeMicroseconds
    let system = system.counts
    metrics.wakeUps = system.wakeUps
    metrics.newData = system.newData
    metrics.noData = system.noData
    metrics.failed = system.failed
    metrics.killed = system.killed
    metrics.backgroundRuntime = system.backgroundRuntime
    metrics.wakeGaps = system.wakeGaps
    metrics.wakeGapTotalMicroseconds = system.wakeGapTotalMicroseconds
    let app = app.counts
    metrics.deliveredInBackground = app.deliveredInBackground
    metrics.deliveredOnOpen = app.deliveredOnOpen
    metrics.staleness = app.staleness
    metrics.stalenessTotalMicroseconds = app.stalenessTotalMicroseconds
    metrics.opens = app.opens
    metrics.staleOpens = app.staleOpens
    for user in self.app.records.indices {
      let times = server.arrivals[user]
      metrics.contentItems &+= UInt64(times.count)
      metrics.undelivered &+= UInt64(times.count - self.app.records[user].delivered)
      if self.system.fetches(of: user) == 0 { metrics.usersNeverWoken &+= 1 }
    }
    return metrics
  }
}
