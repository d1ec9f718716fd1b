/// What one run or many exercised: the faults of each kind that fired and
/// the races of each kind that were met, for the kinds of one world's
/// ``DrawPurposeSet``.
///
/// A property that holds because its faults never fired is a false pass;
/// `faultsim run`, sweep tables (`faults_…`, `races_…` columns) and
/// ``ScenarioProperty`` reports show coverage so that it cannot go unseen.
public struct FaultCoverage<Draws: DrawPurposeSet>: Hashable, Sendable {
  /// Faults fired, by purpose.
  @usableFromInline package var faults = DrawTally()
  /// Races met (choice points answered), by purpose.
  @usableFromInline package var races = DrawTally()
  /// Races met whose answer was not the FIFO order, by purpose.
  @usableFromInline package var reordered = DrawTally()

  /// Nothing counted yet.
  @usableFromInline package init() {}

  /// Adds one run's faults and races. (One run's counts are far below
  /// 2⁶⁴; sums of many runs go through the checked ``merge(_:)``.)
  ///
  /// - Complexity: O(f + r) for the run's fault kinds and choice points.
  @usableFromInline package mutating func add(_ summary: RunSummary) {
    for (purpose, count) in zip(summary.faults.purposes, summary.faults.counts) {
      faults.record(purpose, count: count)
    }
    for choice in summary.choices {
      races.record(choice.race.purpose)
      if choice.chosen != 0 { reordered.record(choice.race.purpose) }
    }
  }

  /// Adds another coverage.
  ///
  /// - Throws: `MetricsOverflow` when a count would exceed `UInt64.max`.
  @usableFromInline package mutating func merge(_ other: FaultCoverage) throws(MetricsOverflow) {
    try faults.merge(other.faults, counting: "faults fired")
    try races.merge(other.races, counting: "races met")
    try reordered.merge(other.reordered, counting: "races reordered")
  }

  /// What is inconsistent in counts read from a partial table of a sweep,
  /// or nil: a purpose that is not one of the world's fault (or race)
  /// kinds, a zero count, more races reordered than met, or fewer races met
  /// than `seedsWithRaces` (every such seed met at least one).
  func inconsistency(seedsWithRaces: UInt64) -> String? {
    let faultKinds = Set(Draws.faults.map(\.purpose))
    let raceKinds = Set(Draws.raceKinds.map(\.purpose))
    for (tally, kinds, what) in [
      (faults, faultKinds, "fault"), (races, raceKinds, "race"), (reordered, raceKinds, "race"),
    ] {
      for (purpose, count) in zip(tally.purposes, tally.counts) {
        guard kinds.contains(purpose) else { return "purpose \(purpose.rawValue) is not a \(what) kind of this world" }
        guard count > 0 else { return "a count of 0 for purpose \(purpose.rawValue)" }
      }
    }
    for (purpose, count) in zip(reordered.purposes, reordered.counts) where count > races.count(of: purpose) {
      return "\(count) races of purpose \(purpose.rawValue) reordered, but \(races.count(of: purpose)) met"
    }
    var met = WideCount()
    for count in races.counts { met.add(count, times: 1) }
    guard !(met < WideCount(seedsWithRaces)) else {
      return "\(met) races met, fewer than the \(seedsWithRaces) seeds that met a race"
    }
    return nil
  }

  /// How often faults (or races, for a race kind) of `kind` fired (were met).
  public func count(_ kind: Draws) -> UInt64 {
    kind.role == .race ? races.count(of: kind.purpose) : faults.count(of: kind.purpose)
  }

  /// The kinds of `required` that never fired or were never met.
  @usableFromInline package func missing(_ required: [Draws]) -> [Draws] {
    kinds(of: required, fired: false)
  }

  /// The kinds of `kinds` that fired (were met), or that never did, in
  /// order.
  ///
  /// A loop rather than `filter`: this code is generic over `Draws`, where
  /// `filter` is not specialised and asks the runtime for the metadata of
  /// its generic types, about 56,000 instructions a call when a command
  /// prints its one report.
  ///
  /// - Complexity: O(`kinds.count`).
  func kinds(of kinds: [Draws], fired: Bool) -> [Draws] {
    var result: [Draws] = []
    for kind in kinds where (count(kind) > 0) == fired { result.append(kind) }
    return result
  }

  /// Lines for a report: the fault kinds that fired with their counts and
  /// those that never did; the same for races.
  @usableFromInline package var reportLines: [(String, String)] {
    reportLines { _, kinds in kinds.map(\.name).joined(separator: ", ") }
  }

  /// ``reportLines`` with the `never fired` and `never met` lines' text
  /// made by `quiet` from the line's label and its kinds (never empty): a
  /// report that shows a long list as a count does not make the names.
  package func reportLines(quiet: (_ label: String, _ kinds: [Draws]) -> String) -> [(String, String)] {
    func list(_ kinds: [Draws], _ text: (Draws) -> String) -> String {
      kinds.isEmpty ? "none" : kinds.map(text).joined(separator: ", ")
    }
    let fired = kinds(of: Draws.faults, fired: true)
    let met = kinds(of: Draws.raceKinds, fired: true)
    var lines = [("faults fired", list(fired) { "\($0.name) \(count($0))" })]
    let quietFaults = kinds(of: Draws.faults, fired: false)
    if !quietFaults.isEmpty { lines.append(("never fired", quiet("never fired", quietFaults))) }
    lines.append(
      (
        "races met",
        list(met) {
          let other = reordered.count(of: $0.purpose)
          return "\($0.name) \(count($0))" + (other > 0 ? " (\(other) not in FIFO order)" : "")
        }
      ))
    let unmet = kinds(of: Draws.raceKinds, fired: false)
    if !unmet.isEmpty { lines.append(("never met", quiet("never met", unmet))) }
    return lines
  }

  /// The column names of `fields`: `faults_<kind>` for every fault kind,
  /// `races_<kind>` for every race kind, in declaration order.
  @usableFromInline package static var columns: [String] {
    Draws.faults.map { "faults_" + $0.columnName } + Draws.raceKinds.map { "races_" + $0.columnName }
  }

  /// The counts in ``columns`` order.
  @usableFromInline package var fields: [String] {
    Draws.faults.map { "\(count($0))" } + Draws.raceKinds.map { "\(count($0))" }
  }

  /// The counts as text: faults, races and reordered races
  /// (``DrawTally/encoded``) separated by `/`.
  package var encoded: String { "\(faults.encoded)/\(races.encoded)/\(reordered.encoded)" }

  /// Reads counts written by ``encoded``; `nil` for malformed text.
  package init?(encoded text: Substring) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 3, let faults = DrawTally(encoded: parts[0]), let races = DrawTally(encoded: parts[1]),
      let reordered = DrawTally(encoded: parts[2])
    else { return nil }
    self.faults = faults
    self.races = races
    self.reordered = reordered
  }
}
