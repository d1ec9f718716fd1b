/// One row of the app's registry (think `upload_jobs`: id, state,
/// attempts, last HTTP status): what the app believes about one wanted
/// file. It is a persisted copy and may be stale.
///
/// The app's mechanism edits it as the app's decisions say (a
/// ``ReconcileAction``, an ``InterruptionDecision``…); the decisions see a
/// copy, in an ``AppFile``.
public struct RegistryRow: Hashable, Sendable, BitwiseCopyable {
  /// The row's state column.
  public enum State: UInt8, Hashable, Sendable, BitwiseCopyable, CustomStringConvertible {
    /// No transfer recorded (never enqueued, or the row was removed).
    case none
    /// Waiting to be enqueued.
    case queued
    /// A task is believed to be in flight.
    case active
    /// Transferred.
    case done
    /// Given up on.
    case failed

    /// The case name, without reflection (final states print one per file).
    public var description: String {
      switch self {
      case .none: "none"
      case .queued: "queued"
      case .active: "active"
      case .done: "done"
      case .failed: "failed"
      }
    }
  }

  // The task first: the row is then 12 bytes, and the app's record of a
  // file (this row and what it stored) fills 32.
  /// The task the row refers to; callbacks of other tasks are stale.
  public var currentTask: TransferTaskID?
  /// The row's state column.
  public var state: State = .none
  /// Whether the user wants the file (false after cancelling it).
  public var wanted = true
  /// Whether the user cancelled it (and will ask again).
  public var cancelled = false
  /// Tasks the app created for the file.
  public var attempts: UInt16 = 0
  /// The HTTP status of the file's last finished transfer (0 before one).
  public var lastStatus: UInt16 = 0

  /// A row before the app enqueued anything: no state, wanted.
  @inlinable
  package init() {}
}
