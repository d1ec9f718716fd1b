/// The app's session delegate: what it does with each callback the world
/// routes to it — store a finished transfer (after validating and moving
/// it), retry a failure, re-enqueue after a force-quit, record its own
/// cancellation.
extension TransferApp {
  /// The delegate receives one task's ending.
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
      guard isCurrent, records[file].row.wanted else { return }
      try retry(file, resumeFrom: decisions.completion.resumeOffset(resumeData), session: &session, &context)
    case .cancelled(.forceQuit):
      context.trace(
        TransferWorld.appName(file / settings.filesPerUser),
        "receives cancellation of \(settings.taskName(callback.transfer))",
        "by=force-quit")
      guard isCurrent, records[file].row.wanted, !seesDone(file) else { return }
      records[file].row.state = .queued
      try enqueue(file, session: &session, &context)
    case .cancelled(.app):
      context.trace(
        TransferWorld.appName(file / settings.filesPerUser),
        "receives cancellation of \(settings.taskName(callback.transfer))", "by=app")
      if isCurrent { records[file].row.state = .failed }
    case .cancelled(.user):
      break
    }
  }

  /// A finished transfer: validate, move into place, update the row.
  mutating func receiveCompletion(
    _ callback: TransferCallback, _ response: TransferResponse, bytes: UInt64, isCurrent: Bool,
    session: inout some BackgroundTransferSession, _ context: inout SimulationContext<TransferEvent>
  ) throws(SimulationError) {
    let file = callback.transfer.file
    let policy = decisions.completion
    switch response {
    case .upload(let answer):
      records[file].row.lastStatus = answer.status
      guard answer == .accepted else {
        records[file].result.rejected = true
        if policy.deletesStagingOnRejection {
          records[file].result.staging = false
          if isCurrent { records[file].row.state = .done }
          context.trace(
            TransferWorld.appName(file / settings.filesPerUser),
            "upload of \(settings.taskName(callback.transfer)) answered 413",
            "staging=deleted row=done")
        } else {
          if isCurrent { records[file].row.state = .failed }
          context.trace(
            TransferWorld.appName(file / settings.filesPerUser),
            "upload of \(settings.taskName(callback.transfer)) rejected with 413",
            "staging=kept row=failed")
        }
        return
      }
      store(file, from: callback.transfer, corrupt: false, bytes: bytes, &context)
      records[file].result.staging = false
    case .download(let content):
      records[file].row.lastStatus = content.status
      if policy.detects(content) {
        context.trace(
          TransferWorld.appName(file / settings.filesPerUser),
          "rejects the download of \(settings.taskName(callback.transfer))",
          "content=\(content)")
        if isCurrent && records[file].row.wanted { try retry(file, resumeFrom: 0, session: &session, &context) }
        return
      }
      if policy.movesAfterReturn {
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
      }
      let overlapped = policy.writesInPlace && callback.fileHadConcurrentTasks
      store(file, from: callback.transfer, corrupt: content != .good || overlapped, bytes: bytes, &context)
    }
  }

  /// Puts a copy of the file in place; the row says done, whichever task
  /// delivered it. A second copy is the duplicate the world measures.
  mutating func store(
    _ file: Int, from transfer: TransferAttemptIdentity, corrupt: Bool, bytes: UInt64,
    _ context: inout SimulationContext<TransferEvent>
  ) {
    let copy = records[file].result.stored
    if !copy {
      records[file].result.storedAt = context.now
      records[file].result.usefulBytes = bytes
    }
    records[file].result.stored = true
    records[file].result.corrupt = records[file].result.corrupt || corrupt
    records[file].row.state = .done
    context.trace(
      TransferWorld.appName(file / settings.filesPerUser),
      "stores \(copy ? "a duplicate of " : "")\(settings.fileName(file)) from \(settings.taskName(transfer))",
      corrupt ? "content=corrupt" : "")
  }
}
