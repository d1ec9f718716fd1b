import Testing

@testable import FaultSim

/// The app driven on its own, against a recording session instead of the
/// daemon: everything it asks of the OS goes through its
/// ``BackgroundTransferSession``, and everything it learns arrives as a
/// ``TransferCallback``.
@Suite struct TransferAppTests {
  /// A session that lists what the test says is running and records what
  /// the app asks for.
  struct RecordingSession: BackgroundTransferSession {
    var live: [TransferAttemptIdentity] = []
    var created: [(transfer: TransferAttemptIdentity, resumeFrom: UInt64)] = []
    var cancelled: [(TransferTaskID, TaskCancellation)] = []
    var connected: [SessionIdentifier] = []

    mutating func connect(user: Int, to session: SessionIdentifier) { connected.append(session) }

    mutating func createTask(
      for transfer: TransferAttemptIdentity, resumingFrom resumeFrom: UInt64,
      _ context: inout SimulationContext<TransferEvent>
    ) throws(SimulationError) -> TransferTaskID {
      created.append((transfer, resumeFrom))
      return TransferTaskID(slot: 100 + created.count)
    }

    mutating func cancel(
      _ task: TransferTaskID, _ reason: TaskCancellation, _ context: inout SimulationContext<TransferEvent>
    ) {
      cancelled.append((task, reason))
    }

    func allTasks(of user: Int, into tasks: inout [TransferTaskSnapshot]) {
      tasks = live.enumerated().map { index, transfer in
        TransferTaskSnapshot(task: TransferTaskID(slot: index), transfer: transfer, state: .running, moved: 0)
      }
    }
  }

  typealias BuiltInApp = TransferApp<BuiltInReconciler, BuiltInCompletionHandler, BuiltInReconcileJobHandler>

  static func app(_ configure: (inout TransferWorldOptions) -> Void = { _ in }) -> BuiltInApp {
    var options = TransferWorldOptions()
    options.workload.filesPerUser = 3
    configure(&options)
    return BuiltInApp(
      TransferWorld.Settings(options),
      decisions: TransferAppDecisions(
        options, reconciler: BuiltInReconciler(), completion: BuiltInCompletionHandler(),
        job: BuiltInReconcileJobHandler()))
  }

  @Test func theFirstLaunchEnqueuesEveryFileThroughTheSession() throws {
    var app = Self.app()
    var session = RecordingSession()
    var context = SimulationContext<TransferEvent>(seed: 1)
    try app.open(0, .first, session: &session, &context)
    #expect(session.created.map(\.transfer) == (0..<3).map { TransferAttemptIdentity(file: $0, attempt: 1) })
    #expect(app.records.allSatisfy { $0.row.state == .active && $0.row.attempts == 1 })
    #expect(app.currentTask(of: 2) == TransferTaskID(slot: 103))
    #expect(app.state(of: 0) == .foreground)
  }

  @Test func theReconcileDecidesFromWhatTheSessionListsAndTheRows() throws {
    for (policy, expected) in [(ReconcilePolicy.blind, [0, 1, 2]), (.byIdentifier, [0, 2]), (.state, [0, 2])] {
      var app = Self.app { $0.app.reconcile = policy }
      var session = RecordingSession()
      var context = SimulationContext<TransferEvent>(seed: 1)
      try app.open(0, .first, session: &session, &context)
      session.created.removeAll()
      // File 1's task still runs; the others' tasks are gone.
      session.live = [TransferAttemptIdentity(file: 1, attempt: 1)]
      try app.reconcile(0, by: .launch, session: &session, &context)
      #expect(session.created.map(\.transfer.file) == expected, "\(policy)")
      #expect(session.created.allSatisfy { $0.transfer.attempt == 2 && $0.resumeFrom == 0 })
    }
  }

  @Test func aFailureOfTheRowsTaskIsRetriedFromItsResumeDataAStaleOneIsNot() throws {
    for usesResumeData in [true, false] {
      var app = Self.app { $0.app.usesResumeData = usesResumeData }
      var session = RecordingSession()
      var context = SimulationContext<TransferEvent>(seed: 1)
      try app.open(0, .first, session: &session, &context)
      session.created.removeAll()
      let current = try #require(app.currentTask(of: 1))
      let failure = TransferCallback(
        task: current, transfer: TransferAttemptIdentity(file: 1, attempt: 1),
        outcome: .failed(resumeData: 1_234), fileHadConcurrentTasks: false)
      try app.receive(failure, session: &session, &context)
      #expect(session.created.count == 1)
      #expect(session.created.first?.transfer == TransferAttemptIdentity(file: 1, attempt: 2))
      #expect(session.created.first?.resumeFrom == (usesResumeData ? 1_234 : 0))
      // The old task's failure arrives again, late: the row has moved on.
      try app.receive(failure, session: &session, &context)
      #expect(session.created.count == 1, "a stale callback creates nothing")
    }
  }

  @Test func theCompletionHandlerValidatesStoresAndCountsDuplicates() throws {
    var app = Self.app { $0.app.validation = .status }
    var session = RecordingSession()
    var context = SimulationContext<TransferEvent>(seed: 1)
    try app.open(0, .first, session: &session, &context)
    session.created.removeAll()
    let tasks = try (0..<3).map { file in try #require(app.currentTask(of: file)) }
    func completion(_ file: Int, _ content: DownloadContent) -> TransferCallback {
      TransferCallback(
        task: tasks[file], transfer: TransferAttemptIdentity(file: file, attempt: 1),
        outcome: .completed(.download(content), bytes: 50_000_000), fileHadConcurrentTasks: false)
    }
    // An error status is caught and fetched again; an error page with 200
    // passes a status check and is stored corrupt.
    let errorStatus = completion(0, .errorStatus)
    try app.receive(errorStatus, session: &session, &context)
    #expect(session.created.map(\.transfer.file) == [0] && !app.records[0].result.stored)
    let errorPage = completion(1, .errorPage)
    try app.receive(errorPage, session: &session, &context)
    #expect(app.records[1].result.stored && app.records[1].result.corrupt && app.records[1].row.state == .done)
    let good = completion(2, .good)
    try app.receive(good, session: &session, &context)
    #expect(app.records[2].result.usefulBytes == 50_000_000 && !app.records[2].result.corrupt)
  }

  @Test func anExpiringJobCancelsOnlyWithTheWrongHandler() throws {
    for cancels in [false, true] {
      var app = Self.app {
        var job = TransferWorldOptions.ReconcileJob()
        job.expirationCancelsTransfers = cancels
        $0.reconcileJob = job
      }
      var session = RecordingSession()
      session.live = [TransferAttemptIdentity(file: 0, attempt: 1), TransferAttemptIdentity(file: 2, attempt: 1)]
      var context = SimulationContext<TransferEvent>(seed: 1)
      #expect(app.decisions.jobSchedule != nil)
      let cancelled = app.reconcileJobExpired(0, session: &session, &context)
      #expect(cancelled.count == (cancels ? 2 : 0))
      #expect(session.cancelled.allSatisfy { $0.1 == .app } && session.cancelled.count == cancelled.count)
    }
  }
}
