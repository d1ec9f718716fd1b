/// The measurement blocks of the two seed lessons, recomputed by FaultSim's
/// own models and printed exactly as the lessons print them.
///
/// Every line is computed: the transfer list and reconcile policies, the
/// failure classification, the ledger, the retry loop on the engine and the
/// two worlds. Nothing is copied from the lesson text.
package enum SeedLesson: String, CaseIterable, Sendable {
  /// Seed 000: blind versus by-identifier re-enqueue at relaunch.
  case relaunch
  /// Seed 000: a transfer finishing versus the app enqueueing it.
  case finishEnqueueRace = "finish-enqueue-race"
  /// Seed 004: classification, the retry loop, keyless versus keyed orders.
  case retry
  /// Seed 004: request lost versus response lost.
  case twoWorlds = "two-worlds"

  /// Which seed document the block comes from.
  package var seedDocument: String {
    switch self {
    case .relaunch, .finishEnqueueRace: return "000 background transfer"
    case .retry, .twoWorlds: return "004 error and retry"
    }
  }

  /// One sentence on what the block measures.
  package var summary: String {
    switch self {
    case .relaunch:
      return "re-enqueueing at relaunch: blind duplicates the running transfer, by identifier is robust"
    case .finishEnqueueRace:
      return "finish and enqueue in either order: the result depends on the order"
    case .retry:
      return "failure classes, a lost response retried with and without a key, spending the budget"
    case .twoWorlds:
      return "request lost versus response lost: same observation, different ledgers"
    }
  }

  /// The block's lines, computed.
  package func lines() throws(SimulationError) -> [String] {
    switch self {
    case .relaunch: return Self.relaunchLines()
    case .finishEnqueueRace: return Self.raceLines()
    case .retry: return try Self.retryLines()
    case .twoWorlds: return try Self.twoWorldsLines()
    }
  }

  /// All four blocks, separated by an empty line, each line ending in a
  /// newline.
  package static func report(_ lessons: [SeedLesson] = allCases) throws(SimulationError) -> String {
    var blocks: [String] = []
    for lesson in lessons {
      blocks.append(try lesson.lines().map { $0 + "\n" }.joined())
    }
    return blocks.joined(separator: "\n")
  }

  // MARK: Seed 000

  /// At relaunch the OS is still downloading `a.zip`, and the app wants it.
  static func relaunchLines() -> [String] {
    let reopened = TransferList(["a.zip"])
    let wanted = ["a.zip"]
    let trials = [
      (ReconcilePolicy.blind, "denetlemeden-kuyruga-al"),
      (ReconcilePolicy.byIdentifier, "tanimlayiciya-gore"),
    ].map { policy, label in
      replay(label, from: reopened, policy.enqueueing(wanted), then: policy.enqueueing(wanted))
    }
    return trials.map(\.lessonLine) + SensitivityTally(trials.map(\.sensitivity)).lessonLines
  }

  static func raceLines() -> [String] {
    let running = TransferList(["a.zip"])
    let trial = replay(
      "bitme-ve-kuyruk", from: running, { $0.finishing("a.zip") },
      then: ReconcilePolicy.byIdentifier.enqueueing(["a.zip"]))
    return [trial.lessonLine] + SensitivityTally([trial.sensitivity]).lessonLines
  }

  // MARK: Seed 004

  static func retryLines() throws(SimulationError) -> [String] {
    let classes: [(String, AttemptFailure)] = [
      ("zaman-asimi", .timeout), ("baglanti-yok", .offline),
      ("sunucu-503", .server(503)), ("istemci-404", .client(404)),
    ]
    var lines = classes.map { label, failure in "\(label): \(failure.isRetryable)" }
    for (label, key) in [("anahtarsiz", nil), ("anahtarli", "k-9")] as [(String, String?)] {
      let world = try SingleOrderWorld.run(.init(budget: 3, key: key, lostResponses: [1]))
      lines.append("\(label): deneme=\(world.attempts) defter=\(world.ledger)")
    }
    let item = SingleOrderWorld.item
    let keyless = replay(
      "anahtarsiz-siparis", from: Ledger(), { $0.placing(item, key: nil) }, then: { $0.placing(item, key: nil) })
    let keyed = replay(
      "anahtarli-siparis", from: Ledger(), { $0.placing(item, key: "k-9") }, then: { $0.placing(item, key: "k-9") })
    let spending = replay(
      "butce-harca", from: AttemptBudget(3), { $0.spending() }, then: { $0.spending() })
    lines += [keyless.lessonLine, keyed.lessonLine, spending.lessonLine]
    lines += SensitivityTally([keyless.sensitivity, keyed.sensitivity, spending.sensitivity]).lessonLines
    return lines
  }

  /// One attempt whose response is lost versus one whose request is lost.
  static func twoWorldsLines() throws(SimulationError) -> [String] {
    let responseLost = try SingleOrderWorld.run(.init(budget: 1, lostResponses: [1]))
    let requestLost = try SingleOrderWorld.run(.init(budget: 1, lostRequests: [1]))
    return [
      "istemcinin gordugu esit mi: \(responseLost.observations == requestLost.observations)",
      "sunucudaki defter esit mi: \(responseLost.ledger == requestLost.ledger)",
    ]
  }
}
