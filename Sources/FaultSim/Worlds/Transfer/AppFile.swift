/// One of the app's files as the app sees it when it decides about it: its
/// registry row, and whether it can tell the file needs no transfer.
///
/// What the app's decisions are shown — a ``TransferReconciler``'s rows,
/// a ``TransferCompletionHandler``'s file — and nothing more: not what the
/// daemon really holds, nor whether a stored copy is intact.
public struct AppFile: Sendable {
  /// The file: `user · filesPerUser + n` for the user's n-th file; the
  /// identity its draws are keyed by.
  public var identity: FileIdentity
  /// The file's registry row.
  public var row: RegistryRow
  /// Whether the app can tell the file needs no transfer: a download is on
  /// disk; an upload's row says done (the app cannot see the server).
  public var isPresent: Bool

  /// A file as the app sees it; see the properties for each argument.
  @inlinable
  package init(identity: FileIdentity, row: RegistryRow, isPresent: Bool) {
    self.identity = identity
    self.row = row
    self.isPresent = isPresent
  }

  /// Whether the user wants the file and the app has neither got it nor
  /// given up on it: what seed 000's `enqueueAll` enqueues.
  @inlinable
  public var isWantedAndMissing: Bool { row.wanted && !isPresent && row.state != .failed }
}
