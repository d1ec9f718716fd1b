/// What the downloader does when the user opens the app: start the
/// episodes that need a download task. Seed 000's lesson is which episodes
/// those are — the three reconciles below differ only there, so compare
/// them side by side.
///
/// Every reconcile starts the episodes whose row is `queued` (never handed
/// to the OS, or their task was cancelled) and leaves `done` and `failed`
/// ones alone. They differ on a row that reads `downloading`: the registry
/// is the app's copy, and the OS may have finished, failed or still be
/// running that task while the app was terminated.
public protocol RelaunchReconcile: Sendable {
  /// Starts the episodes of `downloader` that need a download task.
  func reconcile(_ downloader: PodcastDownloader) async
}

/// The bug, seed 000's `enqueueAll` (`denetlemeden-kuyruga-al`): every
/// episode not stored yet is enqueued, as the registry says — and an
/// episode the OS still downloads is started a second time. It downloads
/// twice, and two tasks may write the same destination.
public struct EnqueueAll: RelaunchReconcile {
  /// The reconcile.
  public init() {}

  /// Starts every episode that is queued or downloading.
  public func reconcile(_ downloader: PodcastDownloader) async {
    for episode in downloader.episodes {
      switch downloader.registry.row(episode.id)?.state {
      case .queued?, .downloading?:
        // The bug: the registry's copy is taken for the truth.
        downloader.start(episode)
      case .done?, .failed?, nil:
        continue
      }
    }
  }
}

/// The fix, seed 000's `enqueueIfMissing` (`tanimlayiciya-gore`): ask the
/// OS which tasks it still has (`getAllTasks`, by `taskDescription`) and
/// start only the episodes it does not list. Asking again changes nothing:
/// it is robust to repeats.
///
/// Not to order: a task that finished just before the app asked has left
/// the list while its completion has not reached the delegate yet, and its
/// episode is started again (seed 000's `bitme-ve-kuyruk`; see
/// ``EnqueueIfStillMissing``).
public struct EnqueueIfMissing: RelaunchReconcile {
  /// The reconcile.
  public init() {}

  /// Starts the episodes that are queued, or downloading in a task the OS
  /// does not list.
  public func reconcile(_ downloader: PodcastDownloader) async {
    let asked = downloader.rowsNow()
    // The fix: ask the OS what it still runs, by taskDescription.
    let listed = Set(await downloader.session.allTasks().map(\.taskDescription))
    for episode in downloader.episodes where !listed.contains(episode.id) {
      let row = downloader.registry.row(episode.id)
      switch row?.state {
      case .queued?:
        downloader.start(episode)
      case .downloading? where row == asked[episode.id]:
        // Not listed: taken for lost. (A row the delegate changed while the
        // app waited for the answer is the delegate's: it just started or
        // stored the episode.)
        downloader.start(episode)
      case .downloading?, .done?, .failed?, nil:
        continue
      }
    }
  }
}

/// The fix with the race closed: a row that reads `downloading` but whose
/// task the OS does not list is not lost yet — the OS may owe the delegate
/// its ending (a completion on its way, a failure, a cancellation). The
/// reconcile lets the delegate receive what the OS owes (it waits
/// ``grace`` on the clock), asks again, and starts only what is still
/// unlisted and unchanged: a task that really was lost.
///
/// The price is the grace period, once per launch that finds such a row:
/// an episode the OS did lose starts that much later.
public struct EnqueueIfStillMissing: RelaunchReconcile {
  /// How long a silent row waits for the events the OS owes.
  public var grace: Duration

  /// The reconcile, waiting 5 s.
  public init() {
    self.init(grace: .seconds(5))
  }

  /// The reconcile, waiting `grace`.
  public init(grace: Duration) {
    self.grace = grace
  }

  /// Starts the episodes that are queued, and those downloading in a task
  /// the OS lists neither now nor after the grace period.
  public func reconcile(_ downloader: PodcastDownloader) async {
    let asked = downloader.rowsNow()
    var listed = Set(await downloader.session.allTasks().map(\.taskDescription))
    var silent: [Episode] = []
    for episode in downloader.episodes where !listed.contains(episode.id) {
      let row = downloader.registry.row(episode.id)
      switch row?.state {
      case .queued?:
        downloader.start(episode)
      case .downloading? where row == asked[episode.id]:
        silent.append(episode)
      case .downloading?, .done?, .failed?, nil:
        continue
      }
    }
    guard !silent.isEmpty else { return }
    // The race closed: let the delegate receive what the OS owes, then ask again.
    do {
      try await downloader.clock.sleep(for: grace)
    } catch {
      return
    }
    listed = Set(await downloader.session.allTasks().map(\.taskDescription))
    for episode in silent where !listed.contains(episode.id) {
      let row = downloader.registry.row(episode.id)
      switch row?.state {
      case .queued?:
        downloader.start(episode)
      case .downloading? where row == asked[episode.id]:
        downloader.start(episode)
      case .downloading?, .done?, .failed?, nil:
        continue
      }
    }
  }
}
