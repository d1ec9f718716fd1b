// What a TransferCompletionHandler answers: one decision per kind of
// ending, carried out by the app's mechanism.

/// What the app does with a finished download.
public enum DownloadDecision: Hashable, Sendable {
  /// Moves the file into place before the delegate method returns: always
  /// in time.
  case moveInDelegate
  /// Moves it after the delegate method returned: races the system
  /// deleting the temporary file (`move-vs-delete`; the row says `done`
  /// either way).
  case moveAfterReturn
  /// Discards the file (validation caught it); with `retry`, downloads it
  /// again from zero.
  case discard(retry: Bool)
}

/// What the app does after the server rejected an upload.
public struct UploadRejectionDecision: Hashable, Sendable {
  /// Whether the staging file is deleted: the job cannot be sent again.
  public var deletesStaging: Bool
  /// The row's new state, when the upload was the row's own task: `failed`
  /// is honest, `done` misreports a job the server never stored.
  public var row: RegistryRow.State

  /// A decision; see the properties for each argument.
  @inlinable
  public init(deletesStaging: Bool, row: RegistryRow.State) {
    self.deletesStaging = deletesStaging
    self.row = row
  }
}

/// What the app does when the row's own task ended without a file.
public enum InterruptionDecision: Hashable, Sendable {
  /// Nothing: the row stays as it is.
  case leave
  /// Sets the row's state column (`failed`: given up).
  case mark(RegistryRow.State)
  /// Enqueues the file again (the row goes to `queued`, then `active`),
  /// from the failure's resume data when `usingResumeData` and there is
  /// some, else from zero.
  case retry(usingResumeData: Bool)
}
