/// The app's registry: enqueueing a file (a task and its row), retrying,
/// the relaunch reconcile against the daemon's task list, and the user's
/// cancel and request-again.
extension TransferApp {
  /// Creates a task for a file and records it in the registry, unless the
  /// file has used up its attempts (then the row says `failed`).
  mutating func enqueue(
    _ file: Int, resumeFrom: UInt64 = 0, session: inout some BackgroundTransferSession,
    _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    guard Int(records[file].row.attempts) < decisions.maximumAttempts else {
      records[file].row.state = .failed
      context.trace(
        TransferWorld.appName(file / settings.filesPerUser), "gives up on \(settings.fileName(file))",
        "attempts=\(records[file].row.attempts)")
      return
    }
    records[file].row.attempts &+= 1
    let task = try session.createTask(
      for: TransferAttemptIdentity(file: file, attempt: records[file].row.attempts), resumingFrom: resumeFrom, &context)
    if records[file].result.requestedAt == .zero && records[file].row.attempts <= 1 {
      records[file].result.requestedAt = context.now
    }
    records[file].row.state = .active
    records[file].row.currentTask = task
  }

  /// Marks the row queued and enqueues the file again.
  mutating func retry(
    _ file: Int, resumeFrom: UInt64, session: inout some BackgroundTransferSession,
    _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    records[file].row.state = .queued
    try enqueue(file, resumeFrom: resumeFrom, session: &session, &context)
  }

  /// Whether the app can tell the file needs no transfer: a download is on
  /// disk; an upload's row says done (the app cannot see the server).
  func seesDone(_ file: Int) -> Bool {
    settings.options.workload.kind == .download ? records[file].result.stored : records[file].row.state == .done
  }

  /// The reconcile (seed 000 and 001): the daemon's task list against the
  /// registry, one decision per row, with the app's policy unless another
  /// is given.
  ///
  /// - Complexity: O(files of the user + tasks the user ever created).
  mutating func reconcile(
    _ user: Int, as chosen: ReconcilePolicy? = nil, session: inout some BackgroundTransferSession,
    _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    let policy = chosen ?? decisions.reconcile
    session.allTasks(of: user, into: &taskList)
    for task in taskList { listed[task.transfer.file] = true }
    var enqueued = 0
    for file in files(of: user) {
      let row = ReconcilePolicy.RowAtRelaunch(
        state: records[file].row.state, wanted: records[file].row.wanted, present: seesDone(file), listed: listed[file])
      switch policy.decide(row) {
      case .leave:
        continue
      case .enqueue:
        try enqueue(file, session: &session, &context)
      case .requeue:
        records[file].row.state = .queued
        try enqueue(file, session: &session, &context)
      }
      enqueued += 1
    }
    for file in files(of: user) { listed[file] = false }
    context.trace(TransferWorld.appName(user), "reconciles (\(policy.rawValue))", "enqueued=\(enqueued)")
  }

  // MARK: The user

  /// The user cancels the file's transfer in the app: the app cancels the
  /// task and records it (removing the row, or leaving it stale).
  mutating func cancelOnUserRequest(
    _ file: Int, task: TransferTaskID, session: inout some BackgroundTransferSession,
    _ context: inout SimulationContext<TransferEvent>
  ) {
    let user = file / settings.filesPerUser
    session.cancel(task, .user, &context)
    records[file].row.cancelled = true
    records[file].row.wanted = false
    if decisions.cancelRemovesRow {
      records[file].row.state = .none
      records[file].row.currentTask = nil
      context.trace(TransferWorld.appName(user), "user cancels \(settings.fileName(file))", "row removed")
    } else {
      context.trace(TransferWorld.appName(user), "user cancels \(settings.fileName(file))", "row kept as active")
    }
  }

  /// The user asks again for a file they cancelled: enqueued unless the
  /// registry believes it is already coming.
  mutating func userAsksAgain(
    _ file: Int, session: inout some BackgroundTransferSession, _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    let user = file / settings.filesPerUser
    records[file].row.wanted = true
    records[file].result.requestedAt = context.now
    records[file].row.cancelled = false
    guard records[file].row.state == .none else {
      context.trace(
        TransferWorld.appName(user), "user asks again for \(settings.fileName(file))",
        "the registry says it is already coming: nothing enqueued")
      return
    }
    context.trace(TransferWorld.appName(user), "user asks again for \(settings.fileName(file))")
    try enqueue(file, session: &session, &context)
  }
}
