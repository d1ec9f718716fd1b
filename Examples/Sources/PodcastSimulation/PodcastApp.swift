import FaultSim
import Podcasts

/// A reconcile the simulated app makes for itself: an app type is all that
/// `transferWorld(app:)` takes, so each reconcile is a type parameter of
/// ``PodcastApp`` and is made with `init()`.
public protocol AppReconcile: RelaunchReconcile {
  /// The reconcile with its defaults.
  init()
}

extension EnqueueAll: AppReconcile {}
extension EnqueueIfMissing: AppReconcile {}
extension EnqueueIfStillMissing: AppReconcile {}

/// The podcast app under simulation: what its app delegate does, over the
/// simulated device. This is the only code that knows it runs under
/// simulation: it makes a ``PodcastDownloader`` for each process — the
/// episodes the device's user wants, the background session with the
/// downloader's identifier, the device's disk as the registry's store, its
/// clock, its trace as the log — and forwards the launch and the session
/// delegate's methods to it.
public final class PodcastApp<Reconcile: AppReconcile>: BackgroundTransferApp {
  /// This process's downloader.
  public let downloader: PodcastDownloader

  /// The app delegate's launch: reconnect the background session, open
  /// the registry.
  public init(device: SimulatedDevice) {
    downloader = PodcastDownloader(
      episodes: device.wanted.map { Episode(id: $0.id, url: $0.url) },
      session: device.backgroundSession(identifier: PodcastDownloader.sessionIdentifier), store: device.disk,
      clock: device.clock, reconcile: Reconcile(), log: { device.trace($0) })
  }

  /// The user opened the app: the downloader reconciles. A background
  /// relaunch for transfer events only receives them.
  public func launched(_ launch: AppLaunch) async {
    if launch != .backgroundEvents { await downloader.appOpened() }
  }

  /// The user brought the app back: the downloader reconciles.
  public func becameActive() async {
    await downloader.appOpened()
  }

  /// The session delegate's `didFinishDownloadingTo`.
  public func downloadFinished(_ task: TransferTaskInfo, file: DownloadedFile) async {
    downloader.downloadFinished(task, file: file)
  }

  /// The session delegate's `didCompleteWithError`.
  public func taskCompleted(_ task: TransferTaskInfo, error: TransferTaskError?) async {
    downloader.taskCompleted(task, error: error)
  }
}

extension SimulatedDisk: KeyValueStore {}
