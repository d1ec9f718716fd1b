/// Sleeping on virtual time: a task parks its continuation in the
/// runtime's ``SleeperTable``; the world schedules a wake event at the
/// deadline and resumes the task when it comes (``wake(_:)``).
extension TaskRuntime {
  /// Suspends the calling task until virtual time reaches `deadline`, or
  /// until it is cancelled (`CancellationError`).
  ///
  /// - Throws: `CancellationError`; ``SimulationError/escape(_:)`` when
  ///   called from a thread that is not running this runtime.
  @usableFromInline
  func sleep(until deadline: VirtualTime, owner: SleepOwner = .none) async throws {
    guard isCurrent else {
      let escape = SimulationEscape(.outsideSimulation, "a sleep on the simulated clock from another thread")
      recordForeign(escape.detail)
      throw SimulationError.escape(escape)
    }
    try Task.checkCancellation()
    let ticket = sleepers.allocate()
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
        if !sleepers.park(ticket, continuation, until: max(deadline, now), owner: owner) {
          sleepers.discard(ticket)
          continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      self.cancelSleep(ticket)
    }
  }

  /// Whose sleep `ticket` is, while it sleeps.
  func owner(of ticket: SleepTicket) -> SleepOwner? {
    sleepers.owner(of: ticket)
  }

  /// Drops the sleep of `ticket`: its task never resumes (its process
  /// died).
  func drop(_ ticket: SleepTicket) {
    _ = sleepers.take(ticket)
  }

  /// The wake event of `ticket` has come: its task resumes (a job becomes
  /// ready), unless its sleep ended already.
  @usableFromInline
  func wake(_ ticket: SleepTicket) {
    sleepers.take(ticket)?.resume()
  }

  /// The sleeping task was cancelled: it resumes at once with
  /// `CancellationError`, and its wake event will find the slot empty.
  private func cancelSleep(_ ticket: SleepTicket) {
    guard isCurrent else {
      recordForeign("a task sleeping on the simulated clock was cancelled from another thread")
      return
    }
    sleepers.take(ticket)?.resume(throwing: CancellationError())
  }

  /// Whether sleeps began since the world last took them. (`count`, not
  /// `isEmpty`: a debug build calls the generic `Collection.isEmpty` at
  /// each event.)
  @usableFromInline
  var hasSleepRequests: Bool { sleepers.requested.count != 0 }

  /// Takes the sleeps that need a wake event, in the order they began.
  @usableFromInline
  func takeSleepRequests(into requests: inout [(VirtualTime, SleepTicket)]) {
    requests.removeAll(keepingCapacity: true)
    swap(&requests, &sleepers.requested)
  }
}
