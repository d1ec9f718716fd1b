import Testing

@testable import FaultSim

/// The OS transfer daemon driven on its own, without an app: the calls an
/// app makes (``BackgroundTransferSession``) and the endings the world
/// hands over.
@Suite struct TransferDaemonTests {
  /// Two users with three 50 MB files each, every task at exactly
  /// 2.5 MB/s on Wi-Fi: a task resumed from `r` bytes ends at
  /// `(50 MB − r) / 2.5 MB/s`.
  static func daemon() -> TransferDaemon {
    var options = TransferWorldOptions()
    options.workload.users = 2
    options.workload.filesPerUser = 3
    options.daemon.throughputSpread = 0
    return TransferDaemon(TransferWorld.Settings(options))
  }

  static func transfer(_ file: Int, attempt: UInt16 = 1) -> TransferAttemptIdentity {
    TransferAttemptIdentity(file: file, attempt: attempt)
  }

  /// Runs the daemon's own events (task ends, condition changes) up to
  /// `time`, returning the tasks whose ending is owed to the app, in order.
  static func run(
    _ daemon: inout TransferDaemon, _ context: inout SimulationContext<TransferEvent>, until time: VirtualTime
  ) throws -> [TransferTaskID] {
    var owed: [TransferTaskID] = []
    while context.pendingCount > 0 {
      guard let event = try context.takeNextEvent(limit: .max) else { break }
      #expect(context.now <= time, "an event past the end of the test at \(context.now)")
      switch event.kind {
      case .taskReachesTarget(let task, let generation):
        if daemon.reachTarget(task, generation: generation, user: Int(event.user), &context) { owed.append(task) }
      case .conditionsChange(let generation):
        try daemon.conditionsChange(Int(event.user), generation: generation, &context)
      default:
        Issue.record("the daemon scheduled an event that is not its own: \(event.kind)")
      }
    }
    return owed
  }

  /// The tasks the user's delivery queue hands over, with their callbacks.
  static func handOver(
    _ daemon: inout TransferDaemon, user: Int, includingDeferred: Bool = false,
    _ context: inout SimulationContext<TransferEvent>
  ) -> [TransferCallback] {
    var callbacks: [TransferCallback] = []
    var cursor = daemon.openDeliveryQueue(of: user)
    while let task = daemon.nextDelivery(&cursor, includingDeferred: includingDeferred) {
      if let callback = daemon.collect(task, &context) { callbacks.append(callback) }
    }
    return callbacks
  }

  @Test func getAllTasksIsAValueSnapshotOfTheConnectedSessionsLiveTasks() throws {
    var daemon = Self.daemon()
    var context = SimulationContext<TransferEvent>(seed: 1)
    let first = try daemon.createTask(for: Self.transfer(0), resumingFrom: 40_000_000, &context)
    _ = try daemon.createTask(for: Self.transfer(1), resumingFrom: 0, &context)
    _ = try daemon.createTask(for: Self.transfer(3), resumingFrom: 0, &context)  // user 1's
    var snapshot: [TransferTaskSnapshot] = []
    daemon.allTasks(of: 0, into: &snapshot)
    #expect(snapshot.map(\.transfer.file) == [1, 0], "user 0's tasks, newest first")
    #expect(snapshot.allSatisfy { $0.state == .running && $0.isLive })
    let taken = snapshot
    // File 0's task ends at 4 s; the snapshot taken before does not change.
    let owed = try Self.run(&daemon, &context, until: VirtualTime(nanoseconds: 20_000_000_000))
    #expect(owed.first == first)
    #expect(taken.map(\.transfer.file) == [1, 0] && taken.allSatisfy { $0.state == .running })
    daemon.allTasks(of: 0, into: &snapshot)
    #expect(snapshot.isEmpty, "every task of user 0 ended: \(snapshot)")
  }

  @Test func aForceQuitCancelsTheConnectedSessionsTasksOnly() throws {
    var daemon = Self.daemon()
    var context = SimulationContext<TransferEvent>(seed: 1)
    let old = try daemon.createTask(for: Self.transfer(0), resumingFrom: 0, &context)
    // A fresh session identifier: the old task runs on for nobody.
    daemon.connect(user: 0, to: SessionIdentifier.initial.next)
    let current = try daemon.createTask(for: Self.transfer(1), resumingFrom: 0, &context)
    let other = try daemon.createTask(for: Self.transfer(3), resumingFrom: 0, &context)
    var snapshot: [TransferTaskSnapshot] = []
    daemon.allTasks(of: 0, into: &snapshot)
    #expect(snapshot.map(\.task) == [current], "getAllTasks lists the connected session only")

    daemon.forceQuit(0, &context)
    #expect(daemon.isLive(old), "the abandoned session's task is not the app's to cancel")
    #expect(!daemon.isLive(current))
    #expect(daemon.isLive(other), "another user's task goes on")
    let callbacks = Self.handOver(&daemon, user: 0, &context)
    #expect(callbacks.count == 1)
    #expect(callbacks.first?.task == current)
    guard case .cancelled(.forceQuit) = callbacks.first?.outcome else {
      Issue.record("expected a force-quit cancellation, got \(String(describing: callbacks.first?.outcome))")
      return
    }
    // The old session's task completes into the void.
    let owed = try Self.run(&daemon, &context, until: VirtualTime(nanoseconds: 20_000_000_000))
    #expect(owed == [other])
    let file = daemon.fileRecords()[0]
    #expect(file.completedTransfers == 1 && file.orphanedTransfers == 1)
    #expect(daemon.devices[0].tasksOrphaned == 1)
  }

