import FaultSim
import Foundation
import Testing

// This file imports FaultSim without @testable: the reconciles, completion
// handlers and jobs here are written the way a user writes them, against
// the public API only.

/// Seed 000's enqueueAll (`denetlemeden-kuyruga-al`), written from
/// scratch: every wanted file the app does not have is enqueued, whatever
/// the OS still runs. It names itself as the built-in does, so that traces
/// match too.
struct EnqueueAll: TransferReconciler {
  var name: String { "blind" }

  func reconcile(
    _ file: AppFile, listed: ArraySlice<TransferTaskSnapshot>, _ context: inout DecisionContext
  ) -> ReconcileAction {
    file.row.wanted && !file.isPresent && file.row.state != .failed ? .enqueue : .leave
  }
}

/// Seed 000's enqueueIfMissing (`tanimlayiciya-gore`): only what the OS's
/// `getAllTasks` does not list.
struct EnqueueIfMissing: TransferReconciler {
  var name: String { "by-identifier" }

  func reconcile(
    _ file: AppFile, listed: ArraySlice<TransferTaskSnapshot>, _ context: inout DecisionContext
  ) -> ReconcileAction {
    file.row.wanted && !file.isPresent && file.row.state != .failed && listed.isEmpty ? .enqueue : .leave
  }
}

/// A reconcile no built-in makes: a file still downloading is cancelled and
/// started afresh, so no file ever has two tasks, at the price of the bytes
/// the cancelled task had moved.
struct RestartListed: TransferReconciler {
  func reconcile(
    _ file: AppFile, listed: ArraySlice<TransferTaskSnapshot>, _ context: inout DecisionContext
  ) -> ReconcileAction {
    guard file.isWantedAndMissing else { return .leave }
    return listed.isEmpty ? .enqueue : .restart
  }
}

/// By identifier, and a row the user cancelled that still says `active`
/// with nothing running (a stale row) is cleared, so that asking again
/// enqueues the file.
struct ClearStaleRows: TransferReconciler {
  func reconcile(
    _ file: AppFile, listed: ArraySlice<TransferTaskSnapshot>, _ context: inout DecisionContext
  ) -> ReconcileAction {
    if file.row.cancelled && !file.row.wanted && file.row.state == .active && listed.isEmpty { return .mark(.none) }
    return file.isWantedAndMissing && listed.isEmpty ? .enqueue : .leave
  }
}

/// A completion handler that skips validation: whatever arrived is moved
/// into place.
struct AcceptEverything: TransferCompletionHandler {
  func downloadFinished(
    _ download: FinishedDownload, of file: AppFile, _ context: inout DecisionContext
  ) -> DownloadDecision {
    .moveInDelegate
  }
}

/// Every hook at the protocol's default: the careful app.
struct CarefulApp: TransferCompletionHandler {}

/// Resume data ignored: a failed download starts again from zero.
struct RestartFromZero: TransferCompletionHandler {
  func transferInterrupted(
    _ interruption: TransferInterruption, of file: AppFile, _ context: inout DecisionContext
  ) -> InterruptionDecision {
    guard file.row.wanted else { return .leave }
    switch interruption.reason {
    case .failed: return .retry(usingResumeData: false)
    case .cancelledByForceQuit: return file.isPresent ? .leave : .retry(usingResumeData: false)
    case .cancelledByApp: return .mark(.failed)
    }
  }
}

/// Seed 001's wrong expiration handler: every transfer the job was checking
/// is cancelled.
struct CancelEverythingOnExpiry: ReconcileJobHandler {
  var work = ReconcilePolicy.state

  func expired(
    listing tasks: [TransferTaskSnapshot], _ context: inout DecisionContext
  ) -> ExpirationAction {
    .cancel(tasks.map(\.task))
  }
}

/// The right one: the work stops, the transfers go on (the default).
struct StopWorkOnExpiry: ReconcileJobHandler {
  var work = ReconcilePolicy.state
}

@Suite struct PluggedTransferWorldTests {
  static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("scenarios")

  static func path(_ name: String) -> String { scenarios.appendingPathComponent("\(name).json").path }

  static func scenario(_ name: String, _ overrides: [String] = []) throws -> Scenario {
    try Scenario.load(path: path(name), overrides: overrides.map { try ScenarioOverride(parsing: $0) })
  }

