import FaultSim

extension PodcastDownloader {
  /// The completion handler (`urlSession(_:downloadTask:didFinishDownloadingTo:)`):
  /// validates the file by status, size and checksum, moves it into place
  /// before returning (the system deletes it afterwards), and marks the row
  /// done. A rejected file leaves the row as it was, with the reason;
  /// ``taskCompleted(_:error:)`` then retries.
  ///
  /// An older task of the episode may finish too (two were started): its
  /// file is as good as the newer one's, and the first valid one is kept.
  public func downloadFinished(_ task: TransferTaskInfo, file: DownloadedFile) {
    let id = task.taskDescription
    guard var row = registry.row(id) else {
      log("discard \(id) from task \(task.taskIdentifier): not in the registry")
      return
    }
    guard row.state != .done else {
      log("discard \(id) from task \(task.taskIdentifier): already stored")
      return
    }
    if let problem = Self.problem(with: file) {
      row.lastError = problem
      registry.save(row)
      log("reject \(id) from task \(task.taskIdentifier): \(problem)")
      return
    }
    do {
      try file.move(to: "Episodes/\(id).mp3")
    } catch {
      row.lastError = "move failed: \(error)"
      registry.save(row)
      log("could not move \(id): \(error)")
      return
    }
    row.state = .done
    row.lastError = nil
    registry.save(row)
  }

  /// Why `file` is not the episode, or `nil` when it is: a status that is
  /// not 2xx, fewer bytes than announced (an error page or a truncated
  /// body), or bytes that do not match the published checksum.
  static func problem(with file: DownloadedFile) -> String? {
    guard (200..<300).contains(file.status) else { return "status \(file.status)" }
    guard file.byteCount == file.expectedByteCount else {
      return "\(file.byteCount) of \(file.expectedByteCount) bytes"
    }
    guard file.checksumMatches else { return "checksum mismatch" }
    return nil
  }

  /// A task ended (`urlSession(_:task:didCompleteWithError:)`). Only the
  /// episode's current task — the one its row names — decides: a failure
  /// is retried, from its resume data when there is some, until
  /// ``retryLimit`` tasks were started; a completed task whose file was
  /// rejected is retried from the start; a cancellation (the user
  /// force-quit the app, and the system cancelled the session's tasks)
  /// queues the episode again for the reconcile that runs when the user
  /// opens the app.
  public func taskCompleted(_ task: TransferTaskInfo, error: TransferTaskError?) {
    let id = task.taskDescription
    guard var row = registry.row(id), row.state == .downloading(task: task.taskIdentifier) else {
      if error != nil { log("ignore the end of task \(task.taskIdentifier) of \(id): not its current task") }
      return
    }
    let episode = Episode(id: id, url: task.url)
    switch error {
    case nil:
      // Not done, so downloadFinished rejected the file: start over.
      retry(row, episode, resumeData: nil)
    case .failed(let resumeData)?:
      row.lastError = "\(TransferTaskError.failed(resumeData: resumeData))"
      registry.save(row)
      retry(row, episode, resumeData: resumeData)
    case .cancelled?:
      row.state = .queued
      row.lastError = "cancelled"
      registry.save(row)
      log("queue \(id) again: task \(task.taskIdentifier) was cancelled")
    }
  }

  /// Starts `episode` again, or gives it up when its row has used the
  /// retry limit.
  private func retry(_ row: EpisodeRow, _ episode: Episode, resumeData: ResumeData?) {
    guard row.attempts < retryLimit else {
      var row = row
      row.state = .failed
      registry.save(row)
      log("give up \(episode.id) after \(row.attempts) attempts: \(row.lastError ?? "")")
      return
    }
    start(episode, resumeData: resumeData)
  }
}
