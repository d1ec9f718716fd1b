import Testing

@testable import FaultSim

/// Issue 13, item 4, the transfer world's side: a blind relaunch reconcile
/// re-enqueues the uploads still running, and `app.uploadKey` decides
/// whether the server recognises the second upload of a job.
@Suite struct UploadKeyTests {
  /// Two users of five uploads (1–5 MB at 50 kB/s: 20–100 s each, more
  /// with the spread), terminated at 30 s and reopened at 60–120 s: some
  /// uploads are still running at the relaunch, and the blind reconcile
  /// starts them again. Failures with and without resume data add restarts.
  static func outbox(_ key: UploadKeyPolicy) -> TransferWorldOptions {
    var options = TransferWorldOptions()
    options.workload.users = 2
    options.workload.filesPerUser = 5
    options.workload.kind = .upload
    options.workload.minimumBytes = 1_000_000
    options.workload.maximumBytes = 5_000_000
    options.lifecycle.backgroundAt = .fixed(.seconds(10))
    options.lifecycle.termination = .system
    options.lifecycle.terminationAt = .fixed(.seconds(30))
    options.lifecycle.relaunchAt = .uniform(min: .seconds(60), max: .seconds(120))
    options.daemon.wifiBytesPerSecond = 50_000
    options.daemon.failure = 0.1
    options.daemon.resumeData = 0.5
    options.app.reconcile = .blind
    options.app.uploadKey = key
    return options
  }

  static let seeds: Range<UInt64> = 0..<1_000

  static func run(_ options: TransferWorldOptions, seed: UInt64) throws -> TransferMetrics {
    try TransferWorld.runOnce(options, seed: seed).metrics
  }

  /// The key stored with the row makes every upload of a job one copy on
  /// the server, however often the relaunch re-enqueued it — and it did:
  /// the same seeds without the key duplicate, and complete more uploads
  /// than jobs.
  @Test func theKeyStoredWithTheRowNeverDuplicates() throws {
    var reenqueuedSeeds = 0
    var duplicatedWithoutTheKey: UInt64 = 0
    for seed in Self.seeds {
      let keyed = try Self.run(Self.outbox(.storedWithRow), seed: seed)
      #expect(keyed.duplicated == 0, "seed \(seed): \(keyed.duplicated) duplicated with the stored key")
      let unkeyed = try Self.run(Self.outbox(.none), seed: seed)
      duplicatedWithoutTheKey += unkeyed.duplicated
      if keyed.aliveAtRelaunch > 0 && keyed.transfersCompleted > keyed.files - keyed.lost { reenqueuedSeeds += 1 }
      // The app and the daemon did the same work: only the server's copies differ.
      #expect(keyed.tasksCreated == unkeyed.tasksCreated, "seed \(seed)")
      #expect(keyed.transfersCompleted == unkeyed.transfersCompleted, "seed \(seed)")
      #expect(keyed.bytesTransferred == unkeyed.bytesTransferred, "seed \(seed)")
    }
    // Not a false pass: most seeds re-enqueued a running upload that then completed twice.
    #expect(reenqueuedSeeds >= Self.seeds.count / 2, "only \(reenqueuedSeeds) seeds re-enqueued an upload")
    #expect(duplicatedWithoutTheKey > 0)
  }

  /// A key made when the task is created is new on every re-enqueued task,
  /// so the server cannot recognise it: the same runs as no key at all.
  @Test func aKeyMadeAtSendDuplicatesLikeNoKey() throws {
    var duplicated: UInt64 = 0
    for seed in Self.seeds {
      let madeAtSend = try Self.run(Self.outbox(.madeAtSend), seed: seed)
      let none = try Self.run(Self.outbox(.none), seed: seed)
      #expect(madeAtSend.duplicated == none.duplicated, "seed \(seed)")
      #expect(madeAtSend == none, "seed \(seed)")
      duplicated += none.duplicated
    }
    #expect(duplicated > 0)
  }

  /// The default is `none`, and `none` leaves the run as it was before the
  /// option existed: the shipped scenario's seed 1 under `none` (and the
  /// per-task uplink of that build) gives the numbers the build without
  /// `app.uploadKey` gave for the same file, and
  /// the default options' trace has no replayed upload.
  @Test func theDefaultOutputIsUnchanged() throws {
    #expect(TransferWorldOptions.AppPolicy().uploadKey == .none)
    let none = try Scenario.shipped(
      "upload-outbox-relaunch",
      overrides: try ["app.uploadKey=none", "daemon.uplink=per-task"].map { try ScenarioOverride(parsing: $0) })
    let options = try #require(TransferWorld.options(of: none.world))
    let metrics = try Self.run(options, seed: 1)
    #expect(metrics.files == 1_000 && metrics.duplicated == 581 && metrics.transferredOnce == 419)
    #expect(metrics.tasksCreated == 1_581 && metrics.aliveAtRelaunch == 581)
    var madeAtSend = options
    madeAtSend.app.uploadKey = .madeAtSend
    #expect(try Self.run(madeAtSend, seed: 1) == metrics)
    var stored = options
    stored.app.uploadKey = .storedWithRow
    let keyed = try Self.run(stored, seed: 1)
    #expect(keyed.duplicated == 0 && keyed.transferredOnce == 419 && keyed.tasksCreated == 1_581)
    let run = try TransferWorld.runOnce(Self.outbox(.none), seed: 3, tracing: true)
    #expect(!run.trace.contains { $0.event.contains("replayed") })
  }

  /// Downloads are stored by the app, not by the server: the key is flagged
  /// as a no-op and changes nothing.
  @Test func theKeyDoesNotApplyToDownloads() throws {
    var downloads = Self.outbox(.storedWithRow)
    downloads.workload.kind = .download
    var plain = downloads
    plain.app.uploadKey = .none
    for seed in 0..<50 as Range<UInt64> {
      #expect(try Self.run(downloads, seed: seed) == Self.run(plain, seed: seed), "seed \(seed)")
    }
  }
}
