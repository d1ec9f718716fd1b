import FaultSim
import Foundation
import Testing

/// The registry of a podcast app: one row per episode on the device's disk.
struct EpisodeRegistry {
  let disk: SimulatedDisk

  func markQueued(_ id: String) { if disk["episode/\(id)"] == nil { disk["episode/\(id)"] = "queued" } }
  func markDone(_ id: String) { disk["episode/\(id)"] = "done" }
  func isDone(_ id: String) -> Bool { disk["episode/\(id)"] == "done" }
}

/// A podcast downloader written as an app is: a background session, a
/// registry on disk, and a relaunch reconcile — blind, or by identifier.
class PodcastDownloader: BackgroundTransferApp, @unchecked Sendable {
  static let sessionIdentifier = "com.example.podcasts"
  let device: SimulatedDevice
  let session: SimulatedBackgroundSession
  let registry: EpisodeRegistry
  class var checksTheOS: Bool { true }

  required init(device: SimulatedDevice) {
    self.device = device
    registry = EpisodeRegistry(disk: device.disk)
    session = device.backgroundSession(identifier: Self.sessionIdentifier)
  }

  func launched(_ launch: AppLaunch) async {
    switch launch {
    case .firstLaunch:
      for episode in device.wanted {
        registry.markQueued(episode.id)
        _ = session.download(url: episode.url, taskDescription: episode.id)
      }
    case .userOpened:
      await reconcile()
    case .backgroundEvents:
      break
    }
  }

  /// The user sees the app again: episodes not downloaded yet are queued.
  func becameActive() async {
    await reconcile()
  }

  /// Enqueues what the registry does not have yet — all of it (blind), or
  /// what the OS does not already download (by identifier).
  func reconcile() async {
    let running = Self.checksTheOS ? Set(await session.allTasks().map(\.taskDescription)) : []
    for episode in device.wanted where !registry.isDone(episode.id) && !running.contains(episode.id) {
      _ = session.download(url: episode.url, taskDescription: episode.id)
    }
  }

  func downloadFinished(_ task: TransferTaskInfo, file: DownloadedFile) async {
    guard file.status == 200, file.checksumMatches else { return }
    do {
      try file.move(to: task.taskDescription)
      registry.markDone(task.taskDescription)
    } catch {
      device.trace("move failed", "\(error)")
    }
  }

  func taskCompleted(_ task: TransferTaskInfo, error: TransferTaskError?) async {
    switch error {
    case .failed(let resumeData):
      _ = session.download(url: task.url, taskDescription: task.taskDescription, resumeData: resumeData)
    case .cancelled where !registry.isDone(task.taskDescription):
      // A force-quit cancelled it: the user still wants the episode.
      _ = session.download(url: task.url, taskDescription: task.taskDescription)
    default:
      break
    }
  }
}

/// The same app with seed 000's blind relaunch: every episode not done is
/// enqueued again, running or not.
final class BlindPodcastDownloader: PodcastDownloader, @unchecked Sendable {
  override class var checksTheOS: Bool { false }
}

@Suite struct UserCodeTransferWorldTests {
  static func scenario(_ name: String, users: Int = 20) throws -> Scenario {
    try Scenario.shipped(name, overrides: [try ScenarioOverride(parsing: "workload.users=\(users)")])
  }

