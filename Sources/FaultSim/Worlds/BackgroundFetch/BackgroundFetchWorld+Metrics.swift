extension BackgroundFetchWorld {
  /// The metrics of the run that just ended.
  public func metrics(events: UInt64 = 0) -> BackgroundFetchMetrics {
    var metrics = tally
    metrics.runs = 1
    metrics.events = events
    metrics.users = UInt64(users.count)
    for (record, times) in zip(users, arrivals) {
      metrics.contentItems &+= UInt64(times.count)
      metrics.undelivered &+= UInt64(times.count - record.delivered)
      if record.fetches == 0 { metrics.usersNeverWoken &+= 1 }
    }
    return metrics
  }
}
