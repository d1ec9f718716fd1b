import Foundation
import Testing

@testable import FaultSim

/// Partial tables and checkpoints that were edited, damaged or forged are
/// refused with the file, record and field, never merged or resumed into a
/// wrong table; sums never wrap around.
@Suite struct PartialTableIntegrityTests {
  static func sweep(seeds: UInt64 = 24) throws -> Sweep<RequestWorld> {
    try Sweep<RequestWorld>(
      file: "small.json", bytes: Array(SweepExecutionTests.scenario.utf8), settings: [],
      grid: SweepGrid(axes: [try SweepGrid.Axis(parsing: "network.responseLoss=0.1,0.3")]),
      seeds: try SeedRange(0, seeds))
  }

  /// The parts of a sweep run as `count` shards.
  static func parts(_ sweep: Sweep<RequestWorld>, count: Int) throws -> [PartialTable] {
    try (1...count).map { index in
      let execution = try SweepExecution(sweep: sweep, shard: try SweepShard(index: index, count: count))
      _ = try execution.run(jobs: 1)
      return execution.partialTable()
    }
  }

  /// `text` with one field of one record changed, as a person editing the
  /// file would: through CSV, without touching anything else.
  static func edit(_ text: String, record: Int, column: String, _ change: (String) -> String) throws -> String {
    var records = try CSVReader.records(text)
    let index = try #require(records[0].firstIndex(of: column), "no column \(column)")
    records[record - 1][index] = change(records[record - 1][index])
    return records.map(CSVWriter.record).joined()
  }

  /// A row's partial sum, decoded without checks (to forge one).
  static func cell(_ row: PartialTable.Row) throws -> Sweep<RequestWorld>.CellResult {
    try Sweep<RequestWorld>.CellResult(
      decodingState: row.state, seedsWithRaces: row.seedsWithRaces, orderSensitiveSeeds: row.orderSensitiveSeeds)
  }

  /// The message merging `parts` fails with, or "merged".
  static func mergeMessage(_ parts: [(file: String, text: String)]) -> String {
    do {
      let tables = try parts.map { ($0.file, try PartialTable(parsing: $0.text, file: $0.file)) }
      _ = try Sweep<RequestWorld>.merge(tables)
      return "merged"
    } catch {
      return "\(error)"
    }
  }

  /// Edits a person might make to a part: a counter in the state, a
  /// histogram count, the race counts, the seeds, a label.
  static let edits: [(column: String, change: @Sendable (String) -> String)] = [
    ("state", { $0.replacingOccurrences(of: "^([0-9]+);([0-9]+);", with: "$1;9$2;", options: .regularExpression) }),
    ("state", { $0.replacingOccurrences(of: ":1,", with: ":2,") }),
    ("seeds_with_races", { String(UInt64($0)! + 1) }),
    ("order_sensitive_seeds", { String(UInt64($0)! + 1) }),
    ("seed_ranges", { $0.replacingOccurrences(of: "0..<", with: "1..<") }),
    ("network.responseLoss", { $0 + "5" }),
  ]

  @Test(arguments: 0..<6)
  func aNumberEditedInAPartIsRefusedNamingTheFileAndRecord(edit: Int) throws {
    let sweep = try Self.sweep()
    let parts = try Self.parts(sweep, count: 2)
    let original = parts[0].csv
    let (column, change) = Self.edits[edit]
    let edited = try Self.edit(original, record: 3, column: column, change)
    #expect(edited != original, "the edit changed something")
    #expect(Self.mergeMessage([("part-1.csv", original), ("part-2.csv", parts[1].csv)]) == "merged")
    let message = Self.mergeMessage([("part-1.csv", edited), ("part-2.csv", parts[1].csv)])
    #expect(message.hasPrefix("part-1.csv: record 3"), "\(column): \(message)")
    #expect(message.contains("edited or damaged"), "\(column): \(message)")
  }

