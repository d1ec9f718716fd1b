/// The built-in app as the router's app component: its mechanism carries
/// out its decisions synchronously, so an event is done when its verb
/// returns, and each ending the daemon delivers reaches its delegate at
/// once.
extension TransferApp: TransferAppComponent {
  @inlinable
  var jobSchedule: ReconcileJobSchedule? { decisions.jobSchedule }

  /// Nothing to prepare: the built-in app runs every scenario.
  @inlinable
  mutating func start(_ context: inout SimulationContext<TransferEvent>) throws(SimulationError) {}

  /// Nothing to mark: the app runs no code of its own.
  @inlinable
  @inline(__always)
  mutating func beginRun() throws(SimulationError) {}

  @inlinable
  @inline(__always)
  mutating func endRun() {}

  /// Nothing to enter: the app runs no code of its own between events.
  @inlinable
  @inline(__always)
  mutating func enterEvent(at now: VirtualTime) throws(SimulationError) {}

  @inlinable
  @inline(__always)
  mutating func leaveEvent() {}

  /// Nothing waits: every verb has already done its work.
  @inlinable
  @inline(__always)
  mutating func settle(session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>)
    throws(SimulationError)
  {}

  /// Nothing can be left waiting.
  @inlinable
  func finish(_ context: inout SimulationContext<TransferEvent>) throws(SimulationError) {}

  @inlinable
  @inline(__always)
  func receivesEndings(_ user: Int) -> Bool {
    lifecycles[user].runsBackgroundTask || lifecycles[user].state == .foreground
  }

  @inlinable
  mutating func userOpens(
    _ user: Int, _ launch: TransferEvent.Launch, session: inout TransferDaemon,
    _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    try open(user, launch, session: &session, &context)
  }

  /// On the relaunch, the app first receives the events that waited for
  /// it, then reconciles, then receives the endings the `finish-vs-enqueue`
  /// race held back; the user asks again, a little later, for what they
  /// cancelled.
  @inlinable
  mutating func reopened(_ user: Int, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>)
    throws(SimulationError)
  {
    try deliverPending(user, session: &session, &context)
    try reconcile(user, by: .launch, session: &session, &context)
    try deliverPending(user, includingDeferred: true, session: &session, &context)
    for file in settings.files(of: user) where isCancelledByUser(file) {
      try context.schedule(TransferEvent(.userAsksAgain(file: UInt32(file)), user: user), after: .seconds(10))
    }
  }

  @inlinable
  mutating func userLeaves(_ user: Int, _ context: inout SimulationContext<TransferEvent>) throws(SimulationError)
    -> Bool
  {
    moveToBackground(user, &context)
  }

  @inlinable
  mutating func terminatedBySystem(
    _ user: Int, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>
  ) {
    terminatedBySystem(user, &context)
  }

  @inlinable
  mutating func forceQuitByUser(
    _ user: Int, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>
  ) {
    forceQuitByUser(user, &context)
  }

  /// The pending events arrive; a relaunched app whose policy says so
  /// reconciles; then it is suspended again.
  @inlinable
  mutating func runBackgroundWake(
    _ user: Int, relaunched: Bool, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    try deliverPending(user, session: &session, &context)
    try finishBackgroundWake(user, relaunched: relaunched, session: &session, &context)
  }

  /// The daemon hands the task's ending to the app's delegate.
  @inlinable
  @inline(__always)
  mutating func endingArrives(
    _ task: TransferTaskID, user: Int, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    guard let callback = session.collect(task, &context) else { return }
    context.traceMessage(
      from: TransferWorld.daemonName(callback.transfer.file / settings.filesPerUser),
      to: TransferWorld.appName(callback.transfer.file / settings.filesPerUser),
      "\(callback.outcome) \(settings.taskName(callback.transfer))")
    try receive(callback, session: &session, &context)
  }

  @inlinable
  mutating func deliverPending(
    _ user: Int, session: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    try deliverPending(user, includingDeferred: false, session: &session, &context)
  }

  /// Hands the connected session's ended tasks to the delegate in the
  /// order they ended; deferred ones stay queued unless `includingDeferred`.
  ///
  /// - Complexity: O(queued tasks).
  @inlinable
  @inline(__always)
  mutating func deliverPending(
    _ user: Int, includingDeferred: Bool, session: inout TransferDaemon,
    _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    var cursor = session.openDeliveryQueue(of: user)
    while let task = session.nextDelivery(&cursor, includingDeferred: includingDeferred) {
      try endingArrives(task, user: user, session: &session, &context)
    }
  }

  /// The built-in app never sleeps on the simulated clock.
  @inlinable
  mutating func wake(_ ticket: SleepTicket, user: Int) {}
}
