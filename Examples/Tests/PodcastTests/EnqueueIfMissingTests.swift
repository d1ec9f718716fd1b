import FaultSim
import PodcastSimulation
import Podcasts
import ReadmeExcerpts
import Testing

/// How many runs met the situation a property is about.
/// (`@unchecked Sendable`: a property's predicate is `@Sendable`, but a
/// check runs it on the caller's thread, one run after another.)
final class Tally: @unchecked Sendable {
  var runs = 0
  var episodes: UInt64 = 0
}

@Suite struct EnqueueIfMissingTests {
  /// The by-identifier reconcile holds for 10,000 seeds of one user with
  /// ten episodes, and loses none — and the situation the property is
  /// about (episodes the OS still downloads when the user reopens the app)
  /// came up, so it did not pass vacuously.
  @Test func neverDownloadsAnEpisodeTwiceNorLosesOne() throws {
    let world = try Scenario.shipped("podcast-relaunch-by-id", "workload.users=1").podcasts(EnqueueIfMissing.self)
    let exercised = Tally()
    let report = try ScenarioProperty<UserCodeTransferWorld<PodcastApp<EnqueueIfMissing>>>(
      "no episode is downloaded twice or lost"
    ) { run in
      if run.metrics.aliveAtRelaunch > 0 {
        exercised.runs += 1
        exercised.episodes += run.metrics.aliveAtRelaunch
      }
      return run.metrics.duplicated == 0 && run.metrics.lost == 0
    }.check(world, seeds: 0..<10_000)
    print(report)
    print("reopened while the OS downloaded: \(exercised.runs) runs, \(exercised.episodes) episodes")
    #expect(report.holds, "\(report)")
    #expect(report.seedsChecked == 10_000)
    #expect(exercised.runs > 400)
    let readme = try Readme.text()
    #expect(readme.contains(report.description), "Examples/README.md shows another report than this prints")
    #expect(readme.contains("in \(exercised.runs) of the runs"), "Examples/README.md gives other figures")
    #expect(readme.contains("(\(exercised.episodes) episodes in all)"), "Examples/README.md gives other figures")
  }

  /// Seed 000's `bitme-ve-kuyruk`: in `finish-enqueue-race`, an episode
  /// finishes just as the user reopens the app. In some orders it has left
  /// the OS's list while its completion has not reached the delegate when
  /// the reconcile asks: the reconcile starts it again.
  @Test func isOrderSensitiveToTheFinishVersusEnqueueRace() throws {
    let world = try Scenario.shipped("finish-enqueue-race").podcasts(EnqueueIfMissing.self)
    // The orders closest to FIFO first: every order one choice away is in
    // the first thousand.
    let explored = try world.explore(seed: 0, limit: 1000)
    #expect(explored.exploration.interleavings.last.map { $0.deviations >= 2 } == true)
    #expect(explored.isOrderSensitive, "finishing just before the app looks downloads an episode twice")
    let outcomes = explored.exploration.groups.map(\.outcome)
    #expect(outcomes.contains { $0.entities.contains { $0.transfers == 2 } })
    #expect(outcomes.contains { $0.entities.allSatisfy { $0.transfers == 1 } })
    #expect(explored.repeatChanges == false, "repeating the reopen changes nothing: it is robust to repeats")

    // The order that duplicates, one choice from FIFO: u0/f1 finished just
    // before the reopened app asked the OS, which no longer lists it; its
    // completion reaches the delegate after the reconcile started it again.
    let witness = try #require(explored.exploration.witness).second
    #expect(witness.deviations == 1)
    let trace = try world.runOnce(seed: 0, strategy: .replay(witness.sequence), tracing: true).trace.map(\.description)
    let asked = try #require(trace.firstIndex { $0.contains("getAllTasks  tasks=1") })
    let startedAgain = try #require(trace.firstIndex { $0.hasSuffix("start u0/f1: task 3, attempt 2") })
    let handedOver = try #require(trace.firstIndex { $0.contains("completed u0/f1#1 -> app#0") })
    let stored = try #require(trace.firstIndex { $0.contains("stores u0/f1 as") })
    #expect(asked < startedAgain && startedAgain < handedOver && handedOver < stored)
  }
}
