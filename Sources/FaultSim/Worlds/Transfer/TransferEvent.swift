/// One pending event of the transfer world: 16 bytes in the queue (13 of
/// them used), no references.
///
/// Each case says what happens and carries, by name, exactly what its
/// handler needs; nothing is encoded in a spare number. The world routes each
/// event to the component it concerns: the user and the system act on the
/// app's lifecycle, the daemon's tasks progress and end, and the OS task
/// scheduler launches and ends the app's background task.
@usableFromInline package struct TransferEvent: BitwiseCopyable, Sendable {
  /// Which launch of the app by the user.
  @usableFromInline
  enum Launch: UInt8, BitwiseCopyable, Sendable {
    /// At time 0: the app enqueues every file.
    case first
    /// The relaunch: the app receives what waited for it and reconciles.
    case again
  }

  /// What happens.
  @usableFromInline
  enum Kind: BitwiseCopyable, Sendable {
    /// The user opens the app.
    case userOpensApp(Launch)
    /// The user leaves the app; it is suspended.
    case userLeavesApp
    /// The system terminates the app, or the user force-quits it.
    case appStops
    /// A daemon task reaches its target (completion or failure point) at
    /// the rate it had when this was scheduled; stale once the daemon has
    /// recomputed the task's progress since (its `generation` moved on).
    case taskReachesTarget(TransferTaskID, generation: UInt32)
    /// Network or charging change for a device with transfers in flight;
    /// stale unless `generation` is the device's latest.
    case conditionsChange(generation: UInt32)
    /// The system wakes or relaunches the app in the background to deliver
    /// transfer events.
    case systemWakesApp
    /// The user cancels one file's transfer.
    case userCancels(file: UInt32)
    /// The user asks again for a file they cancelled.
    case userAsksAgain(file: UInt32)
    /// The OS task scheduler launches the app's background task for the
    /// request it accepted as submission number `submission`; stale when a
    /// later submission replaced that request.
    case backgroundTaskLaunches(submission: UInt32)
    /// The background task's work ends, or its time limit (or a lapsed
    /// requirement) expires it first.
    case backgroundTaskEnds(expired: Bool)
    /// A task of the device's app code wakes from a sleep on the simulated
    /// clock (``UserCodeTransferWorld``; the built-in app never sleeps this
    /// way).
    case wake(SleepTicket)
  }

  /// What happens (first: the tag then sits in byte 8 and the struct is
  /// 16 bytes, copied as two words).
  @usableFromInline
  let kind: Kind
  /// The user (device) the event concerns.
  @usableFromInline
  let user: UInt32

  @inlinable
  init(_ kind: Kind, user: Int) {
    self.init(kind, user: UInt32(user))
  }

  @inlinable
  init(_ kind: Kind, user: UInt32) {
    self.kind = kind
    self.user = user
  }
}
