// What a TransferCompletionHandler is shown: one value per kind of ending
// the delegate receives, with what the app can check and nothing more.

/// A finished download as the delegate sees it in
/// `didFinishDownloadingTo`: the response's status and what the app can
/// check of the file, not what the server really sent.
public struct FinishedDownload: Sendable {
  /// The transfer: the file and the task's attempt number.
  public var transfer: TransferAttemptIdentity
  /// Whether it is the task the file's row refers to (else a stale or a
  /// duplicate task: its file is still a copy, and counts as one).
  public var isCurrent: Bool
  /// What the server sent.
  @usableFromInline
  let content: DownloadContent
  /// Bytes the task moved: the file's size.
  public var bytes: UInt64

  /// A finished download of `content`.
  @inlinable
  init(transfer: TransferAttemptIdentity, isCurrent: Bool, content: DownloadContent, bytes: UInt64) {
    self.transfer = transfer
    self.isCurrent = isCurrent
    self.content = content
    self.bytes = bytes
  }

  /// The HTTP status: 200, or 404 for an error status. An error page sent
  /// with 200 passes a status check.
  @inlinable
  public var status: UInt16 { content.status }

  /// Whether the body has the length the `Content-Length` promised: an
  /// error page or a truncated body does not; corrupted bytes do.
  @inlinable
  public var hasExpectedLength: Bool { content == .good || content == .corruptedBytes }

  /// Whether the file matches its published checksum: only good content
  /// does.
  @inlinable
  public var matchesChecksum: Bool { content == .good }
}

/// An upload the server answered with an error (413 Payload Too Large: a
/// permanent rejection).
public struct RejectedUpload: Sendable {
  /// The transfer: the job's file and the task's attempt number.
  public var transfer: TransferAttemptIdentity
  /// Whether it is the task the job's row refers to; only then does the
  /// decision's row state apply.
  public var isCurrent: Bool
  /// The HTTP status (413).
  public var status: UInt16

  /// A rejected upload; see the properties for each argument.
  @inlinable
  init(transfer: TransferAttemptIdentity, isCurrent: Bool, status: UInt16) {
    self.transfer = transfer
    self.isCurrent = isCurrent
    self.status = status
  }
}

/// The row's own task ended without a file: `didCompleteWithError`.
public struct TransferInterruption: Sendable {
  /// Why the task ended.
  public enum Reason: Hashable, Sendable {
    /// It failed part-way; `resumeData` is the bytes it had, `nil` when
    /// the failure carried no resume data.
    case failed(resumeData: UInt64?)
    /// The user force-quit the app and the OS cancelled the session's
    /// tasks.
    case cancelledByForceQuit
    /// The app cancelled it itself (a reconcile, an expiration handler).
    case cancelledByApp
  }

  /// The transfer: the file and the task's attempt number.
  public var transfer: TransferAttemptIdentity
  /// Why it ended.
  public var reason: Reason

  /// An interruption; see the properties for each argument.
  @inlinable
  init(transfer: TransferAttemptIdentity, reason: Reason) {
    self.transfer = transfer
    self.reason = reason
  }

  /// The resume data's bytes, if the task failed with some.
  @inlinable
  public var resumeData: UInt64? {
    if case .failed(let bytes) = reason { return bytes }
    return nil
  }
}