  /// The built-in world's table, as `faultsim sweep` computes it.
  static func builtInTable(_ scenario: Scenario, seeds: Range<UInt64>, vary: [String]) throws -> String {
    let bytes = try #require(FileManager.default.contents(atPath: scenario.file))
    let sweep = try Sweep<TransferWorld>(
      file: scenario.file, bytes: Array(bytes), settings: scenario.overrides,
      grid: SweepGrid(axes: vary.map { try SweepGrid.Axis(parsing: $0) }),
      seeds: SeedRange(seeds.lowerBound, seeds.upperBound))
    return try sweep.table()
  }

  /// The value of `column` in each row of a CSV table.
  static func column(_ column: String, of table: String) throws -> [Double] {
    let rows = table.split(whereSeparator: \.isNewline)
    let index = try #require(rows.first?.split(separator: ",").firstIndex { $0 == column })
    return rows.dropFirst().map { Double($0.split(separator: ",")[index]) ?? .nan }
  }

  static func builtIn(_ scenario: Scenario, seeds: Range<UInt64>) throws -> TransferMetrics {
    let options = try #require(TransferWorld.options(of: scenario.world))
    return try TransferWorld.measure(options, seeds: SeedRange(seeds.lowerBound, seeds.upperBound))
  }

  // MARK: The built-ins, rewritten by a user

  @Test func aUserWrittenEnqueueAllSweepsByteForByteAsTheBuiltInBlind() throws {
    let scenario = try Self.scenario("podcast-relaunch-blind")
    let vary = ["daemon.failure=0,0.2"]
    let expected = try Self.builtInTable(scenario, seeds: 0..<4, vary: vary)
    let mine = try scenario.transferWorld(reconcile: EnqueueAll()).sweep(seeds: 0..<4, vary: vary, jobs: 2)
    #expect(mine == expected)
    // Not a vacuous comparison: every cell downloads episodes twice.
    let duplicated = try Self.column("duplicated", of: expected)
    #expect(duplicated.count == 2 && duplicated.allSatisfy { $0 > 0 }, "\(expected)")
  }

  @Test func aUserWrittenEnqueueIfMissingSweepsByteForByteAsTheBuiltInByIdentifier() throws {
    let scenario = try Self.scenario("podcast-relaunch-by-id")
    let vary = ["daemon.failure=0,0.2"]
    let expected = try Self.builtInTable(scenario, seeds: 0..<4, vary: vary)
    let mine = try scenario.transferWorld(reconcile: EnqueueIfMissing()).sweep(seeds: 0..<4, vary: vary, jobs: 2)
    #expect(mine == expected)
    #expect(try Self.column("alive_at_relaunch", of: expected).allSatisfy { $0 > 0 }, "episodes run at relaunch")
    #expect(try Self.column("duplicated", of: expected).allSatisfy { $0 == 0 })
  }

  @Test func theFinishVsEnqueueRaceSweepsByteForByteWithItsInterleavings() throws {
    let scenario = try Self.scenario("finish-enqueue-race")
    let vary = ["races.window=2s,0s"]
    let expected = try Self.builtInTable(scenario, seeds: 0..<6, vary: vary)
    let mine = try scenario.transferWorld(reconcile: EnqueueIfMissing()).sweep(seeds: 0..<6, vary: vary)
    #expect(mine == expected)
    // The race is met and, in the other order, downloads an episode twice.
    let sensitive = try Self.column("order_sensitive_rate", of: expected)
    #expect(sensitive.first ?? 0 > 0 && sensitive.last == 0, "\(expected)")
  }

  @Test func theBuiltInsPluggedExplicitlyAreTheScenarioItself() throws {
    for name in ["podcast-relaunch-blind", "error-page-200", "upload-staging-413", "bg-processing-reconcile"] {
      let scenario = try Self.scenario(name, ["workload.users=20"])
      let options = try #require(TransferWorld.options(of: scenario.world))
      let plugged = try scenario.transferWorld(
        reconcile: BuiltInReconciler(), completion: BuiltInCompletionHandler(), job: BuiltInReconcileJobHandler())
      for seed in UInt64(0)..<3 {
        let builtIn = try TransferWorld.runOnce(options, seed: seed, tracing: true)
        let custom = try plugged.runOnce(seed: seed, tracing: true)
        #expect(custom.metrics == builtIn.metrics, "\(name) seed \(seed)")
        #expect(custom.trace == builtIn.trace, "\(name) seed \(seed)")
        #expect(custom.finalState == builtIn.finalState, "\(name) seed \(seed)")
      }
    }
    // A user's reconcile that decides and names itself as the built-in one
    // does traces the same timeline.
    let blind = try Self.scenario("podcast-relaunch-blind", ["workload.users=5"])
    #expect(try blind.transferWorld(reconcile: EnqueueAll()).trace(seed: 3) == blind.transferWorld().trace(seed: 3))
  }