  @Test func anEditedCheckpointIsNotResumed() throws {
    let sweep = try Self.sweep()
    let execution = SweepExecution(sweep: sweep, chunkSeeds: 4)
    #expect(try execution.run(jobs: 1))
    let text = execution.partialTable().csv
    let reread = try PartialTable(parsing: text, file: "sweep.checkpoint")
    #expect(throws: Never.self) { try SweepExecution(sweep: sweep, resume: reread) }
    let edited = try Self.edit(text, record: 4, column: "state") { $0.replacingOccurrences(of: ";", with: ";1") }
    #expect {
      try PartialTable(parsing: edited, file: "sweep.checkpoint")
    } throws: { error in
      "\(error)".hasPrefix("sweep.checkpoint: record 4: its contents do not match its record_digest")
    }
  }

  /// A row whose digest is right but whose numbers cannot all be true (a
  /// forged file, or a bug): the world's invariants catch it.
  @Test func numbersThatContradictEachOtherAreRefusedNamingTheInvariant() throws {
    let sweep = try Self.sweep()
    // Cell 0's seeds 0..<16 in part 1, 16..<24 in part 2.
    let parts = try Self.parts(sweep, count: 3)
    func message(_ change: (inout PartialTable.Row, inout Sweep<RequestWorld>.CellResult) -> Void) throws -> String {
      var part = parts[0]
      let state = part.rows[0].state
      var result = try Self.cell(part.rows[0])
      change(&part.rows[0], &result)
      if part.rows[0].state == state { part.rows[0].state = result.encodedState }
      return Self.mergeMessage([
        ("part-1.csv", part.csv), ("part-2.csv", parts[1].csv), ("part-3.csv", parts[2].csv),
      ])
    }
    #expect(try message { _, _ in } == "merged")
    let duplicated = try message { _, cell in cell.metrics.duplicated = cell.metrics.operations + 1 }
    #expect(duplicated.hasPrefix("part-1.csv: record 3 (cell 0), field state: duplicated + lost ("), "\(duplicated)")
    #expect(duplicated.contains(") > operations ("))
    let completion = try message { _, cell in cell.metrics.succeeded -= 1 }
    #expect(completion.contains("completion.count ("), "\(completion)")
    let runs = try message { _, cell in cell.metrics.runs += 1 }
    #expect(runs.contains("runs (17) ≠ the 16 seeds the row covers"), "\(runs)")
    let races = try message { row, _ in row.seedsWithRaces = 17 }
    #expect(races.contains("record 3, field seeds_with_races: 17 seeds met a race, but the row covers 16"), "\(races)")
    let sensitive = try message { row, _ in
      row.seedsWithRaces = 2
      row.orderSensitiveSeeds = 3
    }
    #expect(sensitive.contains("field order_sensitive_seeds: 3 seeds are order-sensitive, but only 2"), "\(sensitive)")
    let plus = try message { row, _ in row.state = row.state.replacingOccurrences(of: "|", with: "|+") }
    #expect(plus.contains("histogram completion"), "\(plus)")
    let outside = try message { row, _ in row.ranges = [try! SeedRange(0, 17)] }
    #expect(outside.contains("field seed_ranges: '0..<17' is not a seed range of this shard's slice"), "\(outside)")
    let label = try message { row, _ in row.axisValues = ["0.2"] }
    #expect(label.contains("differ from those of cell 0 in"), "\(label)")
    // Fault and race counts: a purpose of no fault kind, races reordered
    // in FIFO runs, fewer races met than seeds that met one.
    let purpose = try message { _, cell in cell.coverage.faults.record(DrawPurpose(rawValue: 999_999)) }
    #expect(purpose.contains("purpose 999999 is not a fault kind of this world"), "\(purpose)")
    let race = RequestDraw.raceKinds[0].purpose
    let reordered = try message { row, cell in
      row.seedsWithRaces = 1
      cell.coverage.races.record(race)
      cell.coverage.reordered.record(race)
    }
    #expect(reordered.contains("races reordered in a sweep's FIFO runs"), "\(reordered)")
    let fewer = try message { row, _ in row.seedsWithRaces = 3 }
    #expect(fewer.contains("races met, fewer than the 3 seeds that met a race"), "\(fewer)")
  }

  @Test func sumsThatOverflowAreRefusedInsteadOfWrapping() throws {
    let sweep = try Self.sweep()
    var parts = try Self.parts(sweep, count: 3)
    // Parts 1 and 2 hold seeds of cell 0; their makespans are huge but
    // each part is consistent on its own.
    for index in 0..<2 {
      var cell = try Self.cell(parts[index].rows[0])
      cell.metrics.makespanTotal = UInt64.max / 2 + 1
      parts[index].rows[0].state = cell.encodedState
    }
    let message = Self.mergeMessage(parts.enumerated().map { ("part-\($0.offset + 1).csv", $0.element.csv) })
    #expect(
      message.hasPrefix(
        "part-2.csv: record 3 (cell 0): adding it to the other parts: the sum of makespan_total_ns exceeds"),
      "\(message)")
    var a = RequestMetrics()
    a.attempts = .max
    var b = RequestMetrics()
    b.attempts = 1
    #expect(throws: MetricsOverflow(counter: "attempts")) { try a.merge(b) }
  }

  @Test func theShippedBackgroundFetchScenarioSumsAThousandSeedsWithoutOverflow() throws {
    // 200 users over 72 h: in nanoseconds, user time overflowed 64 bits
    // after 356 seeds and wake_ups_per_user_day came out as 142 instead of 16.
    let scenario = try Scenario.load(path: ScenarioTests.folder.appendingPathComponent("background-fetch.json").path)
    guard let options = BackgroundFetchWorld.options(of: scenario.world) else {
      throw ScenarioError(file: "", message: "world")
    }
    let one = try BackgroundFetchWorld.runOnce(options, seed: 1).metrics
    var total = one
    for _ in 1..<1_000 { try total.merge(one) }
    #expect(total.users == 200_000)
    #expect(abs(total.wakeUpsPerUserDay - one.wakeUpsPerUserDay) < 1e-9)
    #expect(abs(total.meanStaleness - one.meanStaleness) / one.meanStaleness < 1e-12)
    #expect(total.invariantViolation() == nil)
  }

  @Test func aPartOfTheOlderFormatIsRefusedWithTheReason() throws {
    let part = try Self.parts(try Self.sweep(), count: 1)[0].csv
    var records = try CSVReader.records(part)
    let digest = try #require(records[0].firstIndex(of: "record_digest"))
    for index in records.indices {
      records[index].remove(at: digest)
      if index > 0 { records[index][0] = "1" }
    }
    let old = records.map(CSVWriter.record).joined()
    #expect {
      try PartialTable(parsing: old, file: "old.csv")
    } throws: { error in
      "\(error)".hasPrefix("old.csv: record 2: partial-table format 1 was written by an earlier FaultSim")
    }
  }

  @Test func aCheckpointWithARowTwiceOrOfAnotherSweepIsNotResumed() throws {
    let sweep = try Self.sweep()
    let execution = SweepExecution(sweep: sweep)
    _ = try execution.run(jobs: 1)
    var twice = execution.partialTable()
    twice.rows.append(twice.rows[0])
    #expect {
      try PartialTable(parsing: twice.csv, file: "c")
    } throws: { error in
      "\(error)" == "c: record 5 (cell 0): a second row for cell 0"
    }
    var relabelled = execution.partialTable()
    relabelled.rows[1].cellDigest = relabelled.rows[0].cellDigest
    let reread = try PartialTable(parsing: relabelled.csv, file: "c")
    #expect {
      try SweepExecution(sweep: sweep, resume: reread)
    } throws: { error in
      "\(error)".hasPrefix("c: record 4 (cell 1): the cell's digest or values are not those of this sweep's cell 1")
    }
  }

  @Test func mergeNamesEveryMissingShard() throws {
    let parts = try Self.parts(try Self.sweep(), count: 5)
    let message = Self.mergeMessage([("p1", parts[0].csv), ("p4", parts[3].csv)])
    #expect(message == "shards 2/5, 3/5 and 5/5 are missing")
  }

  @Test func everyInvariantNamesCountersOfItsWorld() {
    let statements = [
      RequestMetrics.invariants.map(\.description), TransferMetrics.invariants.map(\.description),
      BackgroundFetchMetrics.invariants.map(\.description),
    ]
    for world in statements {
      #expect(!world.isEmpty)
      #expect(!world.contains { $0.contains("an unnamed") }, "\(world)")
    }
    #expect(statements[0].contains("completion.count = succeeded + failed + uncertain"))
    // Counter names are unique within a world.
    let names = [
      RequestMetrics.counters.map(\.name), TransferMetrics.counters.map(\.name),
      BackgroundFetchMetrics.counters.map(\.name),
    ]
    for world in names { #expect(Set(world).count == world.count, "\(world)") }
  }

  /// The invariants are facts about the models: every shipped scenario's
  /// runs, and their sums, satisfy them. (The fuzz test checks thousands
  /// of mutated scenarios the same way.)
  @Test func everyShippedScenarioSatisfiesItsWorldsInvariants() throws {
    for name in ScenarioTests.shipped {
      let scenario = try Scenario.load(path: ScenarioTests.folder.appendingPathComponent(name).path)
      let violations = Self.violations(scenario, seeds: 0..<4)
      #expect(violations.isEmpty, "\(name): \(violations)")
    }
  }

  /// The invariants each seed's run and the sum of all break, shrunk to a
  /// small size so that it stays fast.
  static func violations(_ scenario: Scenario, seeds: Range<UInt64>) -> [String] {
    func check<World: ScenarioWorld>(_ world: World.Type, _ options: World.Options) -> [String] {
      var found: [String] = []
      var total = World.Metrics()
      for seed in seeds {
        guard let run = try? World.runOnce(options, seed: seed, strategy: .fifo, tracing: false) else { continue }
        if let violation = run.metrics.invariantViolation() { found.append("seed \(seed): \(violation)") }
        do {
          try total.merge(run.metrics)
        } catch {
          found.append("\(error)")
        }
      }
      if let violation = total.invariantViolation() { found.append("sum: \(violation)") }
      return found
    }
    if var options = RequestWorld.options(of: scenario.world) {
      options.workload.operations = min(options.workload.operations, 200)
      return check(RequestWorld.self, options)
    } else if var options = TransferWorld.options(of: scenario.world) {
      options.workload.users = min(options.workload.users, 20)
      return check(TransferWorld.self, options)
    } else if var options = BackgroundFetchWorld.options(of: scenario.world) {
      options.population.users = min(options.population.users, 20)
      return check(BackgroundFetchWorld.self, options)
    }
    return ["a world this test does not know: \(scenario.world.name)"]
  }

  /// Each world's invariants can fail: a real run's metrics, changed so
  /// that one definition no longer holds, are caught.
  @Test func invariantsCatchImpossibleMetricsOfEveryWorld() throws {
    let transferScenario = try Scenario.load(
      path: ScenarioTests.folder.appendingPathComponent("podcast-relaunch-blind.json").path)
    guard var transfer = TransferWorld.options(of: transferScenario.world) else {
      throw ScenarioError(file: "", message: "")
    }
    transfer.workload.users = 10
    let files = try TransferWorld.runOnce(transfer, seed: 3).metrics
    #expect(files.invariantViolation() == nil)
    var lostTooMany = files
    lostTooMany.lost += 1
    #expect(lostTooMany.invariantViolation()?.hasPrefix("completion.count + lost (") == true)
    var wasted = files
    wasted.bytesWasted = wasted.bytesTransferred + 1
    #expect(wasted.invariantViolation()?.hasPrefix("bytes_wasted (") == true)

    let fetchScenario = try Scenario.load(
      path: ScenarioTests.folder.appendingPathComponent("background-fetch.json").path)
    guard var fetch = BackgroundFetchWorld.options(of: fetchScenario.world) else {
      throw ScenarioError(file: "", message: "")
    }
    fetch.population.users = 10
    let wakes = try BackgroundFetchWorld.runOnce(fetch, seed: 3).metrics
    #expect(wakes.invariantViolation() == nil)
    var killed = wakes
    killed.killed = killed.failed + 1
    #expect(killed.invariantViolation()?.hasPrefix("killed (") == true)
    var stale = wakes
    stale.stalenessTotalMicroseconds += stale.stalenessTotalMicroseconds / 10 + 1_000
    #expect(stale.invariantViolation()?.contains("is not the sum of the staleness values") == true)
    var users = wakes
    users.users += 1
    #expect(users.invariantViolation()?.hasPrefix("user_time_us (") == true, "\(users.invariantViolation() ?? "")")
  }
}
