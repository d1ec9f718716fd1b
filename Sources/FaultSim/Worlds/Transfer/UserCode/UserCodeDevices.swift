/// The app side of a transfer world whose app is your code: per device,
/// which process of the app is running and in what state, the app object
/// of that process, its session identifiers, its tasks, the deliveries
/// waiting for its delegate, and what it stored; and what the code asked
/// for since the world last looked (``Command``s).
///
/// Your code reaches it only through ``SimulatedDevice``,
/// ``SimulatedBackgroundSession`` and ``DownloadedFile``, from the
/// simulation's thread; the world carries the commands out after each job.
/// Calls from a process that is no longer running are ignored (its code
/// never runs again in reality).
final class UserCodeDevices<App: BackgroundTransferApp>: DeviceServices, DownloadMover, @unchecked Sendable {
  /// Where a device's app is.
  enum State: UInt8 {
    /// No process, and the app was never launched or was terminated by
    /// the system.
    case notRunning
    /// Running in the foreground.
    case foreground
    /// In the background, not running code.
    case suspended
    /// Force-quit by the user: no process, and no background relaunch.
    case forceQuit
    /// Running in the background, woken or relaunched for transfer events.
    case background
  }

  /// One ending handed to the delegate: the task, and its file when it
  /// downloaded one, or how it failed.
  struct Delivery {
    var task: TransferTaskInfo
    var file: DownloadedFile?
    var error: TransferTaskError?
  }

  /// One device.
  struct Device {
    var state = State.notRunning
    /// The current process's number (0 before the first launch).
    var process: UInt32 = 0
    /// The current process's app object.
    var app: App?
    /// The session identifiers the app used, in order: the index of one is
    /// its daemon session's generation.
    var identifiers: [String] = []
    /// The identifier the current process connected to.
    var connected: String?
    /// The next task identifier.
    var nextTask = 1
    /// The daemon's task of each task identifier.
    var tasks: [Int: TransferTaskID] = [:]
    /// Ended tasks waiting for the delegate, in delivery order, from
    /// `head` (collected from the daemon when handed over).
    var deliveries: [TransferTaskID] = []
    var head = 0
    /// Whether a delivery task is running the delegate methods.
    var delivering = false
    /// The delivery task, waiting for the next ending while the app cannot
    /// run.
    var waitingRunner: UnsafeContinuation<Delivery?, Never>?
    /// When the current background run ends.
    var backgroundEnds = VirtualTime.zero
    /// Whether the user has left the app (the script's one leave).
    var left = false
    /// Whether endings a relaunch race deferred wait until the reopened
    /// app has looked.
    var holdsDeferred = false
    /// Wakes of sleeps that came while the app was suspended.
    var held: [SleepTicket] = []
    /// Calls into the app (launch code, becameActive, deliveries) not yet
    /// returned.
    var outstanding = 0
    /// Whether the system has scheduled a background wake.
    var wakePending = false
    /// Background wakes since the user last opened the app.
    var backgroundWakes: UInt32 = 0
    /// Background wakes and relaunches in the run.
    var wakeUps: UInt32 = 0
  }

  /// What one file became on the device.
  struct Stored {
    var copies: UInt16 = 0
    var corrupt = false
    var storedAt = VirtualTime.zero
    var usefulBytes: UInt64 = 0
    /// Tasks the app created for the file (their attempt numbers).
    var tasks: UInt16 = 0
  }

  /// What the app knows about one daemon task.
  struct TaskInfo {
    var identifier: Int
    var description: String
    var url: String
  }

  /// What the code asked for, in order.
  enum Command {
    case connect(user: Int, process: UInt32, identifier: String)
    case download(user: Int, process: UInt32, task: Int, file: Int, description: String, url: String, resume: UInt64)
    case cancel(user: Int, process: UInt32, task: Int)
    case allTasks(user: Int, process: UInt32, UnsafeContinuation<[TransferTaskInfo], Never>)
    case note(user: Int, event: String, details: String)
    case returned(user: Int, process: UInt32)
    case nextDelivery(user: Int, process: UInt32, UnsafeContinuation<Delivery?, Never>)
    case unknownURL(user: Int, url: String)
  }

  /// The runtime the code runs on.
  let runtime: TaskRuntime
  /// The definition and the names of files and tasks.
  let settings: TransferWorld.Settings
  /// Per device.
  var devices: [Device]
  /// Per file.
  var stored: [Stored]
  /// Per daemon task slot.
  var taskInfo: [TaskInfo] = []
  /// The file of each URL.
  let files: [String: Int]
  /// Posted since the world last took them.
  private var commands: [Command] = []
  /// Whether the run keeps a timeline: without one, the app's trace lines
  /// are dropped where they are written.
  var isTracing = false
  /// The delivery whose file may be moved now, if any.
  var openDelivery: UInt64?
  /// Deliveries handed to the app so far (their numbers).
  var deliveriesMade: UInt64 = 0

  /// The devices of `settings`' workload, on `runtime`.
  init(_ settings: TransferWorld.Settings, runtime: TaskRuntime) {
    self.settings = settings
    self.runtime = runtime
    let workload = settings.options.workload
    devices = Array(repeating: Device(), count: workload.users)
    stored = Array(repeating: Stored(), count: workload.users * workload.filesPerUser)
    var files: [String: Int] = [:]
    for file in stored.indices { files[Self.url(settings.fileName(file))] = file }
    self.files = files
  }

