import Testing

@testable import FaultSim

/// Property-style tests of the transfer world over many seeds (SPEC §4.2).
@Suite struct TransferWorldPropertyTests {
  /// A podcast relaunch: episodes still downloading when the app reopens.
  static func podcast(users: Int = 20, policy: ReconcilePolicy = .byIdentifier) -> TransferWorldOptions {
    TransferWorldOptions.podcastRelaunch(users: users, reconcile: policy)
  }

  static func run(
    _ options: TransferWorldOptions, seed: UInt64, tracing: Bool = false
  ) throws -> WorldRun<TransferMetrics, EntityStates<TransferFileOutcome>> {
    try TransferWorld.runOnce(options, seed: seed, tracing: tracing)
  }

  @Test func byIdentifierWithAStableSessionNeverDuplicates() throws {
    var options = Self.podcast()
    options.daemon.failure = 0.2
    for seed in 0..<25 as Range<UInt64> {
      let metrics = try Self.run(options, seed: seed).metrics
      #expect(metrics.duplicated == 0, "seed \(seed)")
      #expect(metrics.lost == 0, "seed \(seed)")
      #expect(metrics.aliveAtRelaunch > 0, "the scenario must have transfers running at relaunch")
    }
  }

  @Test func blindReenqueueDuplicatesExactlyTheTransfersRunningAtRelaunch() throws {
    for seed in 0..<25 as Range<UInt64> {
      let metrics = try Self.run(Self.podcast(policy: .blind), seed: seed).metrics
      #expect(metrics.duplicated == metrics.aliveAtRelaunch, "seed \(seed)")
      #expect(metrics.duplicated > 0)
    }
  }

  @Test func aFreshSessionIdentifierOrphansEveryRunningTask() throws {
    var options = Self.podcast()
    options.app.sessionIdentifier = .freshPerLaunch
    for seed in 0..<10 as Range<UInt64> {
      let metrics = try Self.run(options, seed: seed).metrics
      #expect(metrics.tasksOrphaned > 0)
      // No orphaned task's event ever reaches an app: every one that
      // completed counts as an orphaned transfer (none fail here).
      #expect(metrics.orphanedTransfers == metrics.tasksOrphaned, "seed \(seed)")
      #expect(metrics.duplicated >= metrics.orphaned)
    }
  }

