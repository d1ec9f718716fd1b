/// Your app under simulation: a new instance for every process launch, the
/// launch code, and the session delegate's methods — shaped like an
/// `UIApplicationDelegate` with a background `URLSession` delegate.
///
/// The simulated device (``SimulatedDevice``) gives the process its
/// persistent storage (``SimulatedDisk``, the only thing that survives the
/// process), its background session, clock, randomness and trace. The
/// system runs the app as the scenario's lifecycle says: the user opens
/// it, leaves it (suspended: its code stops), the system terminates it or
/// the user force-quits it (the process and all its memory are gone; a
/// force-quit also cancels the session's transfers), the user opens it
/// again (a new process: ``launched(_:)`` with
/// ``AppLaunch/userOpened``), and the system wakes or relaunches it in the
/// background to deliver transfer events.
///
/// ```swift
/// final class Downloader: BackgroundTransferApp {
///   let device: SimulatedDevice
///   let session: SimulatedBackgroundSession
///
///   init(device: SimulatedDevice) {
///     self.device = device
///     session = device.backgroundSession(identifier: "com.example.downloads")
///   }
///
///   func launched(_ launch: AppLaunch) async {
///     guard launch == .firstLaunch else { return }
///     for episode in device.wanted { _ = session.download(url: episode.url, taskDescription: episode.id) }
///   }
///
///   func downloadFinished(_ task: TransferTaskInfo, file: DownloadedFile) async {
///     try? file.move(to: task.taskDescription)
///   }
/// }
/// ```
public protocol BackgroundTransferApp: AnyObject, Sendable {
  /// The app process starting on `device`: what `init` of the app's
  /// delegate does (reconnect the background session, open the store).
  init(device: SimulatedDevice)

  /// The launch code, once per process, after `init`.
  func launched(_ launch: AppLaunch) async

  /// The user brings the still-running app back to the foreground. The
  /// default does nothing.
  func becameActive() async

  /// A download finished: the file is at a temporary location that the
  /// system deletes when this method returns — validate it and move it
  /// into place before returning (`urlSession(_:downloadTask:didFinishDownloadingTo:)`).
  /// The default does nothing.
  func downloadFinished(_ task: TransferTaskInfo, file: DownloadedFile) async

  /// A task ended: `error` is `nil` after a successful download
  /// (`urlSession(_:task:didCompleteWithError:)`). The default does
  /// nothing.
  func taskCompleted(_ task: TransferTaskInfo, error: TransferTaskError?) async
}

extension BackgroundTransferApp {
  /// Nothing to do.
  public func becameActive() async {}

  /// Nothing to do: the file is deleted.
  public func downloadFinished(_ task: TransferTaskInfo, file: DownloadedFile) async {}

  /// Nothing to do.
  public func taskCompleted(_ task: TransferTaskInfo, error: TransferTaskError?) async {}
}

/// Why an app process started.
public enum AppLaunch: String, Hashable, Sendable {
  /// The very first launch: the user installed and opened the app.
  case firstLaunch
  /// The user opened the app after its process was terminated or
  /// force-quit.
  case userOpened
  /// The system relaunched the terminated app in the background to deliver
  /// its session's events (`sessionSendsLaunchEvents`).
  case backgroundEvents
}