  /// The URL of a file named `name`.
  static func url(_ name: String) -> String { "https://media.example/\(name)" }

  /// Restores the initial state, keeping the storage.
  func reset() {
    for index in devices.indices { devices[index] = Device() }
    for index in stored.indices { stored[index] = Stored() }
    taskInfo.removeAll(keepingCapacity: true)
    if !commands.isEmpty { runtime.taint() }
    commands.removeAll(keepingCapacity: true)
    openDelivery = nil
    deliveriesMade = 0
  }

  /// What the user of `device` wants.
  func wanted(_ user: Int) -> [SimulatedDevice.WantedDownload] {
    settings.files(of: user).map {
      SimulatedDevice.WantedDownload(id: settings.fileName($0), url: Self.url(settings.fileName($0)))
    }
  }

  /// Whether a call of `process` of `user` may act: on the runtime's
  /// thread, from the running process (a dead process's late calls are
  /// dropped, as its code would never have run).
  private func admits(_ user: Int, _ process: UInt32, _ what: String) -> Bool {
    guard runtime.isCurrent else {
      runtime.recordForeign("app#\(user): \(what) from a thread that is not running the simulation")
      return false
    }
    return devices[user].process == process && devices[user].state != .notRunning
      && devices[user].state != .forceQuit
  }

  // MARK: From the code

  func connect(_ user: Int, process: UInt32, to identifier: String) {
    guard admits(user, process, "a session connected") else { return }
    commands.append(.connect(user: user, process: process, identifier: identifier))
  }

  func note(_ user: Int, process: UInt32, _ event: String, _ details: String) {
    guard admits(user, process, "a trace line"), isTracing else { return }
    commands.append(.note(user: user, event: event, details: details))
  }

  func download(
    _ user: Int, process: UInt32, session: String, url: String, description: String, resumeData: ResumeData?
  ) -> TransferTaskInfo {
    let identifier = devices[user].nextTask
    devices[user].nextTask += 1
    let info = TransferTaskInfo(
      taskIdentifier: identifier, taskDescription: description, url: url, state: .running,
      bytesReceived: resumeData?.bytes ?? 0)
    guard admits(user, process, "a download started") else { return info }
    guard let file = files[url], settings.files(of: user).contains(file) else {
      commands.append(.unknownURL(user: user, url: url))
      return info
    }
    commands.append(
      .download(
        user: user, process: process, task: identifier, file: file, description: description, url: url,
        resume: resumeData?.bytes ?? 0))
    return info
  }

  func allTasks(_ user: Int, process: UInt32, session: String) async -> [TransferTaskInfo] {
    guard admits(user, process, "getAllTasks") else { return [] }
    return await withUnsafeContinuation { continuation in
      commands.append(.allTasks(user: user, process: process, continuation))
    }
  }

  func cancel(_ user: Int, process: UInt32, _ task: TransferTaskInfo) {
    guard admits(user, process, "a task cancelled") else { return }
    commands.append(.cancel(user: user, process: process, task: task.taskIdentifier))
  }

  /// The next ending for the delegate of `process`, or `nil` when none is
  /// waiting (the delivery task ends).
  func nextDelivery(_ user: Int, process: UInt32) async -> Delivery? {
    guard admits(user, process, "a delivery") else { return nil }
    return await withUnsafeContinuation { continuation in
      commands.append(.nextDelivery(user: user, process: process, continuation))
    }
  }

  /// A call into the app of `process` returned.
  func returned(_ user: Int, process: UInt32) {
    guard runtime.isCurrent else {
      runtime.recordForeign("app#\(user): app code returned on a thread that is not running the simulation")
      return
    }
    commands.append(.returned(user: user, process: process))
  }

  func move(_ file: DownloadedFile, to name: String) throws(DownloadedFileError) {
    guard runtime.isCurrent else {
      runtime.recordForeign("a downloaded file moved from a thread that is not running the simulation")
      throw DownloadedFileError("moved from outside the simulation")
    }
    guard openDelivery == file.delivery else {
      throw DownloadedFileError(
        "the temporary file of \(settings.fileName(file.file)) is gone: the system deleted it when "
          + "downloadFinished returned (move it before returning)")
    }
    let user = file.file / settings.filesPerUser
    let copy = stored[file.file].copies > 0
    if !copy {
      stored[file.file].storedAt = runtime.now
      stored[file.file].usefulBytes = file.byteCount
    }
    stored[file.file].copies &+= 1
    stored[file.file].corrupt = stored[file.file].corrupt || !file.isGood
    commands.append(
      .note(
        user: user,
        event: "stores \(copy ? "a duplicate of " : "")\(settings.fileName(file.file)) as \"\(name)\"",
        details: file.isGood ? "" : "content=bad"))
  }

  // MARK: For the world

  /// Whether the code posted anything since the world last took it.
  var hasCommands: Bool { !commands.isEmpty }

  /// Takes what the code posted, in order.
  func takeCommands(into buffer: inout [Command]) {
    buffer.removeAll(keepingCapacity: true)
    swap(&buffer, &commands)
  }
}
