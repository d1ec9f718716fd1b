/// What the app's session delegate does with the endings the OS delivers,
/// apart from its mechanics: the seam where your own completion handler
/// replaces the built-in one.
///
/// The delegate's mechanics stay in the app: telling the row's own task
/// from stale ones, counting what was stored (a second copy is the
/// duplicate the world measures), the race of a late move with the system
/// deleting the temporary file, re-enqueueing within
/// `app.maximumAttempts`. The decisions are this protocol:
///
/// - a finished download (`didFinishDownloadingTo`): validate it — by its
///   status, its length, its checksum (``FinishedDownload``) — and move it
///   into place in the delegate, after it returns, or discard it and
///   download it again (``DownloadDecision``); and whether downloads write
///   their destination in place;
/// - an upload the server rejected (413): delete the staging file or keep
///   it, and the row's new state (``UploadRejectionDecision``);
/// - the row's own task ending without a file — failed part-way, with or
///   without resume data, or cancelled by a force-quit or by the app
///   (``TransferInterruption``): retry it, using the resume data or not,
///   mark the row, or leave it (``InterruptionDecision``).
///
/// Every hook has a default: the careful app of the model's defaults
/// (`app.validation: checksum`, `moveTiming: in-delegate`,
/// `stagingDeletion: after-2xx`, resume data used), so you write only the
/// decisions you change. A handler sees only values — the ending, the file
/// as the app sees it (``AppFile``) — and the run's context, for keyed
/// draws and trace lines; it never schedules.
///
/// `BuiltInCompletionHandler` — the handler of scenario files, `app.*`
/// options — is an implementation like any other; the app is generic over
/// the handler, so yours runs specialised:
///
/// ```swift
/// /// Checks only the HTTP status: an error page sent with 200 is stored
/// /// as if it were the episode.
/// struct StatusOnlyValidation: TransferCompletionHandler {
///   func downloadFinished(
///     _ download: FinishedDownload, of file: AppFile, _ context: inout DecisionContext
///   ) -> DownloadDecision {
///     download.status == 200 ? .moveInDelegate : .discard(retry: download.isCurrent && file.row.wanted)
///   }
/// }
/// ```
///
/// Plug it in with ``Scenario/transferWorld(reconcile:completion:job:)``.
public protocol TransferCompletionHandler: Sendable {
  /// Starts a new run. The default does nothing.
  mutating func reset()

  /// Whether downloads write their destination in place while they run:
  /// two tasks for one file then corrupt it (seed AG17). The default,
  /// `false`, writes elsewhere and moves atomically.
  var writesDestinationInPlace: Bool { get }

  /// A download finished (of the row's task, or of a stale or duplicate
  /// one: ``FinishedDownload/isCurrent``): move it into place, or discard
  /// it. The default validates by status, length and checksum, retries
  /// what it discards when it is the row's task of a wanted file, and
  /// moves in the delegate.
  mutating func downloadFinished(
    _ download: FinishedDownload, of file: AppFile, _ context: inout DecisionContext
  ) -> DownloadDecision

  /// The server rejected an upload. The default keeps the staging file and
  /// marks the row `failed` (the staging file goes only after a 2xx).
  mutating func uploadRejected(
    _ upload: RejectedUpload, of file: AppFile, _ context: inout DecisionContext
  ) -> UploadRejectionDecision

  /// The row's own task ended without a file (stale tasks' endings are
  /// dropped before they reach the handler). The default retries a wanted
  /// file's failure from its resume data, re-enqueues a wanted file a
  /// force-quit cancelled unless it is there, and marks the row `failed`
  /// when the app cancelled the task itself.
  mutating func transferInterrupted(
    _ interruption: TransferInterruption, of file: AppFile, _ context: inout DecisionContext
  ) -> InterruptionDecision
}

extension TransferCompletionHandler {
  /// Nothing to start over.
  @inlinable
  public mutating func reset() {}

  /// Writes elsewhere and moves atomically.
  @inlinable
  public var writesDestinationInPlace: Bool { false }

  /// Validates by status, length and checksum; moves in the delegate.
  @inlinable
  public mutating func downloadFinished(
    _ download: FinishedDownload, of file: AppFile, _ context: inout DecisionContext
  ) -> DownloadDecision {
    download.status == 200 && download.hasExpectedLength && download.matchesChecksum
      ? .moveInDelegate : .discard(retry: download.isCurrent && file.row.wanted)
  }

  /// Keeps the staging file; the row says `failed`.
  @inlinable
  public mutating func uploadRejected(
    _ upload: RejectedUpload, of file: AppFile, _ context: inout DecisionContext
  ) -> UploadRejectionDecision {
    UploadRejectionDecision(deletesStaging: false, row: .failed)
  }

  /// Retries with the resume data; re-enqueues after a force-quit; gives
  /// up on a task the app cancelled.
  @inlinable
  public mutating func transferInterrupted(
    _ interruption: TransferInterruption, of file: AppFile, _ context: inout DecisionContext
  ) -> InterruptionDecision {
    interruption.recovery(of: file, usingResumeData: true)
  }
}

extension TransferInterruption {
  /// What the built-in handler does: retry a wanted file's failure (from
  /// the resume data when `usingResumeData`), re-enqueue a wanted file a
  /// force-quit cancelled unless it is there, mark the row `failed` when
  /// the app cancelled the task.
  @inlinable
  func recovery(of file: AppFile, usingResumeData: Bool) -> InterruptionDecision {
    switch reason {
    case .failed:
      return file.row.wanted ? .retry(usingResumeData: usingResumeData) : .leave
    case .cancelledByForceQuit:
      return file.row.wanted && !file.isPresent ? .retry(usingResumeData: false) : .leave
    case .cancelledByApp:
      return .mark(.failed)
    }
  }
}
