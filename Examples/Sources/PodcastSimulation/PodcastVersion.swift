import FaultSim
import Podcasts

/// Which reconcile the podcast app runs, by name: what `podcast-trace`
/// takes on its command line.
public enum PodcastVersion: String, CaseIterable, Sendable {
  /// ``EnqueueAll``: the registry taken for the truth.
  case enqueueAll = "enqueue-all"
  /// ``EnqueueIfMissing``: only what the OS does not list.
  case enqueueIfMissing = "enqueue-if-missing"
  /// ``EnqueueIfStillMissing``: only what the OS does not list, after the
  /// events it owes.
  case enqueueIfStillMissing = "enqueue-if-still-missing"

  /// The reconcile's type: `EnqueueAll`.
  public var reconcileName: String {
    switch self {
    case .enqueueAll: "\(EnqueueAll.self)"
    case .enqueueIfMissing: "\(EnqueueIfMissing.self)"
    case .enqueueIfStillMissing: "\(EnqueueIfStillMissing.self)"
    }
  }

  /// What `podcast-trace` prints for this version: a header, the timeline
  /// of one seed of the shipped scenario `scenario` with `users` users (one
  /// line per event, the downloader's own decisions among them), and what
  /// happened to the episodes. The same seed gives the same text in every
  /// process.
  ///
  /// - Parameters:
  ///   - order: The races' answers in the order the run meets them (a
  ///     sequence ``exploration(seed:users:scenario:limit:)`` prints), or
  ///     `nil` for FIFO.
  /// - Throws: `ScenarioError` for an unknown scenario or a bad number of
  ///   users, `UnsupportedScenarioError` for one that is not a download
  ///   scenario, `SimulationError` when the run fails.
  public func timeline(
    seed: UInt64, users: Int, scenario: String = "podcast-relaunch-blind", order: [Int]? = nil
  ) throws -> String {
    let loaded = try Self.load(scenario, users: users)
    let strategy = order.map { OrderStrategy.replay($0) } ?? .fifo
    let run: WorldRun<TransferMetrics, EntityStates<TransferFileOutcome>> =
      switch self {
      case .enqueueAll:
        try loaded.transferWorld(app: PodcastApp<EnqueueAll>.self).runOnce(
          seed: seed, strategy: strategy, tracing: true)
      case .enqueueIfMissing:
        try loaded.transferWorld(app: PodcastApp<EnqueueIfMissing>.self).runOnce(
          seed: seed, strategy: strategy, tracing: true)
      case .enqueueIfStillMissing:
        try loaded.transferWorld(app: PodcastApp<EnqueueIfStillMissing>.self).runOnce(
          seed: seed, strategy: strategy, tracing: true)
      }
    var text = "== PodcastDownloader with \(reconcileName), seed \(seed), \(Self.users(users)) of \(scenario)"
    if let order { text += ", order \(Self.orderArgument(order))" }
    text += "\n"
    for entry in run.trace { text += "\(entry)\n" }
    let m = run.metrics
    text +=
      "\(m.duplicated) of \(m.files) episodes downloaded more than once, \(m.lost) not stored, \(m.corrupt) corrupt; "
      + "\(m.tasksCreated) download tasks, \(m.bytesWasted) bytes wasted\n"
    return text
  }

  /// What `podcast-trace --explore` prints: one seed run in every order of
  /// its races and of the app's concurrent tasks (at most `limit`), the
  /// distinct ways its episodes ended, how many orders end each way, and an
  /// order that ends otherwise than FIFO (for `--order`).
  ///
  /// - Throws: As ``timeline(seed:users:scenario:order:)``.
  public func exploration(
    seed: UInt64, users: Int, scenario: String = "finish-enqueue-race", limit: Int = 1000
  ) throws -> String {
    let loaded = try Self.load(scenario, users: users)
    let explored: InterleavingExploration<EntityStates<TransferFileOutcome>> =
      switch self {
      case .enqueueAll:
        try loaded.transferWorld(app: PodcastApp<EnqueueAll>.self).explore(seed: seed, limit: limit).exploration
      case .enqueueIfMissing:
        try loaded.transferWorld(app: PodcastApp<EnqueueIfMissing>.self).explore(seed: seed, limit: limit).exploration
      case .enqueueIfStillMissing:
        try loaded.transferWorld(app: PodcastApp<EnqueueIfStillMissing>.self).explore(seed: seed, limit: limit)
          .exploration
      }
    var text =
      "== PodcastDownloader with \(reconcileName), seed \(seed), \(Self.users(users)) of \(scenario), every order\n"
    let orders = explored.interleavings.count
    text += "\(orders) orders\(explored.isComplete ? " (all of them)" : " (of at least \(explored.knownOrders))"), "
    text += "\(explored.groups.count) outcome\(explored.groups.count == 1 ? "" : "s")"
    text += explored.isOrderSensitive ? ": order-sensitive\n" : ": the same in every order\n"
    for group in explored.groups {
      let files = group.outcome.entities.map {
        "\($0.name) \($0.stored ? "stored" : "not stored"), \($0.transfers)x\($0.concurrent ? " (2 tasks at once)" : "")"
      }
      text += "  \(group.members.count) orders: \(files.joined(separator: "; "))\n"
    }
    if let witness = explored.witness {
      text += "an order that ends otherwise: --order \(Self.orderArgument(witness.second.sequence))\n"
    }
    return text
  }

  /// Why the podcast app cannot run the shipped scenario `name` (there is
  /// none of that name, or it is not a download scenario), or `nil` when
  /// it can.
  public static func problem(withScenario name: String) -> String? {
    do {
      _ = try Scenario.shipped(name).transferWorld(app: PodcastApp<EnqueueAll>.self)
      return nil
    } catch {
      return "\(error)"
    }
  }

  /// `0,0,1`: an order as `--order` takes it.
  public static func orderArgument(_ order: [Int]) -> String {
    order.map(String.init).joined(separator: ",")
  }

  /// `1 user`, `20 users`.
  private static func users(_ count: Int) -> String { count == 1 ? "1 user" : "\(count) users" }

  /// The shipped scenario `name` with `users` users.
  private static func load(_ name: String, users: Int) throws -> Scenario {
    try Scenario.shipped(name, overrides: [try ScenarioOverride(parsing: "workload.users=\(users)")])
  }
}
