/// The transfer world's draw purposes, in one place; the raw values are part
/// of the determinism contract.
public enum TransferDraw: UInt64, DrawPurposeSet {
  // The app's lifecycle, by user.
  /// When the user sends the app to the background.
  case backgroundAt = 0x5501
  /// When the app is terminated (or force-quit).
  case terminationAt = 0x5502
  /// When the user reopens the app.
  case relaunchAt = 0x5503
  /// Whether a termination is a force-quit by the user (a fault).
  case forceQuit = 0x550F
  // Files, by file.
  /// The file's size.
  case size = 0x5504
  /// Whether the server omits the Content-Length (progress unknown).
  case contentLength = 0x550B
  /// Whether the user cancels the file's transfer (a fault).
  case userCancel = 0x550C
  /// When the user cancels it.
  case userCancelTime = 0x550D
  // Transfers, by file and attempt.
  /// The transfer's throughput factor.
  case throughput = 0x5505
  /// Whether the transfer fails part-way (a fault).
  case failure = 0x5506
  /// Where in the file the transfer fails.
  case failurePoint = 0x5507
  /// Whether a failed transfer comes without resume data (a fault).
  case resumeData = 0x5508
  /// Whether a finished download holds bad content, and which (a fault).
  case content = 0x5509
  /// Whether the server answers an upload with 413 (a fault).
  case rejection = 0x550A
  // The reconcile job, by user and job.
  /// How long the reconcile job's work takes.
  case jobWork = 0x550E
  // Races.
  /// The race of a task finishing with the relaunch's reconcile (seed `bitme-ve-kuyruk`).
  case finishVsEnqueue = 0x5581
  /// The race of a user's cancellation with the task's completion.
  case cancelVsCompletion = 0x5582
  /// The race of the app moving a finished download with the system deleting it.
  case moveVsDelete = 0x5583

  /// What the purpose's draws decide.
  public var role: DrawRole {
    switch self {
    case .backgroundAt, .terminationAt, .relaunchAt, .userCancelTime: .timeline
    case .size, .contentLength, .throughput, .failurePoint, .jobWork: .value
    case .finishVsEnqueue, .cancelVsCompletion, .moveVsDelete: .race
    case .forceQuit, .userCancel, .failure, .resumeData, .content, .rejection: .fault
    }
  }
}

/// One wanted file (or upload job) of one user: the draws made once per
/// file, such as its size. Files are numbered user by user
/// (`user · filesPerUser + n`), a function of the workload alone.
public struct FileIdentity: DrawIdentity {
  /// The file's number: `user · filesPerUser + n` for the user's n-th file.
  @usableFromInline package var file: Int

  /// The identity of file number `file`'s draws.
  @inlinable
  package init(file: Int) {
    self.file = file
  }

  @inlinable package var entity: UInt64 { UInt64(file) }
  @inlinable package var occurrence: UInt64 { 0 }
}

/// One transfer of one file: the app's n-th task for it (1 for the first).
///
/// This names a task by what it is — file `u3/f7`, attempt 2 — never by its
/// slot in the daemon's task table, which is numbered in event order across
/// every user.
public struct TransferAttemptIdentity: DrawIdentity {
  /// The file's number: `user · filesPerUser + n`.
  @usableFromInline package var file: Int
  /// The task's attempt number for the file, from 1.
  @usableFromInline package var attempt: UInt16

  /// The identity of the `attempt`-th transfer (from 1) of file `file`.
  @inlinable
  package init(file: Int, attempt: UInt16) {
    self.file = file
    self.attempt = attempt
  }

  @inlinable package var entity: UInt64 { UInt64(file) }
  @inlinable package var occurrence: UInt64 { UInt64(attempt) }
}

/// One transfer met by one relaunch's reconcile: the transfer's identity and
/// the app's session at that relaunch.
@usableFromInline package struct RelaunchRaceIdentity: DrawIdentity {
  /// The transfer the reconcile met.
  @usableFromInline package var transfer: TransferAttemptIdentity
  /// The session identifier's generation at the relaunch.
  @usableFromInline package var session: UInt32

  /// The identity of the race between `transfer` and the reconcile of session generation `session`.
  @inlinable
  package init(_ transfer: TransferAttemptIdentity, session: UInt32) {
    self.transfer = transfer
    self.session = session
  }

  @inlinable package var entity: UInt64 { transfer.entity }
  @inlinable package var occurrence: UInt64 { UInt64(transfer.attempt) << 32 | UInt64(session) }
}

/// One run of a user's BGProcessingTask reconcile job: the user's n-th.
@usableFromInline package struct ReconcileJobIdentity: DrawIdentity {
  /// The user (device) whose draw it is.
  @usableFromInline package var user: Int
  /// The job's number among the user's runs, from 1.
  @usableFromInline package var job: UInt32

  /// The identity of user `user`'s `job`-th reconcile job (from 1).
  @inlinable
  package init(user: Int, job: UInt32) {
    self.user = user
    self.job = job
  }

  @inlinable package var entity: UInt64 { UInt64(user) }
  @inlinable package var occurrence: UInt64 { UInt64(job) }
}