  @Test func afterAForceQuitNothingMovesUntilTheUserReturnsThenEverythingCompletes() throws {
    var options = Self.podcast(users: 5)
    options.lifecycle.termination = .forceQuit
    for seed in 0..<5 as Range<UInt64> {
      let run = try Self.run(options, seed: seed, tracing: true)
      #expect(run.metrics.lost == 0, "a by-identifier reconcile completes every wanted file")
      #expect(run.metrics.transferredOnce == run.metrics.files)
      for user in 0..<5 {
        let app = "app#\(user)"
        let daemon = "daemon#\(user)"
        guard let quit = run.trace.firstIndex(where: { $0.actor == app && $0.event.hasPrefix("force-quit") }),
          let reopen = run.trace.firstIndex(where: { $0.actor == app && $0.event == "user reopens the app" })
        else { continue }
        let between = run.trace[(quit + 1)..<reopen].filter { $0.actor == daemon || $0.actor == app }
        #expect(
          between.allSatisfy { $0.event.hasPrefix("cancel ") }, "seed \(seed) user \(user): \(between.map(\.event))"
        )
      }
    }
  }

  @Test func resumeDataNeverTransfersMoreBytesThanRestarting() throws {
    var options = Self.podcast()
    options.daemon.failure = 0.6
    options.daemon.resumeData = 1
    options.app.maximumAttempts = 1_000
    for seed in 0..<15 as Range<UInt64> {
      options.app.usesResumeData = true
      let resumed = try Self.run(options, seed: seed).metrics
      options.app.usesResumeData = false
      let restarted = try Self.run(options, seed: seed).metrics
      #expect(resumed.bytesTransferred <= restarted.bytesTransferred, "seed \(seed)")
      #expect(resumed.lost == 0 && restarted.lost == 0)
    }
  }

  @Test func aCancellationThatKeepsItsRowLosesThatFile() throws {
    var options = Self.podcast()
    options.app.userCancels = 0.3
    options.app.cancelRemovesRow = false
    let kept = try Self.run(options, seed: 4).metrics
    #expect(kept.lost > 0)
    #expect(kept.lost == kept.uncertain, "each lost file's row still says it is coming")
    options.app.cancelRemovesRow = true
    let removed = try Self.run(options, seed: 4).metrics
    #expect(removed.lost == 0)
  }

  /// One 60 MB download that finishes at 600 s, the instant the app is
  /// reopened: the finish/enqueue race of seed 000 (`bitme-ve-kuyruk`).
  static func finishEnqueueRace() -> TransferWorldOptions {
    var options = TransferWorldOptions()
    options.workload.users = 1
    options.workload.filesPerUser = 1
    options.workload.minimumBytes = 60_000_000
    options.workload.maximumBytes = 60_000_000
    options.lifecycle.terminationAt = .fixed(.nanoseconds(300_000_000_000))
    options.lifecycle.relaunchAt = .fixed(.nanoseconds(600_000_000_000))
    options.daemon.wifiBytesPerSecond = 100_000
    options.daemon.throughputSpread = 0
    options.races.window = .nanoseconds(2_000_000_000)
    return options
  }

  @Test func theFinishEnqueueRaceIsOrderSensitiveAndExploreFindsBothOrders() throws {
    var options = Self.finishEnqueueRace()
    let result = try ScenarioExploration<TransferWorld>.explore(options, seed: 0, limit: 100)
    #expect(result.exploration.isComplete)
    #expect(result.exploration.interleavings.count == 2)
    #expect(result.isOrderSensitive)
    #expect(result.sensitivity == .orderSensitive, "by identifier is robust to repetition, not to order")
    let witness = try #require(result.exploration.witness)
    #expect(witness.first.outcome.entities[0].transfers == 1)
    #expect(witness.second.outcome.entities[0].transfers == 2)
    // Blind re-enqueue is repeat-sensitive as well.
    options.app.reconcile = .blind
    options.lifecycle.relaunchAt = .fixed(.nanoseconds(500_000_000_000))
    options.races.window = .zero
    let blind = try ScenarioExploration<TransferWorld>.explore(options, seed: 0, limit: 100)
    #expect(blind.sensitivity == .repeatSensitive)
  }

  @Test func aReconcileJobsExpirationCancelsNoTransfer() throws {
    var options = Self.podcast()
    options.workload.kind = .upload
    options.lifecycle.relaunchAt = .fixed(.nanoseconds(43_200_000_000_000))
    var job = TransferWorldOptions.ReconcileJob()
    job.earliestBeginAfter = .nanoseconds(60_000_000_000)
    job.work = .fixed(.nanoseconds(600_000_000_000))
    job.expirationCancelsTransfers = false
    options.reconcileJob = job
    options.workload.maximumBytes = 400_000_000
    let careful = try Self.run(options, seed: 2).metrics
    #expect(careful.reconcileJobsExpired > 0)
    #expect(careful.cancelledByApp == 0)
    #expect(careful.lost == 0)
    options.reconcileJob?.expirationCancelsTransfers = true
    let careless = try Self.run(options, seed: 2).metrics
    #expect(careless.cancelledByApp > 0)
    #expect(careless.lost > 0)
  }

  @Test func stateReconcileWithNoRunningTaskResetsEveryStaleRow() throws {
    // Everything finishes before the relaunch, so the daemon lists nothing:
    // `NOT IN ()` matches every row, and the stale row of a cancelled file
    // is reset and transferred again.
    var options = Self.podcast(users: 10, policy: .state)
    options.workload.maximumBytes = 30_000_000
    options.app.userCancels = 0.2
    options.app.cancelRemovesRow = false
    let metrics = try Self.run(options, seed: 1).metrics
    #expect(metrics.aliveAtRelaunch == 0)
    #expect(metrics.lost == 0, "the stale rows were reset by the empty NOT IN list")
  }

  @Test func validationCatchesWhatItChecks() throws {
    var options = Self.podcast(users: 10)
    options.daemon.errorPage = 0.2
    options.daemon.corruptedBytes = 0.1
    var corrupt: [TransferWorldOptions.AppPolicy.Validation: UInt64] = [:]
    for validation in TransferWorldOptions.AppPolicy.Validation.allCases {
      options.app.validation = validation
      corrupt[validation] = try Self.run(options, seed: 3).metrics.corrupt
    }
    #expect(corrupt[.none]! > corrupt[.size]!)
    #expect(corrupt[.status] == corrupt[.none], "an error page comes with 200")
    #expect(corrupt[.size]! > 0, "corrupted bytes of the right size pass a size check")
    #expect(corrupt[.checksum] == 0)
  }

  @Test func aSecondTaskWritingTheSameDestinationCorruptsIt() throws {
    var options = Self.podcast(policy: .blind)
    options.app.destinationWrites = .direct
    let direct = try Self.run(options, seed: 5).metrics
    #expect(direct.corrupt == direct.duplicated && direct.corrupt > 0)
    options.app.destinationWrites = .atomicMove
    #expect(try Self.run(options, seed: 5).metrics.corrupt == 0)
  }

  @Test func a413DeletesTheStagingFileOnlyUnderTheWrongPolicy() throws {
    var options = Self.podcast()
    options.workload.kind = .upload
    options.daemon.rejection = 0.1
    options.app.stagingDeletion = .afterAnyCompletion
    let careless = try Self.run(options, seed: 6).metrics
    #expect(careless.misreported == careless.rejected && careless.rejected > 0)
    options.app.stagingDeletion = .after2xx
    let careful = try Self.run(options, seed: 6).metrics
    #expect(careful.misreported == 0 && careful.rejected > 0)
  }

  @Test func wifiOnlyTransfersWaitForWifi() throws {
    var options = Self.podcast()
    var conditions = DeviceConditionsOptions()
    conditions.network.wifi = .init(weight: 0.4, meanDuration: .nanoseconds(1_800_000_000_000))
    conditions.network.cellular = .init(weight: 0.6, meanDuration: .nanoseconds(2_700_000_000_000))
    conditions.network.offline = .init(weight: 0, meanDuration: .zero)
    options.conditions = conditions
    options.constraints.wifiOnly = true
    let restricted = try Self.run(options, seed: 7).metrics
    options.constraints.wifiOnly = false
    let open = try Self.run(options, seed: 7).metrics
    #expect(restricted.completion.percentile(90)! > open.completion.percentile(90)!)
    #expect(restricted.lost == 0)
  }

  @Test func differentOrdersKeepTheSameFaultsAndTheSameSeedTheSameResult() throws {
    var options = Self.podcast(users: 5)
    options.daemon.failure = 0.3
    options.races.window = .nanoseconds(30_000_000_000)
    let first = try Self.run(options, seed: 9)
    let again = try Self.run(options, seed: 9)
    #expect(first.metrics == again.metrics && first.finalState == again.finalState)
    let other = try TransferWorld.runOnce(options, seed: 9, strategy: .random(orderSeed: 3))
    // Sizes and failures are keyed by file and attempt, not by order.
    #expect(other.metrics.files == first.metrics.files)
  }
}
