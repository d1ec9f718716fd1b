import FaultSim
import PodcastSimulation
import Podcasts
import Testing

@Suite struct EnqueueIfStillMissingTests {
  /// The same property as for ``EnqueueIfMissing``, over the same 10,000
  /// seeds.
  @Test func neverDownloadsAnEpisodeTwiceNorLosesOne() throws {
    let world = try Scenario.shipped("podcast-relaunch-by-id", "workload.users=1").podcasts(
      EnqueueIfStillMissing.self)
    let exercised = Tally()
    let report = try ScenarioProperty<UserCodeTransferWorld<PodcastApp<EnqueueIfStillMissing>>>(
      "no episode is downloaded twice or lost"
    ) { run in
      if run.metrics.aliveAtRelaunch > 0 { exercised.runs += 1 }
      return run.metrics.duplicated == 0 && run.metrics.lost == 0
    }.check(world, seeds: 0..<10_000)
    print(report)
    #expect(report.holds, "\(report)")
    #expect(report.seedsChecked == 10_000)
    #expect(exercised.runs > 400)
  }

  /// In every order of `finish-enqueue-race` explored — the thousand
  /// closest to FIFO, every order one or two choices away among them —
  /// each episode is downloaded once: the row the OS does not list waits
  /// for the completion the OS owes, which arrives during the grace period.
  @Test func endsTheSameInEveryOrderOfTheRace() throws {
    let world = try Scenario.shipped("finish-enqueue-race").podcasts(EnqueueIfStillMissing.self)
    let explored = try world.explore(seed: 0, limit: 1000)
    #expect(explored.exploration.interleavings.last.map { $0.deviations >= 2 } == true)
    #expect(!explored.isOrderSensitive, "\(explored.exploration.groups.map(\.outcome))")
    let outcome = try #require(explored.exploration.groups.first?.outcome)
    #expect(outcome.entities.allSatisfy { $0.stored && $0.transfers == 1 && !$0.concurrent })
    #expect(explored.repeatChanges == false)

    // The order in which EnqueueIfMissing downloads u0/f1 twice: here the
    // reconcile waits, and asks again after the delegate stored it.
    let other = try Scenario.shipped("finish-enqueue-race").podcasts(EnqueueIfMissing.self)
    let witness = try #require(try other.explore(seed: 0, limit: 1000).exploration.witness).second
    let trace = try world.runOnce(seed: 0, strategy: .replay(witness.sequence), tracing: true).trace.map(\.description)
    let stored = try #require(trace.firstIndex { $0.contains("stores u0/f1 as") })
    let askedAgain = try #require(trace.lastIndex { $0.contains("getAllTasks") })
    #expect(stored < askedAgain)
    #expect(trace[askedAgain].hasPrefix("   605.000000s"), "5 s after the first question")
    #expect(!trace.contains { $0.contains("u0/f1: task 3") })
  }

  /// An episode the OS really lost — its row reads downloading, and the OS
  /// neither lists it nor reports its end (here: the session's identifier
  /// changed, so the old tasks belong to nobody) — is started after the
  /// grace period.
  @Test func startsWhatTheOSReallyLostAfterTheGrace() throws {
    // A downloader that remembers another session identifier than the one
    // it reconnects to: the tasks of its first process are orphaned.
    final class Forgetful: BackgroundTransferApp {
      let downloader: PodcastDownloader
      init(device: SimulatedDevice) {
        let process = device.disk["process"].flatMap { Int($0) } ?? 0
        device.disk["process"] = "\(process + 1)"
        downloader = PodcastDownloader(
          episodes: device.wanted.map { Episode(id: $0.id, url: $0.url) },
          session: device.backgroundSession(identifier: "downloads-\(process)"), store: device.disk,
          clock: device.clock, reconcile: EnqueueIfStillMissing(), log: { device.trace($0) })
      }
      func launched(_ launch: AppLaunch) async {
        if launch != .backgroundEvents { await downloader.appOpened() }
      }
      func becameActive() async { await downloader.appOpened() }
      func downloadFinished(_ task: TransferTaskInfo, file: DownloadedFile) async {
        downloader.downloadFinished(task, file: file)
      }
      func taskCompleted(_ task: TransferTaskInfo, error: TransferTaskError?) async {
        downloader.taskCompleted(task, error: error)
      }
    }
    let world = try Scenario.shipped("finish-enqueue-race").transferWorld(app: Forgetful.self)
    let run = try world.runOnce(seed: 0, tracing: true)
    let trace = run.trace.map(\.description)
    #expect(run.metrics.lost == 0)
    #expect(trace.contains { $0.hasPrefix("   605.000000s") && $0.hasSuffix("start u0/f0: task 3, attempt 2") })
  }
}
