import FaultSim

/// Downloads the episodes the user wants in a background session, and
/// keeps a registry of them that survives the process — the downloader of
/// seed 000's podcast app.
///
/// The OS downloads while the app is suspended, and goes on when the
/// system terminates it; a new process makes a new downloader (the app
/// delegate's launch) over the same session identifier, which reconnects
/// it to the tasks the OS still runs, and over the same store. What happens
/// when the user opens the app is the ``RelaunchReconcile`` it was given:
/// the three of `RelaunchReconcile.swift` differ only there.
///
/// The session delegate's methods are ``downloadFinished(_:file:)`` (the
/// completion handler: validate, move, update the row) and
/// ``taskCompleted(_:error:)`` (retries, from resume data, up to
/// ``retryLimit`` attempts; cancellations).
public final class PodcastDownloader: Sendable {
  /// The background session's identifier: the same in every process, or
  /// the OS's tasks of the previous one belong to nobody (orphaned).
  public static let sessionIdentifier = "com.example.podcasts.downloads"

  /// The episodes the user wants, in order.
  public let episodes: [Episode]
  /// The background session (`URLSession(configuration: .background(withIdentifier:))`
  /// in the app).
  public let session: any BackgroundTransferService
  /// The app's record of its downloads.
  public let registry: EpisodeRegistry
  /// What happens when the user opens the app.
  public let reconcile: any RelaunchReconcile
  /// Download tasks one episode may take before it is given up, the first
  /// one included.
  public let retryLimit: Int
  /// What the downloader waits on (the reconcile that waits for the OS's
  /// events).
  let clock: any Clock<Duration>
  /// Where the downloader says what it decided (a logger in the app).
  let log: @Sendable (String) -> Void

  /// A downloader; see the properties for each argument. `store` holds the
  /// registry's rows.
  public init(
    episodes: [Episode], session: any BackgroundTransferService, store: any KeyValueStore,
    clock: any Clock<Duration>, reconcile: any RelaunchReconcile, retryLimit: Int = 5,
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    precondition(retryLimit >= 1, "an episode gets at least one download task")
    self.episodes = episodes
    self.session = session
    self.registry = EpisodeRegistry(store: store)
    self.clock = clock
    self.reconcile = reconcile
    self.retryLimit = retryLimit
    self.log = log
  }

  /// The user opened the app — launched it, or brought it back to the
  /// foreground: every wanted episode gets a row, and the reconcile starts
  /// what needs starting.
  public func appOpened() async {
    for episode in episodes { registry.register(episode) }
    await reconcile.reconcile(self)
  }

  /// Starts a download task for `episode` — from `resumeData` when given —
  /// and records it in the episode's row.
  func start(_ episode: Episode, resumeData: ResumeData? = nil) {
    var row = registry.row(episode.id) ?? EpisodeRow(id: episode.id)
    let task = session.download(url: episode.url, taskDescription: episode.id, resumeData: resumeData)
    row.state = .downloading(task: task.taskIdentifier)
    row.attempts += 1
    registry.save(row)
    let from = resumeData.map { " from \($0.bytes) bytes" } ?? ""
    log("start \(episode.id)\(from): task \(task.taskIdentifier), attempt \(row.attempts)")
  }

  /// The rows of ``episodes`` now, by identifier: what a reconcile compares
  /// with after it has waited for the OS.
  func rowsNow() -> [String: EpisodeRow] {
    var rows: [String: EpisodeRow] = [:]
    for episode in episodes { rows[episode.id] = registry.row(episode.id) }
    return rows
  }
}
