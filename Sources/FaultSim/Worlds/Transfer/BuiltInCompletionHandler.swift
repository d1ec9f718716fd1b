/// The completion handler of scenario files: validation by
/// `app.validation`, the move by `app.moveTiming`, the staging file by
/// `app.stagingDeletion`, destination writes by `app.destinationWrites`,
/// retries from resume data by `app.usesResumeData`. See
/// ``TransferCompletionHandler`` for what a handler decides.
///
/// ``init()`` is the handler of whichever scenario it runs in: the world
/// calls `prepared(for:)` with the scenario's options before a run.
@usableFromInline package struct BuiltInCompletionHandler: TransferCompletionHandler, ScenarioConfigured {
  /// How the app checks a downloaded file.
  @usableFromInline
  let validation: TransferWorldOptions.AppPolicy.Validation
  /// When it moves a finished download out of the temporary location.
  @usableFromInline
  let moveTiming: TransferWorldOptions.AppPolicy.MoveTiming
  /// When an upload's staging file is deleted.
  @usableFromInline
  let stagingDeletion: TransferWorldOptions.AppPolicy.StagingDeletion
  /// How a download reaches its destination path.
  @usableFromInline
  let destinationWrites: TransferWorldOptions.AppPolicy.DestinationWrites
  /// Whether a failed transfer is resumed from its resume data.
  @usableFromInline
  let usesResumeData: Bool

  /// The handler of the scenario it runs in (`app.*`), read by
  /// `prepared(for:)`.
  @inlinable
  package init() {
    self.init(TransferWorldOptions.AppPolicy())
  }

  /// The handler `app` describes.
  @inlinable
  init(_ app: TransferWorldOptions.AppPolicy) {
    validation = app.validation
    moveTiming = app.moveTiming
    stagingDeletion = app.stagingDeletion
    destinationWrites = app.destinationWrites
    usesResumeData = app.usesResumeData
  }

  /// The handler the scenario's `app.*` options describe.
  @inlinable
  package func prepared(for options: TransferWorldOptions) -> BuiltInCompletionHandler {
    BuiltInCompletionHandler(options.app)
  }

  /// `app.destinationWrites: direct`.
  @inlinable
  package var writesDestinationInPlace: Bool { destinationWrites == .direct }

  /// Discards what `app.validation` catches (and downloads it again when it
  /// is the row's task of a wanted file); moves the rest as
  /// `app.moveTiming` says.
  @inlinable
  @inline(__always)
  package func downloadFinished(
    _ download: FinishedDownload, of file: AppFile, _ context: inout DecisionContext
  ) -> DownloadDecision {
    if detects(download) { return .discard(retry: download.isCurrent && file.row.wanted) }
    return moveTiming == .afterReturn ? .moveAfterReturn : .moveInDelegate
  }

  /// Whether the app's validation notices bad content: `status` checks
  /// the status, `size` also the length, `checksum` also the checksum.
  @inlinable
  @inline(__always)
  func detects(_ download: FinishedDownload) -> Bool {
    // Good content passes every check: the common case, decided first.
    guard !download.matchesChecksum else { return false }
    switch validation {
    case .none: return false
    case .status: return download.status != 200
    case .size: return download.status != 200 || !download.hasExpectedLength
    case .checksum: return true
    }
  }

  /// `after-2xx` keeps the staging file and marks the job `failed`;
  /// `after-any-completion` deletes it and marks the job `done`.
  @inlinable
  package func uploadRejected(
    _ upload: RejectedUpload, of file: AppFile, _ context: inout DecisionContext
  ) -> UploadRejectionDecision {
    stagingDeletion == .afterAnyCompletion
      ? UploadRejectionDecision(deletesStaging: true, row: .done)
      : UploadRejectionDecision(deletesStaging: false, row: .failed)
  }

  /// Retries a failure from its resume data when `app.usesResumeData`, else
  /// from zero; otherwise as the protocol's default.
  @inlinable
  package func transferInterrupted(
    _ interruption: TransferInterruption, of file: AppFile, _ context: inout DecisionContext
  ) -> InterruptionDecision {
    interruption.recovery(of: file, usingResumeData: usesResumeData)
  }
}
