/// One pending event of the transfer world: 16 bytes, no references.
public struct TransferEvent: BitwiseCopyable, Sendable {
  /// What happens.
  public enum Kind: UInt8, BitwiseCopyable, Sendable {
    /// The user opens the app (time 0, and the relaunch).
    case userLaunch
    /// The user leaves the app; it is suspended.
    case goBackground
    /// The system terminates the app, or the user force-quits it.
    case terminate
    /// A task reaches its end (completion or failure point).
    case taskEnd
    /// Network or charging changes for a user with transfers in flight.
    case conditionChange
    /// The system wakes or relaunches the app in the background to deliver
    /// transfer events.
    case wake
    /// The user cancels one file's transfer.
    case userCancel
    /// The user asks again for a file they cancelled.
    case userRerequest
    /// The BGProcessingTask reconcile job starts.
    case reconcileJobStart
    /// The reconcile job's work ends or its time limit expires.
    case reconcileJobEnd
  }

  public var kind: Kind
  /// The user (device).
  public var user: UInt32
  /// A task or file index, by kind.
  public var index: UInt32
  /// A generation, to ignore events overtaken by later changes.
  public var generation: UInt32

  @inlinable
  init(_ kind: Kind, user: UInt32, index: UInt32 = 0, generation: UInt32 = 0) {
    self.kind = kind
    self.user = user
    self.index = index
    self.generation = generation
  }
}
