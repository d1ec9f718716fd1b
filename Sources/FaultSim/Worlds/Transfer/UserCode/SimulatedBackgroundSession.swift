/// The ``BackgroundTransferService`` of a simulation: a background session
/// of the OS transfer daemon in FaultSim's transfer world. Downloads run
/// while the app is suspended, terminated by the system (but not after a
/// force-quit, which cancels them), at the scenario's throughput, failure
/// rate and content faults; their endings reach the app's delegate methods
/// when it runs — woken or relaunched in the background for them when the
/// scenario's lifecycle says so.
///
/// Each task's draws are keyed by its file and the number of the task for
/// that file, so the same seed fails the same transfers however the app's
/// tasks interleave.
public struct SimulatedBackgroundSession: BackgroundTransferService {
  /// The session's identifier.
  public let identifier: String
  /// The device.
  let user: Int
  /// The process that made it.
  let process: UInt32
  /// The devices of the run.
  let devices: any DeviceServices

  /// Creates and resumes a download task.
  public func download(url: String, taskDescription: String, resumeData: ResumeData?) -> TransferTaskInfo {
    devices.download(
      user, process: process, session: identifier, url: url, description: taskDescription, resumeData: resumeData)
  }

  /// The session's tasks as the daemon reports them now: running ones,
  /// then ended ones whose events the app has not received yet.
  public func allTasks() async -> [TransferTaskInfo] {
    await devices.allTasks(user, process: process, session: identifier)
  }

  /// Cancels a task.
  public func cancel(_ task: TransferTaskInfo) {
    devices.cancel(user, process: process, task)
  }
}
