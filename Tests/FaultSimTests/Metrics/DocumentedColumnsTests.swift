import Foundation
import Testing

@testable import FaultSim

/// The column names the docs promise (README.md, CHANGELOG.md, CONTRIBUTING.md, docs/**)
/// are columns of some world's sweep table: a name users were told to look
/// for in a table is there.
@Suite struct DocumentedColumnsTests {
  /// A promised column: its name and the file that promises it.
  struct Promise: Hashable, CustomStringConvertible {
    var name: String
    var file: String
    var description: String { "`\(name)` in \(file)" }
  }

  /// The Markdown files users read.
  static func documents() throws -> [(path: String, text: String)] {
    let root = WorldRegistryTests.root
    var paths = ["README.md", "CHANGELOG.md", "CONTRIBUTING.md"]
    let docs = root.appendingPathComponent("docs")
    let walker = FileManager.default.enumerator(atPath: docs.path)
    while let path = walker?.nextObject() as? String {
      if path.hasSuffix(".md") { paths.append("docs/" + path) }
    }
    return try paths.sorted().map { path in
      (path, try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
    }
  }

  /// `faults_request_loss`, `gateway_retries`: lower case, digits and at
  /// least one underscore, as every column is named.
  static func isColumnLike(_ text: Substring) -> Bool {
    guard let first = text.first, first.isASCII, first.isLowercase, text.contains("_"), !text.hasSuffix("_") else {
      return false
    }
    return text.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLowercase || $0.isNumber)) }
  }

  /// The backticked column-like names of `text`.
  static func names(in text: Substring) -> [String] {
    text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 && isColumnLike($0.element) }.map { String($0.element) }
  }

  /// The names `text` promises as columns: those in a clause (up to `.` or
  /// `;`) that says "column", and every name of a table whose
  /// header says "column". Code blocks are left out: they show commands
  /// and output, not promises.
  static func promisedColumns(in text: String) -> [String] {
    var prose: [Substring] = []
    var inCode = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
        inCode.toggle()
        prose.append("")
      } else {
        prose.append(inCode ? "" : line)
      }
    }
    var names: [String] = []
    var paragraph: [Substring] = []
    func finish() {
      defer { paragraph = [] }
      // A table's rows: every name when its header says "column", else
      // those of a row that does.
      var header: Substring?
      for line in paragraph {
        guard line.hasPrefix("|") else {
          header = nil
          continue
        }
        let tableHeader = header ?? line
        header = tableHeader
        if tableHeader.localizedCaseInsensitiveContains("column") || line.localizedCaseInsensitiveContains("column") {
          names += Self.names(in: line)
        }
      }
      paragraph.removeAll { $0.hasPrefix("|") }
      let joined = paragraph.joined(separator: " ")
      var clauses: [Substring] = []
      var start = joined.startIndex
      for index in joined.indices where ".;".contains(joined[index]) {
        let next = joined.index(after: index)
        guard next == joined.endIndex || joined[next] == " " else { continue }
        clauses.append(joined[start..<index])
        start = next
      }
      clauses.append(joined[start...])
      for clause in clauses where clause.localizedCaseInsensitiveContains("column") {
        names += Self.names(in: clause)
      }
    }
    for line in prose {
      if line.trimmingCharacters(in: .whitespaces).isEmpty { finish() } else { paragraph.append(line) }
    }
    finish()
    return names
  }

  /// Every column a sweep table of some world has: the registered worlds',
  /// and the race columns of worlds that run user code.
  static var columns: Set<String> {
    func columns<World: RegisteredWorld>(_ world: World.Type) -> [String] { Sweep<World>.columns }
    return Set(
      WorldRegistry.worlds.flatMap { columns($0) } + FaultCoverage<UserCodeDraw<RequestDraw>>.columns
        + FaultCoverage<UserCodeDraw<TransferDraw>>.columns
        // The columns per route, for a route the docs call `R`.
        + RouteMetrics(routes: [RouteCounts(route: ServerRoute("POST", "R", .write))]).columnNames.map {
          $0.replacingOccurrences(of: "[POST R]", with: "[R]")
        })
  }

  @Test func everyColumnTheDocsPromiseIsInATable() throws {
    var promises: [Promise] = []
    for (path, text) in try Self.documents() {
      promises += Self.promisedColumns(in: text).map { Promise(name: $0, file: path) }
    }
    let promised = Set(promises.map(\.name))
    // The extraction finds what the docs are known to promise, so an empty
    // or broken extraction cannot pass.
    for known in [
      "gateway_retries", "gateway_timeouts", "duplicate_rate", "makespan_mean_ms", "faults_request_loss",
      "races_task_order", "faultsim_version", "scenario_digest",
    ] {
      #expect(promised.contains(known), "the docs' promise of `\(known)` was not found")
    }
    #expect(promised.count >= 40, "\(promised.count) names found")
    let columns = Self.columns
    let missing = Array(Set(promises.filter { !columns.contains($0.name) })).sorted { $0.description < $1.description }
    #expect(missing.isEmpty, "promised but in no table: \(missing)")
  }

  /// The extraction reads clauses and tables about columns, and only those.
  @Test func promisesAreReadFromClausesAndTablesAboutColumns() {
    let text = """
      Tables gain the columns `made_up_rate` and `other_one`; the counter `not_promised` is printed by run.
      New count `outbox_resends`. Sweeps add a
      `wrapped_column` column.

      ```
      echo `in_code` column
      ```

      | column | meaning |
      |---|---|
      | `table_name` | what it is, like `also_this` |

      | sum | meaning |
      |---|---|
      | `a_sum` | not a column |
      | `plain_sum` | a counter |
      """
    #expect(
      Self.promisedColumns(in: text).sorted()
        == ["a_sum", "also_this", "made_up_rate", "other_one", "table_name", "wrapped_column"])
  }
}