  @Test func aBlindReconcileDownloadsEpisodesTwiceAndByIdentifierDoesNot() throws {
    let blind = try Self.scenario("podcast-relaunch-blind").transferWorld(app: BlindPodcastDownloader.self)
    let byID = try Self.scenario("podcast-relaunch-blind").transferWorld(app: PodcastDownloader.self)
    let twice = try blind.measure(seeds: 0..<3)
    let once = try byID.measure(seeds: 0..<3)
    print("blind:", twice.duplicated, twice.lost, "by id:", once.duplicated, once.lost)
    #expect(twice.duplicated > 0)
    #expect(once.duplicated == 0)
    #expect(once.lost == 0)
    // The built-in apps of the same scenario, for scale.
    let builtIn = try TransferWorld.measure(
      #require(TransferWorld.options(of: Self.scenario("podcast-relaunch-blind").world)), seeds: SeedRange(0, 3))
    print("built-in blind:", builtIn.duplicated, builtIn.lost)
  }

  @Test func theSameSeedGivesTheSameTrace() throws {
    let world = try Self.scenario("podcast-relaunch-blind", users: 2).transferWorld(app: BlindPodcastDownloader.self)
    let first = try world.trace(seed: 4)
    #expect(first == (try world.trace(seed: 4)))
    print(
      first.split(separator: "\n").filter { $0.contains("app#0") || $0.contains("daemon#0") }.prefix(80).joined(
        separator: "\n"))
  }
}

@Suite struct UserCodeTransferRaceTests {
  @Test func theFinishVersusEnqueueRaceOfSeed000IsFoundByExploration() throws {
    let world = try Scenario.shipped("finish-enqueue-race").transferWorld(app: PodcastDownloader.self)
    let exploration = try world.explore(seed: 0, limit: 64)
    #expect(exploration.isOrderSensitive, "finishing just before the app looks downloads an episode twice")
    let outcomes = exploration.exploration.groups.map(\.outcome)
    #expect(outcomes.contains { $0.entities.contains { $0.transfers > 1 } })
    #expect(outcomes.contains { $0.entities.allSatisfy { $0.transfers == 1 } })
    let fifo = try world.runOnce(seed: 0, tracing: true)
    #expect(fifo.summary.choices.contains { $0.label == "finish-vs-enqueue" })
    // Both episodes finish just before the app looks: they have left the
    // OS's list, their completions come after the reconcile, and both are
    // downloaded again.
    let finishedFirst = try world.runOnce(seed: 0, strategy: .replay([1, 1]), tracing: true)
    #expect(finishedFirst.summary.choices.prefix(2).allSatisfy { $0.chosen == 1 && $0.label == "finish-vs-enqueue" })
    #expect(finishedFirst.trace.contains { $0.event == "getAllTasks" && $0.details == "tasks=0" })
    #expect(finishedFirst.metrics.duplicated == 2)
  }

  @Test func aForceQuitCancelsTheSessionAndTheNextLaunchStartsOver() throws {
    let scenario = try Scenario.shipped("force-quit", overrides: [try ScenarioOverride(parsing: "workload.users=5")])
    let world = try scenario.transferWorld(app: PodcastDownloader.self)
    let run = try world.runOnce(seed: 1, tracing: true)
    let lines = run.trace.map(\.description)
    #expect(lines.contains { $0.contains("force-quit by the user") })
    #expect(run.metrics.lost == 0, "the reopened app downloads what the force-quit cancelled")
  }

  @Test func aRealSleepInLaunchCodeIsAnEscape() throws {
    final class Sleepy: BackgroundTransferApp {
      init(device: SimulatedDevice) {}
      func launched(_ launch: AppLaunch) async { try? await Task.sleep(for: .seconds(30)) }
    }
    let world = try Scenario.shipped(
      "podcast-relaunch-by-id", overrides: [try ScenarioOverride(parsing: "workload.users=2")]
    )
    .transferWorld(app: Sleepy.self)
    #expect {
      _ = try world.runOnce(seed: 1)
    } throws: { error in
      guard case .escape(let escape) = error as? SimulationError else { return false }
      return escape.kind == .realSleep
    }
  }

  @Test func aScenarioThatNeedsTheBuiltInAppIsRefused() throws {
    #expect(throws: UnsupportedScenarioError.self) {
      _ = try Scenario.shipped("upload-staging-413").transferWorld(app: PodcastDownloader.self)
    }
    #expect(throws: WrongWorldError.self) {
      _ = try Scenario.shipped("checkout-reference").transferWorld(app: PodcastDownloader.self)
    }
  }
}

