/// The router's part for the restarts of a server with a capacity: at a
/// restart the requests in the queue are lost like the ones being
/// processed — the connection reset at the restart, nothing applied — and
/// the hop in front of the server learns it then.
extension RequestWorldModel {
  /// Schedules the server's restart event when a request waits in its
  /// queue or a restart cut a worker (``RequestServer/restartToSchedule()``).
  @inlinable
  @inline(__always)
  mutating func scheduleRestartIfDue(_ context: inout SimulationContext<RequestEvent>) throws(SimulationError) {
    guard let restart = server.restartToSchedule() else { return }
    try context.schedule(.serverRestart, at: restart)
  }

  /// The server restarts: each queued request's connection is reset now,
  /// and a worker freed takes up what shrinking kept in the queue.
  @inlinable
  mutating func restartServer(_ context: inout SimulationContext<RequestEvent>) throws(SimulationError) {
    if Client.runsCode, client.hasServerCode {
      // Your server's process ends: the requests it was handling are cut.
      client.serverRestarted(&context)
      while let work = client.takeServerWork() { try carryOut(work, &context) }
    }
    for request in server.restart(&context) {
      let operation = Int(request.operation)
      client.requestAnswered(operation)
      try reply(Self.connectionReset(request), to: request, failingAt: context.now, &context)
      foldIfDone(operation)
    }
    while let next = server.takeQueuedByIdleWorker() {
      try process(next, &context)
      foldIfDone(Int(next.operation))
    }
  }
}