  @Test func theDeliveryQueueHandsEndingsOverInTheOrderTheyHappened() throws {
    var daemon = Self.daemon()
    var context = SimulationContext<TransferEvent>(seed: 1)
    // Created in one order (file 2 first), ending in the other (file 0 first).
    let late = try daemon.createTask(for: Self.transfer(2), resumingFrom: 0, &context)
    let middle = try daemon.createTask(for: Self.transfer(1), resumingFrom: 20_000_000, &context)
    let early = try daemon.createTask(for: Self.transfer(0), resumingFrom: 40_000_000, &context)
    let owed = try Self.run(&daemon, &context, until: VirtualTime(nanoseconds: 20_000_000_000))
    #expect(owed == [early, middle, late])
    let callbacks = Self.handOver(&daemon, user: 0, &context)
    #expect(callbacks.map(\.task) == [early, middle, late])
    #expect(callbacks.map(\.transfer.file) == [0, 1, 2])
    for callback in callbacks {
      guard case .completed(.download(let content), let bytes) = callback.outcome else {
        Issue.record("expected a completed download, got \(callback.outcome)")
        continue
      }
      #expect(content == .good && bytes == 50_000_000)
    }
    #expect(Self.handOver(&daemon, user: 0, &context).isEmpty, "each ending is handed over once")
    #expect(daemon.collect(early, &context) == nil)
  }

  @Test func aDeferredEndingWaitsAndAUserCancellationOwesNoEvent() throws {
    var daemon = Self.daemon()
    var context = SimulationContext<TransferEvent>(seed: 1)
    let cancelled = try daemon.createTask(for: Self.transfer(2), resumingFrom: 0, &context)
    let second = try daemon.createTask(for: Self.transfer(1), resumingFrom: 20_000_000, &context)
    let first = try daemon.createTask(for: Self.transfer(0), resumingFrom: 40_000_000, &context)
    daemon.cancel(cancelled, .user, &context)
    #expect(!daemon.isLive(cancelled))
    _ = try Self.run(&daemon, &context, until: VirtualTime(nanoseconds: 20_000_000_000))
    daemon.deferDelivery(first)
    #expect(Self.handOver(&daemon, user: 0, &context).map(\.task) == [second], "the deferred one waits")
    #expect(Self.handOver(&daemon, user: 0, includingDeferred: true, &context).map(\.task) == [first])
    #expect(Self.handOver(&daemon, user: 0, includingDeferred: true, &context).isEmpty)
  }

  @Test func aFailureCarriesItsResumeDataOrNone() throws {
    for resumeData in [1.0, 0.0] {
      var options = TransferWorldOptions()
      options.workload.filesPerUser = 1
      options.daemon.failure = 1
      options.daemon.resumeData = resumeData
      var daemon = TransferDaemon(TransferWorld.Settings(options))
      var context = SimulationContext<TransferEvent>(seed: 3)
      let task = try daemon.createTask(for: Self.transfer(0), resumingFrom: 0, &context)
      #expect(try Self.run(&daemon, &context, until: VirtualTime(nanoseconds: 100_000_000_000)) == [task])
      let callback = try #require(Self.handOver(&daemon, user: 0, &context).first)
      guard case .failed(let data) = callback.outcome else {
        Issue.record("expected a failure, got \(callback.outcome)")
        continue
      }
      let moved = daemon.snapshot(of: task).moved
      #expect(moved > 0 && moved < 50_000_000)
      #expect(data == (resumeData == 1 ? moved : nil))
    }
  }

  /// The throughput factor's rounding without the C library's `round`
  /// matches `max(1, (factor · 1000).rounded())`, halves included.
  @Test func thousandthsRoundAsTheStandardLibraryDoes() {
    var random = Xoshiro256StarStar(seed: 12)
    var factors: [Double] = [0, 0.0004, 0.0005, 0.0015, 0.7, 1, 1.3, 1.9995, 2, .nan]
    factors += (0..<2_000).map { Double($0) / 1_000 + 0.0005 }
    factors += (0..<20_000).map { _ in RandomConversion.unit(random.next()) * 2 }
    for factor in factors {
      let expected = factor.isNaN ? 1 : UInt32(max(1, (factor * 1_000).rounded()))
      #expect(TransferDaemon.thousandths(factor) == expected, "factor \(factor)")
    }
  }

  /// A device's tasks come back newest first whatever runs of slots they
  /// were created in, interleaved with another device's.
  @Test func aDevicesTasksAreWalkedNewestFirstAcrossRuns() throws {
    var daemon = Self.daemon()
    var context = SimulationContext<TransferEvent>(seed: 1)
    var created: [[Int]] = [[], []]
    for (file, attempt) in [(0, 1), (1, 1), (3, 1), (2, 1), (4, 1), (5, 1), (0, 2)] as [(Int, UInt16)] {
      let task = try daemon.createTask(for: Self.transfer(file, attempt: attempt), resumingFrom: 0, &context)
      created[file / 3].append(task.index)
    }
    for user in 0..<2 {
      var cursor = daemon.taskCursor(of: user)
      var walked: [Int] = []
      while let slot = daemon.nextTask(&cursor) { walked.append(slot) }
      #expect(walked == created[user].reversed(), "user \(user)")
    }
  }
}
