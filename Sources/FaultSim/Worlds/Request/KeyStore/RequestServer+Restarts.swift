/// The server's restarts (``RestartOptions``), as its mechanics see them:
/// a request arriving while it is down is refused, and one being processed
/// at a restart instant is lost before its commit — as is, with a
/// capacity, every request waiting in the queue then. Both are keyed faults
/// with probability 1 under their own purpose (``RequestDraw/serverDown``,
/// ``RequestDraw/requestLostToRestart``), keyed by the delivery, so
/// shrinking can keep the server up for one request. What a restart does
/// to the stored keys is the handler's (the built-in's key store).
extension RequestServer {
  /// Whether `request`, arriving now, finds the server down after a
  /// restart (and is refused: connection refused, provably not applied).
  ///
  /// - Complexity: Amortised O(1).
  @inlinable
  mutating func refusesWhileDown(_ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>) -> Bool {
    restarts?.advance(to: context.now, context.random)
    guard let restart = restarts?.latest, restarts?.isDown(at: context.now) == true,
      context.fault(1, RequestDraw.serverDown.key(request.delivery))
    else { return false }
    context.trace(
      RequestActor.server, "connection refused: server down since the restart at \(restart)",
      "op=\(request.operation) seq=\(request.sequence)")
    return true
  }

  /// The restart that cuts `request`'s processing, begun now and ending at
  /// `done`, if one comes first (a restart at the commit instant cuts it).
  ///
  /// - Complexity: Amortised O(1).
  @inlinable
  mutating func restartCuts(
    _ request: RequestMessage, before done: VirtualTime, _ context: inout SimulationContext<RequestEvent>
  ) -> VirtualTime? {
    restarts?.advance(to: context.now, context.random)
    guard let restart = restarts?.upcoming, restart <= done,
      context.fault(1, RequestDraw.requestLostToRestart.key(request.delivery))
    else { return nil }
    context.trace(
      RequestActor.server, "lost before commit: server restarts at \(restart)",
      "op=\(request.operation) seq=\(request.sequence)")
    return restart
  }

  /// The restart a `RequestEvent/serverRestart` must be scheduled at: a
  /// server with a capacity has requests queued or a worker cut, and the
  /// upcoming restart has no event yet. `nil` otherwise (always without a
  /// capacity: nothing waits for a worker there).
  ///
  /// - Complexity: O(1).
  @inlinable
  mutating func restartToSchedule() -> VirtualTime? {
    guard capacity != nil, let upcoming = restarts?.upcoming, queueHead < queue.count || !cutWorkers.isEmpty
    else { return nil }
    if let scheduled = restartScheduled, scheduled >= upcoming { return nil }
    restartScheduled = upcoming
    return upcoming
  }

  /// The server restarts now: the workers the restart cut are free, and
  /// the requests waiting in the queue are lost — each a keyed fault like a
  /// cut request's (``RequestDraw/requestLostToRestart``), so shrinking can
  /// keep one queued. Returns the lost requests, in queue order.
  ///
  /// - Complexity: O(queued requests).
  @inlinable
  mutating func restart(_ context: inout SimulationContext<RequestEvent>) -> [RequestMessage] {
    restarts?.advance(to: context.now, context.random)
    var freed = 0
    while freed < cutWorkers.count && cutWorkers[freed] <= context.now { freed += 1 }
    cutWorkers.removeFirst(freed)
    busyWorkers -= freed
    var lost: [RequestMessage] = []
    var kept: [RequestMessage] = []
    for request in queue[queueHead...] {
      if context.fault(1, RequestDraw.requestLostToRestart.key(request.delivery)) {
        context.trace(
          RequestActor.server, "lost in the queue: server restarts",
          "op=\(request.operation) seq=\(request.sequence)")
        lost.append(request)
      } else {
        kept.append(request)
      }
    }
    queue = kept
    queueHead = 0
    return lost
  }

  /// A queued request a worker freed by a restart takes up, if any: only
  /// when shrinking kept a queued request past the restart.
  ///
  /// - Complexity: O(1) amortised.
  @inlinable
  mutating func takeQueuedByIdleWorker() -> RequestMessage? {
    guard let capacity, busyWorkers < capacity.workers, queueHead < queue.count else { return nil }
    busyWorkers += 1
    let next = queue[queueHead]
    queueHead += 1
    return next
  }
}

extension RequestServer {
  /// The latest restart of the server at or before `now`, if any (your
  /// server code's process ends at a restart).
  ///
  /// - Complexity: O(restarts passed since the last call).
  @inlinable
  mutating func latestRestart(at now: VirtualTime, _ random: KeyedRandom) -> VirtualTime? {
    guard restarts != nil else { return nil }
    restarts?.advance(to: now, random)
    return restarts?.latest
  }

  /// The time of the upcoming restart when your server code is handling a
  /// request and that restart has no event yet (it ends the handling);
  /// `nil` otherwise.
  ///
  /// - Complexity: O(1).
  @inlinable
  mutating func restartEndingHandlings() -> VirtualTime? {
    guard let upcoming = restarts?.upcoming else { return nil }
    if let scheduled = restartScheduled, scheduled >= upcoming { return nil }
    restartScheduled = upcoming
    return upcoming
  }
}
