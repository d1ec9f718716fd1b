/// What the app's delegate does with the callbacks it receives: validate a
/// finished download, move it into place, settle an upload's staging file
/// and row, retry a failure (with its resume data or from zero).
///
/// The built-in policy is the one a scenario's `app` options describe.
struct CompletionPolicy {
  /// How the app checks a downloaded file.
  var validation: TransferWorldOptions.AppPolicy.Validation
  /// When it moves a finished download out of the temporary location.
  var moveTiming: TransferWorldOptions.AppPolicy.MoveTiming
  /// When an upload's staging file is deleted.
  var stagingDeletion: TransferWorldOptions.AppPolicy.StagingDeletion
  /// How a download reaches its destination path.
  var destinationWrites: TransferWorldOptions.AppPolicy.DestinationWrites
  /// Whether a failed transfer is resumed from its resume data.
  var usesResumeData: Bool

  init(_ app: TransferWorldOptions.AppPolicy) {
    validation = app.validation
    moveTiming = app.moveTiming
    stagingDeletion = app.stagingDeletion
    destinationWrites = app.destinationWrites
    usesResumeData = app.usesResumeData
  }

  /// Whether the app's validation notices bad content.
  @inline(__always)
  func detects(_ content: DownloadContent) -> Bool {
    guard content != .good else { return false }
    switch validation {
    case .none: return false
    case .status: return content == .errorStatus
    case .size: return content != .corruptedBytes
    case .checksum: return true
    }
  }

  /// Whether the app moves the file after its delegate method returned
  /// (racing the system deleting it) rather than before.
  var movesAfterReturn: Bool { moveTiming == .afterReturn }

  /// Whether the download writes its destination in place (two tasks for
  /// one file then corrupt it).
  var writesInPlace: Bool { destinationWrites == .direct }

  /// Whether a 413 still deletes the staging file and marks the job done.
  var deletesStagingOnRejection: Bool { stagingDeletion == .afterAnyCompletion }

  /// Where the retry of a failed transfer starts.
  @inline(__always)
  func resumeOffset(_ resumeData: UInt64?) -> UInt64 {
    usesResumeData ? resumeData ?? 0 : 0
  }
}