  @Test func aSeedPolicyPluggedByNameOverridesTheFile() throws {
    // `ReconcilePolicy.blind` plugged into the fixed scenario is the blind
    // scenario, whatever the file's `app.reconcile` says.
    let fixed = try Self.scenario("podcast-relaunch-by-id")
    let blind = try Self.scenario("podcast-relaunch-blind")
    let plugged = try fixed.transferWorld(reconcile: ReconcilePolicy.blind).measure(seeds: 0..<3)
    #expect(plugged == (try Self.builtIn(blind, seeds: 0..<3)))
    #expect(plugged.duplicated > 0)
  }

  // MARK: Decisions of your own

  @Test func aCompletionHandlerThatSkipsValidationStoresTheErrorPagesAsEpisodes() throws {
    let scenario = try Self.scenario("error-page-200")
    let careless = try scenario.transferWorld(completion: AcceptEverything()).measure(seeds: 0..<4)
    let careful = try scenario.transferWorld(completion: CarefulApp()).measure(seeds: 0..<4)
    #expect(careless.corrupt > 0)
    #expect(careful.corrupt == 0, "status, length and checksum catch every bad download")
    #expect(careful.tasksCreated > careless.tasksCreated, "what the careful app discards it downloads again")
    // They decide as the file's validation `none` and `checksum` do.
    let none = try Self.builtIn(Self.scenario("error-page-200", ["app.validation=none"]), seeds: 0..<4)
    let checksum = try Self.builtIn(Self.scenario("error-page-200", ["app.validation=checksum"]), seeds: 0..<4)
    #expect(careless == none)
    #expect(careful == checksum)
    // The scenario's own app checks only the status: between the two.
    let statusOnly = try Self.builtIn(scenario, seeds: 0..<4)
    #expect(statusOnly.corrupt > 0 && statusOnly.corrupt <= careless.corrupt)
  }

  @Test func aReconcileThatRestartsRunningEpisodesNeverDownloadsOneTwice() throws {
    let scenario = try Self.scenario("podcast-relaunch-blind")
    let blind = try Self.builtIn(scenario, seeds: 0..<4)
    let byIdentifier = try scenario.transferWorld(reconcile: ReconcilePolicy.byIdentifier).measure(seeds: 0..<4)
    let restart = try scenario.transferWorld(reconcile: RestartListed()).measure(seeds: 0..<4)
    #expect(blind.duplicated > 0)
    #expect(restart.duplicated == 0, "the running task is cancelled before the new one starts")
    #expect(restart.lost == 0)
    // Every episode the OS still ran at relaunch was cancelled by the app,
    // and what those tasks had moved is wasted (by identifier wastes none).
    #expect(restart.cancelledByApp == restart.aliveAtRelaunch && restart.cancelledByApp > 0)
    #expect(byIdentifier.bytesWasted == 0 && restart.bytesWasted > 0)
    #expect(restart.bytesWasted < blind.bytesWasted, "a restart wastes part of a download, a duplicate all of it")
  }

  @Test func aReconcileThatClearsStaleRowsRecoversTheFilesTheUserAskedForAgain() throws {
    // cancel-keeps-row: cancelling leaves the row `active`, so asking again
    // for the file enqueues nothing ("already coming") and it is lost.
    let scenario = try Self.scenario("cancel-keeps-row")
    let builtIn = try Self.builtIn(scenario, seeds: 0..<4)
    let cleared = try scenario.transferWorld(reconcile: ClearStaleRows()).measure(seeds: 0..<4)
    #expect(builtIn.lost > 0)
    #expect(cleared.lost == 0, "\(cleared)")
    #expect(cleared.uncertain == 0)
    #expect(cleared.tasksCreated > builtIn.tasksCreated)
  }

  @Test func aHandlerThatIgnoresResumeDataRestartsFailedDownloadsFromZero() throws {
    let scenario = try Self.scenario("resume-data", ["workload.users=50"])
    let resuming = try Self.builtIn(scenario, seeds: 0..<4)
    let restarting = try scenario.transferWorld(completion: RestartFromZero()).measure(seeds: 0..<4)
    let builtInRestart = try Self.builtIn(
      Self.scenario("resume-data", ["workload.users=50", "app.usesResumeData=false"]), seeds: 0..<4)
    #expect(restarting == builtInRestart)
    #expect(restarting.bytesWasted > resuming.bytesWasted)
  }

