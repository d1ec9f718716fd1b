/// The app's session delegate: what it does with each callback the world
/// routes to it — store a finished transfer (after validating and moving
/// it), retry a failure, re-enqueue after a force-quit, record its own
/// cancellation — as its ``TransferCompletionHandler`` decides. The
/// mechanism here tells the row's own task from stale ones and keeps the
/// registry and the stored files.
extension TransferApp {
  /// The delegate receives one task's ending.
  @inlinable
  @inline(__always)
  mutating func receive(
    _ callback: TransferCallback, session: inout some BackgroundTransferSession,
    _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    let file = callback.transfer.file
    let isCurrent = records[file].row.currentTask == callback.task
    switch callback.outcome {
    case .completed(let response, let bytes):
      try receiveCompletion(callback, response, bytes: bytes, isCurrent: isCurrent, session: &session, &context)
    case .failed(let resumeData):
      context.trace(
        TransferWorld.appName(file / settings.filesPerUser),
        "receives failure of \(settings.taskName(callback.transfer))")
      guard isCurrent else { return }
      try interrupted(
        file, TransferInterruption(transfer: callback.transfer, reason: .failed(resumeData: resumeData)),
        session: &session, &context)
    case .cancelled(.forceQuit):
      context.trace(
        TransferWorld.appName(file / settings.filesPerUser),
        "receives cancellation of \(settings.taskName(callback.transfer))",
        "by=force-quit")
      guard isCurrent else { return }
      try interrupted(
        file, TransferInterruption(transfer: callback.transfer, reason: .cancelledByForceQuit), session: &session,
        &context)
    case .cancelled(.app):
      context.trace(
        TransferWorld.appName(file / settings.filesPerUser),
        "receives cancellation of \(settings.taskName(callback.transfer))", "by=app")
      guard isCurrent else { return }
      try interrupted(
        file, TransferInterruption(transfer: callback.transfer, reason: .cancelledByApp), session: &session,
        &context)
    case .cancelled(.user):
      break
    }
  }

  /// The row's own task ended without a file: the completion handler
  /// decides, the app carries it out.
  @inlinable
  mutating func interrupted(
    _ file: Int, _ interruption: TransferInterruption, session: inout some BackgroundTransferSession,
    _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    switch decisions.completion.transferInterrupted(interruption, of: appFile(file), &context.decisions) {
    case .leave:
      return
    case .mark(let state):
      records[file].row.state = state
    case .retry(let usingResumeData):
      let resumeFrom = usingResumeData ? interruption.resumeData ?? 0 : 0
      try retry(file, resumeFrom: resumeFrom, session: &session, &context)
    }
  }

  /// A finished transfer: the completion handler validates and moves a
  /// download, or settles a rejected upload; the app stores the file and
  /// updates the row.
  @inlinable
  mutating func receiveCompletion(
    _ callback: TransferCallback, _ response: TransferResponse, bytes: UInt64, isCurrent: Bool,
    session: inout some BackgroundTransferSession, _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    let file = callback.transfer.file
    switch response {
    case .upload(let answer):
      records[file].row.lastStatus = answer.status
      guard answer == .accepted else {
        records[file].result.rejected = true
        let upload = RejectedUpload(transfer: callback.transfer, isCurrent: isCurrent, status: answer.status)
        let decision = decisions.completion.uploadRejected(upload, of: appFile(file), &context.decisions)
        if decision.deletesStaging { records[file].result.staging = false }
        if isCurrent { records[file].row.state = decision.row }
        if decision.deletesStaging {
          context.trace(
            TransferWorld.appName(file / settings.filesPerUser),
            "upload of \(settings.taskName(callback.transfer)) answered \(answer.status)",
            "staging=deleted row=\(decision.row)")
        } else {
          context.trace(
            TransferWorld.appName(file / settings.filesPerUser),
            "upload of \(settings.taskName(callback.transfer)) rejected with \(answer.status)",
            "staging=kept row=\(decision.row)")
        }
        return
      }
      store(file, from: callback.transfer, corrupt: false, bytes: bytes, &context)
      records[file].result.staging = false
    case .download(let content):
      records[file].row.lastStatus = content.status
      let download = FinishedDownload(transfer: callback.transfer, isCurrent: isCurrent, content: content, bytes: bytes)
      switch decisions.completion.downloadFinished(download, of: appFile(file), &context.decisions) {
      case .discard(let retrying):
        context.trace(
          TransferWorld.appName(file / settings.filesPerUser),
          "rejects the download of \(settings.taskName(callback.transfer))",
          "content=\(content)")
        if retrying { try retry(file, resumeFrom: 0, session: &session, &context) }
        return
      case .moveAfterReturn:
        let moveFirst =
          context.choose(
            race: DrawKey(callback.transfer, TransferDraw.moveVsDelete.purpose),
            label: TransferDraw.moveVsDelete.name,
            alternatives: ["system deletes the file first", "app moves the file first"]) == 1
        if !moveFirst {
          if isCurrent { records[file].row.state = .done }
          context.trace(
            TransferWorld.appName(file / settings.filesPerUser),
            "moves \(settings.taskName(callback.transfer)) too late",
            "the temporary file is gone")
          return
        }
      case .moveInDelegate:
        break
      }
      let overlapped = decisions.completion.writesDestinationInPlace && callback.fileHadConcurrentTasks
      store(file, from: callback.transfer, corrupt: content != .good || overlapped, bytes: bytes, &context)
    }
  }

  /// Puts a copy of the file in place; the row says done, whichever task
  /// delivered it. A second copy is the duplicate the world measures.
  @inlinable
  mutating func store(
    _ file: Int, from transfer: TransferAttemptIdentity, corrupt: Bool, bytes: UInt64,
    _ context: inout SimulationContext<TransferEvent>
  ) {
    // One write of the whole record: each write through the table checks
    // that its storage is unshared.
    var record = records[file]
    let copy = record.result.stored
    if !copy {
      record.result.storedAt = context.now
      record.result.usefulBytes = bytes
    }
    record.result.stored = true
    record.result.corrupt = record.result.corrupt || corrupt
    record.row.state = .done
    records[file] = record
    if copy && !settings.downloads && settings.options.app.uploadKey == .storedWithRow {
      // The upload carried the key stored with the row: the server replays
      // its first answer and holds one copy (``DaemonFileRecord``).
      context.trace(
        TransferWorld.appName(file / settings.filesPerUser),
        "upload of \(settings.taskName(transfer)) replayed: the server already holds \(settings.fileName(file))",
        "key=stored-with-row")
      return
    }
    context.trace(
      TransferWorld.appName(file / settings.filesPerUser),
      "stores \(copy ? "a duplicate of " : "")\(settings.fileName(file)) from \(settings.taskName(transfer))",
      corrupt ? "content=corrupt" : "")
  }
}
