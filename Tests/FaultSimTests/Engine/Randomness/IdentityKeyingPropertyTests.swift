import Foundation
import Testing

@testable import FaultSim

/// SPEC §2.3, tested as a property of every world with races: flipping one
/// entity's race choice, or suppressing one of its faults, leaves every
/// *other* entity's fired faults and trace lines exactly as they were.
///
/// This is what keying draws by logical identity buys. A draw keyed by a
/// storage slot or a creation counter breaks it: one user's extra task (the
/// duplicate a race creates) shifts every later slot and changes other
/// users' faults — the bug these tests were written against.
@Suite struct IdentityKeyingPropertyTests {
  /// How a world's runs are compared: which entity (user, operation) a
  /// trace line or a fault belongs to.
  struct Isolation<World: ScenarioWorld> {
    var options: World.Options
    /// The entity a trace line is about; `nil` for lines about none.
    var owner: (TraceEntry) -> Int?
    /// The entity a fault or race key belongs to.
    var ownerOfKey: (DrawKey) -> Int

    /// A run with every fault recorded and a full trace.
    func run(seed: UInt64, strategy: OrderStrategy, faults: FaultMode) throws -> WorldRun<
      World.Metrics, World.FinalState
    > {
      try World.runOnce(options, seed: seed, strategy: strategy, tracing: true, faults: faults, simplifiesValues: false)
    }

    /// What `run` shows of every entity but `excluded`: its fired faults
    /// and its trace lines (lines about no entity included).
    func view(of run: WorldRun<World.Metrics, World.FinalState>, excluding excluded: Int) -> ([DrawKey], [String]) {
      let faults = run.firedFaults.filter { ownerOfKey($0) != excluded }
      let lines = run.trace.filter { owner($0) != excluded }.map(\.description)
      return (faults, lines)
    }

    /// Flips up to `races` race choices and suppresses up to `faults`
    /// faults per seed, one at a time, and checks the others are untouched.
    ///
    /// - Returns: How many flips and suppressions were checked (so a test
    ///   can insist the scenario exercised the property at all).
    func check(seeds: Range<UInt64>, races: Int, faults: Int) throws -> (flips: Int, suppressions: Int) {
      var flips = 0
      var suppressions = 0
      for seed in seeds {
        let base = try run(seed: seed, strategy: .fifo, faults: .recording)
        let fired = base.firedFaults
        // Spread the picks over the run: every k-th choice point and fault.
        let choices = base.summary.choices
        for choice in stride(from: 0, to: choices.count, by: max(1, choices.count / max(races, 1))).prefix(races)
          .map({ choices[$0] })
        {
          let entity = ownerOfKey(choice.race)
          let flipped = try run(
            seed: seed, strategy: .byRace([RaceAnswer(race: choice.race, chosen: 1)]), faults: .recording)
          let (before, beforeLines) = view(of: base, excluding: entity)
          let (after, afterLines) = view(of: flipped, excluding: entity)
          expectSame(before.map { "\($0)" }, after.map { "\($0)" }, "seed \(seed): flipping \(choice)", "faults")
          expectSame(beforeLines, afterLines, "seed \(seed): flipping \(choice)", "trace")
          flips += 1
        }
        for fault in stride(from: 0, to: fired.count, by: max(1, fired.count / max(faults, 1))).prefix(faults)
          .map({ fired[$0] })
        {
          let entity = ownerOfKey(fault)
          var allowed = Set(fired)
          allowed.remove(fault)
          let suppressed = try run(seed: seed, strategy: .fifo, faults: .restricted(allowed))
          let (before, beforeLines) = view(of: base, excluding: entity)
          let (after, afterLines) = view(of: suppressed, excluding: entity)
          expectSame(before.map { "\($0)" }, after.map { "\($0)" }, "seed \(seed): suppressing \(fault)", "faults")
          expectSame(beforeLines, afterLines, "seed \(seed): suppressing \(fault)", "trace")
          suppressions += 1
        }
      }
      return (flips, suppressions)
    }

    /// Equal line lists, reporting the first difference rather than both lists.
    func expectSame(_ before: [String], _ after: [String], _ what: String, _ part: String) {
      guard before != after else { return }
      let index = before.indices.first { $0 >= after.count || before[$0] != after[$0] } ?? before.count
      let was = index < before.count ? before[index] : "(none)"
      let now = index < after.count ? after[index] : "(none)"
      Issue.record("\(what) changed other entities' \(part) at entry \(index):\n  was: \(was)\n  now: \(now)")
    }
  }

  /// The number after the first `prefix` in any field of a trace line.
  static func number(after prefix: String, in entry: TraceEntry) -> Int? {
    for text in [entry.actor, entry.peer, entry.event, entry.details] {
      guard let range = text.range(of: prefix) else { continue }
      let digits = text[range.upperBound...].prefix { $0.isNumber }
      if let value = Int(digits) { return value }
    }
    return nil
  }

  // MARK: Transfer world: entities are users (devices)