  @Test func anExpirationHandlerOfYourOwnDecidesWhetherTheTransfersSurviveTheJob() throws {
    // bg-processing-reconcile's job expires often, and its handler cancels
    // the transfers it was checking.
    let scenario = try Self.scenario("bg-processing-reconcile")
    let wrong = try scenario.transferWorld(job: CancelEverythingOnExpiry()).measure(seeds: 0..<3)
    let right = try scenario.transferWorld(job: StopWorkOnExpiry()).measure(seeds: 0..<3)
    #expect(wrong == (try Self.builtIn(scenario, seeds: 0..<3)))
    let rightBuiltIn = try Self.builtIn(
      Self.scenario("bg-processing-reconcile", ["reconcileJob.expirationCancelsTransfers=false"]), seeds: 0..<3)
    #expect(right == rightBuiltIn)
    #expect(wrong.reconcileJobsExpired > 0)
    #expect(wrong.cancelledByApp > 0 && right.cancelledByApp == 0)
  }

  // MARK: Properties

  @Test func aPropertyFailsForTheBlindReconcileAndShrinksToAFewUsersWithoutFaults() throws {
    let world = try Self.scenario("podcast-relaunch-blind", ["daemon.failure=0.2"])
      .transferWorld(reconcile: EnqueueAll())
    let report = try ScenarioProperty<
      CustomTransferWorld<EnqueueAll, BuiltInCompletionHandler, BuiltInReconcileJobHandler>
    >(
      "no episode is downloaded twice"
    ) { run in
      run.metrics.duplicated == 0
    }.check(world, seeds: 0..<10)
    let failure = try #require(report.failure)
    #expect(failure.seed == 0)
    // The failures of the run are not the cause: the blind reconcile is.
    #expect(failure.counterexample.originalFaults > 0)
    #expect(failure.counterexample.faults.isEmpty, "\(report)")
    // From 200 users to the first ones whose relaunch meets a running
    // episode.
    let users = try #require(failure.counterexample.smaller.first?.split(separator: "=").last.flatMap { Int($0) })
    #expect(users <= 2, "\(report)")
    #expect(failure.replay == "print(try world.trace(seed: 0))")
    #expect(try world.trace(seed: 0).contains("reconciles (blind)"))
  }

  @Test func thePropertyHoldsForEnqueueIfMissingOverManySeeds() throws {
    let world = try Self.scenario("podcast-relaunch-by-id", ["workload.users=20", "daemon.failure=0.2"])
      .transferWorld(reconcile: EnqueueIfMissing())
    let report = try ScenarioProperty<
      CustomTransferWorld<EnqueueIfMissing, BuiltInCompletionHandler, BuiltInReconcileJobHandler>
    >(
      "no episode is downloaded twice, none is lost"
    ) { run in
      run.metrics.duplicated == 0 && run.metrics.lost == 0
    }.check(world, seeds: 0..<100, requiring: [.failure])
    #expect(report.holds, "\(report)")
    #expect(report.seedsChecked == 100)
  }

  // MARK: The documentation

  @Test func theDocumentationsExampleRunsAndSaysWhatItPrints() throws {
    // docs/transfer-world.md and TheTransferWorld.md, "Your own app's
    // decisions", as written there.
    /// Seed 000's enqueueIfMissing, as your app would write it.
    struct EnqueueIfMissing: TransferReconciler {
      func reconcile(
        _ file: AppFile, listed: ArraySlice<TransferTaskSnapshot>, _ context: inout DecisionContext
      ) -> ReconcileAction {
        file.isWantedAndMissing && listed.isEmpty ? .enqueue : .leave
      }
    }

    let world = try Scenario.shipped("podcast-relaunch-blind").transferWorld(reconcile: EnqueueIfMissing())
    #expect(try world.measure(seeds: 0..<4).duplicated == 0)
  }

  // MARK: Misuse

  @Test func aScenarioOfAnotherWorldIsRefusedByName() throws {
    let request = try Scenario.shipped("checkout-reference")
    #expect(throws: WrongWorldError.self) { try request.transferWorld(reconcile: EnqueueAll()) }
    do {
      _ = try request.transferWorld(completion: AcceptEverything())
      Issue.record("a request scenario was accepted")
    } catch {
      #expect(error.description.contains("is a request world; these decisions are for the transfer world"))
    }
  }
}
