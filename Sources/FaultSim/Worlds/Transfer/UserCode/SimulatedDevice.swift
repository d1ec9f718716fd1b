/// What one device gives your app's process under simulation: the
/// downloads its user wants, the storage that survives the process, the
/// background session, the clock, randomness and the trace.
///
/// A device outlives its app's processes; ``disk`` is the only state that
/// survives from one process to the next, as a file on disk does.
public struct SimulatedDevice: Sendable {
  /// One download the user wants (an episode): its identifier and URL.
  public struct WantedDownload: Hashable, Sendable {
    /// The episode's identifier, `u3/f7`: unique in the run.
    public var id: String
    /// Where it is downloaded from.
    public var url: String
  }

  /// The device's number (its user), `0 ..< workload.users`.
  public let user: Int
  /// The downloads the user wants, in order.
  public let wanted: [WantedDownload]
  /// Storage that survives the app's process (a registry's rows).
  public let disk: SimulatedDisk
  /// Virtual time: sleeps take no wall-clock time, and a suspended app's
  /// sleeps end only when it runs again.
  public let clock: SimulatedClock
  /// Randomness of keyed draws (never the system's).
  public let random: SimulatedRandom
  /// The process this device value belongs to.
  let process: UInt32
  /// The devices of the run.
  let devices: any DeviceServices

  /// The background session with `identifier`: the daemon's tasks under
  /// that identifier, and their events, belong to it. Reconnecting with
  /// another identifier than the previous process used leaves that
  /// session's tasks to nobody (orphaned).
  public func backgroundSession(identifier: String) -> SimulatedBackgroundSession {
    devices.connect(user, process: process, to: identifier)
    return SimulatedBackgroundSession(identifier: identifier, user: user, process: process, devices: devices)
  }

  /// A line in the run's trace under the device's app (`app#3`), at the
  /// current virtual time.
  ///
  /// A run that keeps no timeline (a sweep's, a property's) drops the line
  /// at once.
  public func trace(_ event: String, _ details: String = "") {
    devices.note(user, process: process, event, details)
  }
}

/// What a ``SimulatedDevice`` and its session ask of the world.
protocol DeviceServices: AnyObject, Sendable {
  func connect(_ user: Int, process: UInt32, to identifier: String)
  func note(_ user: Int, process: UInt32, _ event: String, _ details: String)
  func download(
    _ user: Int, process: UInt32, session: String, url: String, description: String, resumeData: ResumeData?
  ) -> TransferTaskInfo
  func allTasks(_ user: Int, process: UInt32, session: String) async -> [TransferTaskInfo]
  func cancel(_ user: Int, process: UInt32, _ task: TransferTaskInfo)
}
