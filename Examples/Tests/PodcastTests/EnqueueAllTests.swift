import FaultSim
import PodcastSimulation
import Podcasts
import ReadmeExcerpts
import Testing

@Suite struct EnqueueAllTests {
  /// The blind reconcile fails the property, and the report points at the
  /// bug: the first failing seed, the line that replays it, and a timeline
  /// shrunk to two users in which the reopened app starts an episode the OS
  /// is still downloading — the downloader's own calls, and no question to
  /// the OS. Two episodes a user, so that the whole shrunk timeline fits in
  /// the report.
  @Test func downloadsAnEpisodeTwiceWhenTheOSStillRunsIt() throws {
    let world = try Scenario.shipped("podcast-relaunch-blind", "workload.filesPerUser=2").podcasts(EnqueueAll.self)
    let report = try noEpisodeIsDownloadedTwice(EnqueueAll.self).check(world, seeds: 0..<100)
    print(report)

    let failure = try #require(report.failure, "the blind reconcile downloads episodes twice")
    #expect(failure.seed == 0)
    #expect(failure.replay == "print(try world.trace(seed: 0))")
    let counterexample = failure.counterexample
    #expect(counterexample.faults.isEmpty, "no fault is needed: a relaunch while the OS downloads is enough")
    #expect(counterexample.smaller == ["workload.users=2"])
    #expect(counterexample.omittedLines == 0, "the whole timeline is in the report")

    let timeline = counterexample.timeline.map(\.description)
    #expect(!timeline.contains { $0.contains("getAllTasks") }, "the blind reconcile never asks the OS")
    let reopened = try #require(timeline.firstIndex { $0.contains("app#1") && $0.contains("user brings the app back") })
    let again = try #require(
      timeline[reopened...].firstIndex { $0.hasSuffix("start u1/f1: task 3, attempt 2") },
      "the downloader's own call: a second task for u1/f1")
    let firstEnds = try #require(timeline.firstIndex { $0.contains("finish u1/f1#1") })
    #expect(again < firstEnds, "while the OS still downloads the first")
    #expect(timeline.last?.hasSuffix("discard u1/f1 from task 3: already stored") == true)

    #expect(try Readme.text().contains(report.description), "Examples/README.md shows another report than this prints")
  }

  /// On the shipped scenario (200 users, ten episodes each), every episode
  /// the OS was still downloading when the user reopened the app is
  /// downloaded twice.
  @Test func duplicatesWhatTheOSRunsAtTheRelaunch() throws {
    let metrics = try Scenario.shipped("podcast-relaunch-blind").podcasts(EnqueueAll.self).measure(seeds: 0..<2)
    print("EnqueueAll: \(metrics.duplicated) of \(metrics.files) episodes downloaded twice, \(metrics.lost) lost")
    #expect(metrics.duplicated > 0)
    #expect(metrics.duplicated >= metrics.aliveAtRelaunch)
    #expect(metrics.lost == 0, "it downloads too much, never too little")
    #expect(
      try Readme.text().contains("downloads \(metrics.duplicated) of \(metrics.files) episodes more than once"),
      "Examples/README.md gives other figures")
  }
}