  static func transferIsolation(_ options: TransferWorldOptions) -> Isolation<TransferWorld> {
    let perUser = options.workload.filesPerUser
    return Isolation(
      options: options,
      owner: { entry in
        if entry.kind == .race {
          // `race finish-vs-enqueue#<file>: …`: races are keyed by file.
          return Self.number(after: "#", in: entry).map { $0 / perUser }
        }
        return Self.number(after: "app#", in: entry) ?? Self.number(after: "daemon#", in: entry)
      },
      ownerOfKey: { Int(TransferWorld.user(of: $0, filesPerUser: perUser)) })
  }

  /// Relaunch races (finish vs enqueue), bad content, failures and
  /// cancellations, on many users: one user's flip creates or removes a
  /// task, which under slot keys renumbered every later user's tasks.
  @Test func aTransferRaceOrFaultChangesNothingForOtherUsers() throws {
    var options = TransferWorldOptions.podcastRelaunch(users: 12, reconcile: .byIdentifier)
    options.races.window = .nanoseconds(120_000_000_000)
    options.daemon.failure = 0.2
    options.daemon.errorPage = 0.2
    options.daemon.corruptedBytes = 0.1
    options.app.validation = .checksum
    options.app.userCancels = 0.1
    options.app.moveTiming = .afterReturn
    let checked = try Self.transferIsolation(options).check(seeds: 0..<6, races: 6, faults: 6)
    #expect(checked.flips >= 20, "the scenario must meet races: \(checked)")
    #expect(checked.suppressions >= 20, "the scenario must fire faults: \(checked)")
  }

  /// Uploads: the 413 rejection is keyed by the transfer too, and a user's
  /// uploads sharing the user's uplink change nothing for other users
  /// either. On a shared uplink ten 20–120 MB uploads rarely finish near
  /// the relaunch, so there the files are ten times smaller, to meet races.
  @Test(arguments: TransferWorldOptions.Daemon.Uplink.allCases)
  func anUploadRaceOrRejectionChangesNothingForOtherUsers(uplink: TransferWorldOptions.Daemon.Uplink) throws {
    var options = TransferWorldOptions.podcastRelaunch(users: 12, reconcile: .blind)
    options.workload.kind = .upload
    options.daemon.uplink = uplink
    if uplink == .shared {
      options.workload.minimumBytes /= 10
      options.workload.maximumBytes /= 10
    }
    options.races.window = .nanoseconds(120_000_000_000)
    options.daemon.rejection = 0.3
    options.daemon.failure = 0.2
    let checked = try Self.transferIsolation(options).check(seeds: 0..<4, races: 6, faults: 6)
    #expect(checked.flips >= 10 && checked.suppressions >= 10, "\(checked)")
  }

  // MARK: Request world: entities are operations

  static func requestIsolation(_ options: RequestWorldOptions) -> Isolation<RequestWorld> {
    Isolation(
      options: options,
      owner: { entry in
        Self.number(after: "client#", in: entry) ?? Self.number(after: "op=", in: entry)
          ?? (entry.kind == .race ? Self.number(after: "#", in: entry) : nil)
      },
      ownerOfKey: { Int($0.entity) })
  }

  /// Without shared resources (no capacity queue, no contended record, no
  /// shared retry budget) operations are independent: one operation's race
  /// or lost message changes nothing about another.
  @Test func aRequestRaceOrFaultChangesNothingForOtherOperations() throws {
    var options = RequestWorldOptions.checkoutReference(orders: 60)
    options.network.requestLoss = 0.2
    options.network.responseLoss = 0.2
    options.network.connectionLost = 0.05
    options.server.failureAfterCommit = 0.05
    options.races.window = VirtualDuration(nanoseconds: 1_000_000_000)
    let checked = try Self.requestIsolation(options).check(seeds: 0..<8, races: 6, faults: 6)
    #expect(checked.flips >= 20, "the scenario must meet races: \(checked)")
    #expect(checked.suppressions >= 40, "\(checked)")
  }

  // MARK: Background-fetch world: entities are users

  @Test func aFetchRaceOrFailureChangesNothingForOtherUsers() throws {
    let scenario = try Scenario.load(path: Self.scenarioPath("background-fetch"))
    guard var options = BackgroundFetchWorld.options(of: scenario.world) else {
      Issue.record("background-fetch.json is not a background-fetch scenario")
      return
    }
    options.population.users = 12
    options.fetch.failure = 0.3
    options.races.window = .nanoseconds(3_600_000_000_000)
    let isolation = Isolation<BackgroundFetchWorld>(
      options: options,
      owner: { entry in
        // `race snapshot-vs-content#<user>: …`: the fetch race is keyed by user.
        entry.kind == .race
          ? Self.number(after: "#", in: entry)
          : Self.number(after: "app#", in: entry) ?? Self.number(after: "user#", in: entry)
      },
      ownerOfKey: { Int($0.entity) })
    let checked = try isolation.check(seeds: 0..<4, races: 6, faults: 6)
    #expect(checked.flips >= 10 && checked.suppressions >= 10, "\(checked)")
  }

  static func scenarioPath(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("scenarios/\(name).json").path
  }
}