@Suite struct UserCodeTransferPropertyTests {
  static let noEpisodeTwice = "no episode is downloaded twice"

  @Test func aBlindRelaunchFailsWithAShrunkTimelineOfTheAppsCalls() throws {
    let scenario = try UserCodeTransferWorldTests.scenario("podcast-relaunch-blind", users: 20)
    let world = try scenario.transferWorld(app: BlindPodcastDownloader.self)
    let report = try ScenarioProperty<UserCodeTransferWorld<BlindPodcastDownloader>>(Self.noEpisodeTwice) {
      $0.metrics.duplicated == 0
    }.check(world, seeds: 0..<20)
    print(report)
    let failure = try #require(report.failure)
    #expect(failure.seed == 0)
    let timeline = failure.counterexample.timeline.map(\.description).joined(separator: "\n")
    #expect(timeline.contains("user brings the app back") || timeline.contains("process 2 starts"))
    #expect(timeline.contains("getAllTasks") == false, "the blind app never asks the OS")
  }

  @Test func byIdentifierHoldsForManySeeds() throws {
    let scenario = try UserCodeTransferWorldTests.scenario("podcast-relaunch-blind", users: 5)
    let world = try scenario.transferWorld(app: PodcastDownloader.self)
    let report = try ScenarioProperty<UserCodeTransferWorld<PodcastDownloader>>(Self.noEpisodeTwice) {
      $0.metrics.duplicated == 0 && $0.metrics.lost == 0
    }.check(world, seeds: 0..<200)
    #expect(report.holds, "\(report)")
  }
}

@Suite struct UserCodeWarningTests {
  @Test func optionsThatYourCodeReplacesAreReportedNotIgnored() throws {
    let checkout = try Scenario.shipped("checkout-reference").requestWorld { _ in .succeeded }
    #expect(checkout.warnings.map(\.check) == ["user-code-client"])
    #expect("\(checkout.warnings[0])".contains("client.timeout"))
    let podcasts = try Scenario.shipped("podcast-relaunch-blind").transferWorld(app: PodcastDownloader.self)
    #expect(podcasts.warnings.map(\.check) == ["user-code-app"])
    let plain = try Scenario.parse(json: #"{"description": "orders"}"#, file: "orders.json").requestWorld { _ in
      .succeeded
    }
    #expect(plain.warnings.isEmpty, "a scenario that sets no client option has nothing to report")
  }
}

@Suite struct ExplorationOrderTests {
  /// Both searches run every order of a small tree once, and agree on the
  /// outcomes; the one by deviations runs them level by level.
  @Test func bothSearchesRunEveryOrderOnce() throws {
    let options = try #require(TransferWorld.options(of: Scenario.shipped("finish-enqueue-race").world))
    let deep = try ScenarioExploration<TransferWorld>.explore(options, seed: 0, limit: 1000)
    let wide = try ScenarioExploration<TransferWorld>.explore(
      options, seed: 0, limit: 1000, order: .fewestDeviationsFirst)
    #expect(deep.exploration.isComplete && wide.exploration.isComplete)
    #expect(Set(deep.exploration.interleavings.map(\.sequence)) == Set(wide.exploration.interleavings.map(\.sequence)))
    #expect(deep.exploration.interleavings.count == wide.exploration.interleavings.count)
    let levels = wide.exploration.interleavings.map(\.deviations)
    #expect(levels == levels.sorted())
  }

  @Test func userCodesRaceIsFoundWithinALimitByDeviations() throws {
    let world = try Scenario.shipped("finish-enqueue-race").transferWorld(app: PodcastDownloader.self)
    let exploration = try world.explore(seed: 0, limit: 50)
    #expect(exploration.isOrderSensitive)
    let witness = try #require(exploration.exploration.witness)
    #expect(witness.second.deviations == 1)
  }
}
