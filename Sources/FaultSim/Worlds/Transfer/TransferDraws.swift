/// The transfer world's draw purposes, in one place; the raw values are part
/// of the determinism contract.
public enum TransferDraw: UInt64, DrawPurposeSet {
  // The app's lifecycle, by user.
  case backgroundAt = 0x5501
  case terminationAt = 0x5502
  case relaunchAt = 0x5503
  case forceQuit = 0x550F
  // Files, by file.
  case size = 0x5504
  case contentLength = 0x550B
  case userCancel = 0x550C
  case userCancelTime = 0x550D
  // Transfers, by file and attempt.
  case throughput = 0x5505
  case failure = 0x5506
  case failurePoint = 0x5507
  case resumeData = 0x5508
  case content = 0x5509
  case rejection = 0x550A
  // The reconcile job, by user and job.
  case jobWork = 0x550E
  // Races.
  case finishVsEnqueue = 0x5581
  case cancelVsCompletion = 0x5582
  case moveVsDelete = 0x5583

  public static var owner: String { "transfer" }

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
  public var file: Int

  @inlinable
  public init(file: Int) {
    self.file = file
  }

  @inlinable public var entity: UInt64 { UInt64(file) }
  @inlinable public var occurrence: UInt64 { 0 }
}

/// One transfer of one file: the app's n-th task for it (1 for the first).
///
/// This names a task by what it is — file `u3/f7`, attempt 2 — never by its
/// slot in the daemon's task table, which is numbered in event order across
/// every user.
public struct TransferAttemptIdentity: DrawIdentity {
  public var file: Int
  /// The task's attempt number for the file, from 1.
  public var attempt: UInt16

  @inlinable
  public init(file: Int, attempt: UInt16) {
    self.file = file
    self.attempt = attempt
  }

  @inlinable public var entity: UInt64 { UInt64(file) }
  @inlinable public var occurrence: UInt64 { UInt64(attempt) }
}

/// One transfer met by one relaunch's reconcile: the transfer's identity and
/// the app's session at that relaunch.
public struct RelaunchRaceIdentity: DrawIdentity {
  public var transfer: TransferAttemptIdentity
  /// The session identifier's generation at the relaunch.
  public var session: UInt32

  @inlinable
  public init(_ transfer: TransferAttemptIdentity, session: UInt32) {
    self.transfer = transfer
    self.session = session
  }

  @inlinable public var entity: UInt64 { transfer.entity }
  @inlinable public var occurrence: UInt64 { UInt64(transfer.attempt) << 32 | UInt64(session) }
}

/// One run of a user's BGProcessingTask reconcile job: the user's n-th.
public struct ReconcileJobIdentity: DrawIdentity {
  public var user: Int
  /// The job's number among the user's runs, from 1.
  public var job: UInt32

  @inlinable
  public init(user: Int, job: UInt32) {
    self.user = user
    self.job = job
  }

  @inlinable public var entity: UInt64 { UInt64(user) }
  @inlinable public var occurrence: UInt64 { UInt64(job) }
}
