/// The app's registry: enqueueing a file (a task and its row), retrying,
/// the relaunch reconcile against the daemon's task list, and the user's
/// cancel and request-again.
extension TransferApp {
  /// Creates a task for a file and records it in the registry, unless the
  /// file has used up its attempts (then the row says `failed`).
  @inlinable
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
    var row = records[file].row
    row.attempts &+= 1
    records[file].row.attempts = row.attempts
    let task = try session.createTask(
      for: TransferAttemptIdentity(file: file, attempt: row.attempts), resumingFrom: resumeFrom, &context)
    if row.attempts <= 1 && requestedAt[file] == .zero {
      requestedAt[file] = context.now
    }
    row.state = .active
    row.currentTask = task
    records[file].row = row
  }

  /// Marks the row queued and enqueues the file again.
  @inlinable
  mutating func retry(
    _ file: Int, resumeFrom: UInt64, session: inout some BackgroundTransferSession,
    _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    records[file].row.state = .queued
    try enqueue(file, resumeFrom: resumeFrom, session: &session, &context)
  }

  /// Whether the app can tell the file needs no transfer: a download is on
  /// disk; an upload's row says done (the app cannot see the server).
  @inlinable
  @inline(__always)
  func seesDone(_ file: Int) -> Bool {
    settings.downloads ? records[file].result.stored : records[file].row.state == .done
  }

  /// What the app sees of one file when it decides about it.
  @inlinable
  @inline(__always)
  func appFile(_ file: Int) -> AppFile {
    AppFile(identity: FileIdentity(file: file), row: records[file].row, isPresent: seesDone(file))
  }

  /// The reconcile (seed 000 and 001): the daemon's task list against the
  /// registry, one ``ReconcileAction`` per row, decided by the app's
  /// reconcile on a launch or by its reconcile job's work, and carried out.
  ///
  /// - Complexity: O(files of the user + tasks the user ever created).
  @inlinable
  mutating func reconcile(
    _ user: Int, by reconcile: ReconcileRun, session: inout some BackgroundTransferSession,
    _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    session.allTasks(of: user, into: &taskList)
    let first = user * settings.filesPerUser
    listed.group(taskList, firstFile: first, files: settings.filesPerUser)
    var enqueued = 0
    for file in files(of: user) {
      let k = file - first
      let action: ReconcileAction
      switch reconcile {
      case .launch:
        action = decisions.reconciler.reconcile(appFile(file), listed: listed.of(fileAt: k), &context.decisions)
      case .job: action = decisions.job.work.reconcile(appFile(file), listed: listed.of(fileAt: k), &context.decisions)
      }
      switch action {
      case .leave:
        continue
      case .enqueue:
        try enqueue(file, session: &session, &context)
      case .resetAndEnqueue:
        records[file].row.state = .queued
        try enqueue(file, session: &session, &context)
      case .cancelListed:
        cancelListed(ofFileAt: k, session: &session, &context)
        continue
      case .restart:
        cancelListed(ofFileAt: k, session: &session, &context)
        records[file].row.state = .queued
        try enqueue(file, session: &session, &context)
      case .mark(let state):
        records[file].row.state = state
        continue
      }
      enqueued += 1
    }
    context.trace(
      TransferWorld.appName(user),
      "reconciles (\(reconcile == .launch ? decisions.reconciler.name : decisions.job.work.name))",
      "enqueued=\(enqueued)")
  }

  /// Cancels the tasks `getAllTasks` listed for the user's `k`-th file at
  /// this reconcile; their cancellations reach the delegate as the app's.
  @inlinable
  mutating func cancelListed(
    ofFileAt k: Int, session: inout some BackgroundTransferSession, _ context: inout SimulationContext<TransferEvent>
  ) {
    for task in listed.of(fileAt: k) { session.cancel(task.task, .app, &context) }
  }

  // MARK: The user

  /// The user cancels the file's transfer in the app: the app cancels the
  /// task and records it (removing the row, or leaving it stale).
  @inlinable
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
  @inlinable
  mutating func userAsksAgain(
    _ file: Int, session: inout some BackgroundTransferSession, _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    let user = file / settings.filesPerUser
    records[file].row.wanted = true
    requestedAt[file] = context.now
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

/// Which of the app's decisions a reconcile runs: its reconcile, on a
/// launch, or its reconcile job's work.
@usableFromInline
enum ReconcileRun: Equatable {
  /// The app's ``TransferReconciler``, when it is launched.
  case launch
  /// The work of its ``ReconcileJobHandler``, when the job completes.
  case job
}
