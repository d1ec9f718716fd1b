import Foundation
import Testing

@testable import FaultSim

/// Each world's metrics are declared once, as tables (counters, columns,
/// run report lines); these tests check the declarations are whole and that
/// the docs show exactly what they declare.
///
/// The docs hold each registered world's tables between the markers
/// ``begin(_:)`` and ``end``. After changing a declaration, rewrite them
/// with `FAULTSIM_UPDATE_DOCS=1 swift test --filter MetricsTablesTests`.
@Suite struct MetricsTablesTests {
  static let docs = WorldRegistryTests.root.appendingPathComponent("docs")

  static func begin(_ world: String) -> String {
    "<!-- metrics tables of the \(world) world: generated from its declarations, do not edit -->\n"
  }

  static let end = "<!-- end of the metrics tables -->\n"

  /// Each registered world's name and generated tables.
  static var generated: [(world: String, tables: String)] {
    func tables<World: RegisteredWorld>(_ world: World.Type) -> (String, String) {
      (World.worldName, Sweep<World>.documentation)
    }
    return WorldRegistry.worlds.map { tables($0) }
  }

  /// The Markdown files of `docs/`, by name.
  static func documents() throws -> [(name: String, text: String)] {
    try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted().map {
      ($0, try String(contentsOf: docs.appendingPathComponent($0), encoding: .utf8))
    }
  }

  /// `text` with the block after `begin` replaced by `tables`, or `nil`
  /// when it has no such block.
  static func replacing(in text: String, after begin: String, with tables: String) -> String? {
    guard let start = text.range(of: begin), let stop = text.range(of: end, range: start.upperBound..<text.endIndex)
    else { return nil }
    return String(text[..<start.upperBound]) + tables + String(text[stop.lowerBound...])
  }

  @Test(arguments: generated.map(\.world))
  func theDocsShowEachWorldsDeclaredTables(world: String) throws {
    let tables = try #require(Self.generated.first { $0.world == world }?.tables)
    let holders = try Self.documents().filter { $0.text.contains(Self.begin(world)) }
    #expect(holders.count == 1, "exactly one page of docs/ must hold the tables of \(world): \(holders.map(\.name))")
    for (name, text) in holders {
      let updated = try #require(
        Self.replacing(in: text, after: Self.begin(world), with: tables), "docs/\(name): no end marker")
      if updated != text && ProcessInfo.processInfo.environment["FAULTSIM_UPDATE_DOCS"] == "1" {
        try updated.write(to: Self.docs.appendingPathComponent(name), atomically: true, encoding: .utf8)
        continue
      }
      #expect(
        updated == text,
        "docs/\(name) disagrees with the declarations of the \(world) world; rewrite it with FAULTSIM_UPDATE_DOCS=1 swift test --filter MetricsTablesTests. Expected:\n\(tables)"
      )
    }
  }

  /// The check can fail: a table with a column dropped is caught.
  @Test func aPageThatDisagreesIsCaught() throws {
    let tables = Sweep<RequestWorld>.documentation
    let page = "# Metrics\n\n" + Self.begin("request") + tables + Self.end + "\nMore.\n"
    #expect(Self.replacing(in: page, after: Self.begin("request"), with: tables) == page)
    let edited = page.replacingOccurrences(of: "| `amplification` |", with: "| `amplificaton` |")
    #expect(edited != page)
    #expect(Self.replacing(in: edited, after: Self.begin("request"), with: tables) == page)
  }

  /// Columns, counters and report lines read only declared counters and
  /// histograms: a column that read an undeclared property would print a
  /// number that merging never sums.
  @Test func everyColumnAndLineReadsDeclaredSums() {
    func check<Metrics: WorldMetrics>(_ metrics: Metrics.Type) {
      let counters = Metrics.counters.map(\.name)
      let histograms = Metrics.histograms.map(\.name)
      #expect(Set(counters).count == counters.count, "\(Metrics.self): counter names repeat")
      let columns = Metrics.columns + Metrics.appendedColumns
      #expect(Set(columns.map(\.name)).count == columns.count, "\(Metrics.self): column names repeat")
      let reads = columns.map { ($0.name, $0.value.reads) } + Metrics.runReport.map { ($0.label, $0.value.reads) }
      for (name, names) in reads {
        #expect(!names.isEmpty, "\(Metrics.self).\(name) reads nothing")
        for read in names {
          let known =
            read == "seeds" || counters.contains(read) || histograms.contains(read)
            || histograms.contains { read == "\($0).count" }
          #expect(known, "\(Metrics.self).\(name) reads \(read)")
        }
      }
      for column in columns {
        #expect(!column.meaning.isEmpty, "\(Metrics.self).\(column.name) has no meaning")
      }
      for counter in Metrics.counters { #expect(!counter.meaning.isEmpty, "\(Metrics.self).\(counter.name)") }
    }
    check(RequestMetrics.self)
    check(TransferMetrics.self)
    check(BackgroundFetchMetrics.self)
  }

  /// A text that reads a property no counter declares names it as unnamed,
  /// which the check above refuses.
  @Test func anUndeclaredPropertyIsNamedAsSuch() {
    let text: MetricsText<BackgroundFetchMetrics> =
      "\(count: \.wakeGaps.count) \(fixed: .counter(\.wakeGaps.largest), digits: 0)"
    #expect(text.reads == ["wake_gaps.count", "an unnamed counter"])
  }

  /// The formats of the pieces, on sums whose fields are known.
  @Test func piecesPrintAsTheTablesAlwaysHave() {
    var metrics = RequestMetrics()
    metrics.runs = 2
    metrics.operations = 8
    metrics.duplicated = 1
    metrics.attempts = 11
    metrics.makespanTotal = 3_000_500_000
    let text: MetricsText<RequestMetrics> =
      "\(count: \.duplicated)|\(share: \.duplicated, of: \.operations, digits: 3)|\(rate: .ratio(\.duplicated, \.operations))|\(lowerBound: \.duplicated, of: \.operations)|\(fixed: .attemptsPerOperation, digits: 4)|\(percentile: 50, of: \.completion, in: .milliseconds)|\(percentile: 50, of: \.completion, in: .seconds, labelled: true)|\(fixed: .ratio(\.makespanTotal, \.runs).divided(by: 1e6), digits: 3)|\(percent: .ratio(\.duplicated, \.runs), digits: 2)"
    let interval = WilsonInterval.rate(1, of: 8).interval
    #expect(
      text.text(for: metrics, seeds: 2)
        == "1|1 (12.500%)|0.125000|\(DecimalText.rate(interval.lower))|1.3750||-|1500.250|50.00%")
    metrics.operations = 0
    #expect(
      MetricsText<RequestMetrics>("\(share: \.duplicated, of: \.operations, digits: 3)").text(for: metrics, seeds: 2)
        == "1")
    #expect(MetricsQuantity<RequestMetrics>.attemptsPerOperation.value(in: metrics) == 0, "a zero denominator gives 0")
  }

  /// Formulas in the docs name the counters and keep the order of
  /// operations.
  @Test func formulasNameTheirCounters() {
    let staleness = MetricsQuantity<BackgroundFetchMetrics>.meanStaleness.divided(by: 1e9)
    #expect(
      staleness.formula(BackgroundFetchMetrics.name(of:))
        == "staleness_total_us × 1,000 ÷ staleness.count ÷ 1,000,000,000")
    #expect(
      MetricsQuantity<BackgroundFetchMetrics>.wakeUpsPerUserDay.formula(BackgroundFetchMetrics.name(of:))
        == "wake_ups ÷ (user_time_us ÷ 86,400,000,000)")
  }
}
