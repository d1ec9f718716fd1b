import FaultSim
import PodcastSimulation
import Podcasts
import Testing

/// The downloader's completion handler and failure handling, on the other
/// shipped download scenarios, with the by-identifier reconcile.
@Suite struct PodcastDownloaderTests {
  /// A force-quit cancels the session's tasks and nothing moves until the
  /// user opens the app: the reopened app starts every episode that was
  /// not stored, once.
  @Test func startsWhatAForceQuitCancelledOnce() throws {
    let world = try Scenario.shipped("force-quit", "workload.users=20").podcasts(EnqueueIfMissing.self)
    let run = try world.runOnce(seed: 1, tracing: true)
    let trace = run.trace.map(\.description)
    #expect(trace.contains { $0.contains("force-quit by the user") })
    #expect(trace.contains { $0.contains("cancelledByForceQuit u") }, "the cancellations reach the reopened app")
    #expect(run.metrics.lost == 0, "the reopened app downloads what the force-quit cancelled")
    #expect(run.metrics.duplicated == 0)
  }

  /// Whether a cancellation reaches the delegate before the reconcile
  /// looks or after, each cancelled episode is started once: every order
  /// of one user's reopening ends the same (three episodes, so that the
  /// orders can all be run).
  @Test func aForceQuitEndsTheSameInEveryOrder() throws {
    let scenario = try Scenario.shipped("force-quit", "workload.users=1", "workload.filesPerUser=3")
    for explored in [
      try scenario.podcasts(EnqueueIfMissing.self).explore(seed: 1, limit: 1000).exploration,
      try scenario.podcasts(EnqueueIfStillMissing.self).explore(seed: 1, limit: 1000).exploration,
    ] {
      #expect(explored.isComplete)
      #expect(explored.interleavings.count > 10)
      #expect(explored.groups.count == 1)
      let outcome = try #require(explored.groups.first?.outcome)
      #expect(outcome.entities.allSatisfy { $0.stored && $0.transfers == 1 && !$0.concurrent }, "\(outcome)")
    }
  }

  /// Half the transfers fail part-way, with resume data: each failure is
  /// resumed from where it stopped, so the only bytes wasted are those of
  /// the episodes given up after five attempts — the only ones not stored.
  @Test func resumesFailuresFromResumeDataUpToTheLimit() throws {
    let world = try Scenario.shipped("resume-data", "workload.users=50").podcasts(EnqueueIfMissing.self)
    var givenUp = 0
    var resumed = 0
    var wasted: UInt64 = 0
    var lost: UInt64 = 0
    for seed: UInt64 in 0..<4 {
      let run = try world.runOnce(seed: seed, tracing: true)
      #expect(run.metrics.duplicated == 0)
      let lines = run.trace.map(\.description)
      resumed += lines.count { $0.contains(" from ") && $0.contains("bytes: task") }
      let gaveUp = lines.filter { $0.contains("give up") }
      givenUp += gaveUp.count
      lost += run.metrics.lost
      wasted += run.metrics.bytesWasted
      for line in gaveUp { #expect(line.contains("after 5 attempts"), "\(line)") }
    }
    print("resume-data: \(resumed) resumed, \(givenUp) given up, \(wasted) bytes wasted")
    #expect(resumed > 500)
    #expect(lost == UInt64(givenUp))
    #expect(givenUp == 0 ? wasted == 0 : wasted > 0)
    #expect(givenUp == 1, "Examples/README.md says one of 2,000")
  }

  /// The CDN answers some downloads with an error page and status 200, a
  /// truncated body or corrupted bytes: the completion handler rejects
  /// each by size or checksum, and the episode is downloaded again — never
  /// stored corrupt.
  @Test func rejectsErrorPagesTruncatedAndCorruptFiles() throws {
    let world = try Scenario.shipped("error-page-200", "workload.users=50").podcasts(EnqueueIfMissing.self)
    let run = try world.runOnce(seed: 1, tracing: true)
    let rejections = run.trace.map(\.description).filter { $0.contains("reject u") }
    print("error-page-200: \(rejections.count) files rejected; \(run.metrics.duplicated) episodes downloaded again")
    #expect(rejections.contains { $0.hasSuffix("checksum mismatch") })
    #expect(rejections.contains { $0.hasSuffix(" bytes") && $0.contains(" of ") })
    #expect(run.metrics.corrupt == 0)
    #expect(run.metrics.lost == 0)
    // Downloading a rejected episode again is what the metric counts as
    // "more than once": here that is the fix, not the bug.
    let episodes = Set(rejections.map { $0.split(separator: " ")[3] })
    #expect(run.metrics.duplicated == UInt64(episodes.count))
  }

  /// Wi-Fi only: transfers wait for Wi-Fi, more of them are still running
  /// when the user reopens the app, and none is started twice.
  @Test func waitsForWiFiWithoutDuplicates() throws {
    let metrics = try Scenario.shipped("wifi-only", "workload.users=20").podcasts(EnqueueIfMissing.self)
      .measure(seeds: 0..<3)
    #expect(metrics.aliveAtRelaunch > 0)
    #expect(metrics.duplicated == 0)
    #expect(metrics.lost == 0)
  }

  /// The same seed gives the same timeline, run after run (CI also
  /// compares two processes' output of podcast-trace).
  @Test(arguments: PodcastVersion.allCases)
  func theSameSeedGivesTheSameTrace(version: PodcastVersion) throws {
    let first = try version.timeline(seed: 3, users: 5)
    #expect(try version.timeline(seed: 3, users: 5) == first)
    #expect(first.contains("start u4/f9: task 10, attempt 1"))
  }

  /// Scenarios the app cannot run are refused, not run without their
  /// features.
  @Test func refusesWhatIsNotADownloadScenario() throws {
    #expect(throws: UnsupportedScenarioError.self) {
      _ = try Scenario.shipped("upload-staging-413").podcasts(EnqueueIfMissing.self)
    }
    #expect(throws: WrongWorldError.self) {
      _ = try Scenario.shipped("checkout-reference").podcasts(EnqueueIfMissing.self)
    }
  }
}
