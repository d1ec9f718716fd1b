import FaultSim

/// `--fail-if '<column><op><value>'`: conditions on a final table that fail
/// the command, so a CI job can gate on a sweep (`--fail-if
/// 'duplicate_rate_hi>0.001'`). The table is still written in full; then
/// every cell whose value meets a condition is named, and the command exits
/// with 1.
///
/// Conditions are read when the command line is, checked against the
/// table's columns before any run (a misspelt column is a usage error with
/// a suggestion, not a gate that never fires), and evaluated on the values
/// as the table prints them.
struct TableGate {
  /// A comparison.
  enum Comparison: String, CaseIterable {
    // Two-character operators first, so that `>=` is not read as `>`.
    case atLeast = ">="
    case atMost = "<="
    case equal = "=="
    case notEqual = "!="
    case above = ">"
    case below = "<"

    func holds(_ left: Double, _ right: Double) -> Bool {
      switch self {
      case .atLeast: left >= right
      case .atMost: left <= right
      case .equal: left == right
      case .notEqual: left != right
      case .above: left > right
      case .below: left < right
      }
    }
  }

  /// One condition: `column op value`, as given.
  struct Condition {
    var column: String
    var comparison: Comparison
    var value: Double
    var text: String
  }

  static let declaration = ArgumentDeclaration.option(
    "--fail-if", "<column><op><value>", repeatable: true,
    "Exit with 1 when a cell of the final table meets the condition, e.g. duplicated>0 or duplicate_rate_hi>0.01 (op: > >= < <= == !=; any numeric column). Repeatable: any condition met fails. The table is written first, then each cell that fails is named on standard error."
  )

  /// `--fail-if` for `faultsim run`: the same conditions on the run's one
  /// seed, whose values are named like a sweep table's columns.
  static let runDeclaration = ArgumentDeclaration.option(
    "--fail-if", "<column><op><value>", repeatable: true,
    "Exit with 1 when the run's value of a sweep-table column meets the condition, e.g. duplicated>0 (op: > >= < <= == !=; the columns are those of 'faultsim sweep' and of --report json). Repeatable: any condition met fails. The report is written first, then each condition met is named on standard error."
  )

  var conditions: [Condition] = []

  /// Reads every `--fail-if`.
  ///
  /// - Parameter declaration: The option as the command declares it.
  /// - Throws: A usage error for a condition without an operator, column
  ///   or number.
  init(_ arguments: inout ArgumentReader, declaration: ArgumentDeclaration = Self.declaration) throws(CommandFailure) {
    for text in try arguments.values(declaration) {
      guard let condition = Self.parse(text) else {
        throw arguments.usageError(
          "--fail-if '\(text)' is not a condition; write <column><op><value> with op one of "
            + "\(Comparison.allCases.map(\.rawValue).joined(separator: " ")), e.g. 'duplicate_rate_hi>0.001'")
      }
      conditions.append(condition)
    }
  }

  /// `column op value`, or `nil`.
  static func parse(_ text: String) -> Condition? {
    let scalars = Array(text.unicodeScalars)
    for start in scalars.indices {
      for comparison in Comparison.allCases {
        let symbol = Array(comparison.rawValue.unicodeScalars)
        guard start + symbol.count <= scalars.count, Array(scalars[start..<start + symbol.count]) == symbol else {
          continue
        }
        let column = String(String.UnicodeScalarView(scalars[..<start])).trimmingSpacesAndTabs
        let number = String(String.UnicodeScalarView(scalars[(start + symbol.count)...])).trimmingSpacesAndTabs
        guard !column.isEmpty, let value = Double(number), value.isFinite else { return nil }
        return Condition(column: column, comparison: comparison, value: value, text: text)
      }
    }
    return nil
  }

  /// Refuses a condition on a column the table does not have, or on one
  /// that is not a number.
  ///
  /// - Parameter columns: The table's header.
  func check(columns: @autoclosure () -> [String], command: CommandInfo) throws(CommandFailure) {
    // Naming a world's columns is most of a short run's start-up: only
    // when there is a condition to check.
    guard !conditions.isEmpty else { return }
    let columns = columns()
    let textual: Set<String> = ["faultsim_version", "scenario_digest"]
    for condition in conditions {
      if textual.contains(condition.column) {
        throw .usage("--fail-if '\(condition.text)': \(condition.column) is not a number", command: command)
      }
      guard columns.contains(condition.column) else {
        var message = "--fail-if '\(condition.text)': the table has no column '\(condition.column)'"
        let numeric = columns.filter { !textual.contains($0) }
        if let near = SpellingSuggestion.closest(to: condition.column, among: numeric) {
          message += "; did you mean '\(near)'?"
        }
        throw .usage(message, command: command)
      }
    }
  }

  /// The cells of `table` (CSV with a header) that meet a condition, one
  /// line each: `cell 3 (network.responseLoss=0.2): duplicate_rate_hi =
  /// 0.012300 meets 'duplicate_rate_hi>0.001'`.
  ///
  /// - Parameter axes: How many leading columns name the cell.
  func failures(in table: String, axes: Int) -> [String] {
    guard !conditions.isEmpty, let records = try? CSVReader.records(table), let header = records.first else {
      return []
    }
    var lines: [String] = []
    for (index, record) in records.dropFirst().enumerated() {
      let cell = (0..<min(axes, record.count)).map { "\(header[$0])=\(record[$0])" }
      let place = "cell \(index + 1)" + (cell.isEmpty ? "" : " (\(cell.joined(separator: ", ")))")
      lines += failures(header: header, record: record, place: place)
    }
    return lines
  }

  /// The conditions one record meets, one line each, named by `place`:
  /// `seed 7: duplicated = 1 meets 'duplicated>0'`.
  ///
  /// - Parameters:
  ///   - header: The column names.
  ///   - record: The values, in the order of `header`.
  func failures(header: [String], record: [String], place: String) -> [String] {
    var lines: [String] = []
    for condition in conditions {
      guard let column = header.firstIndex(of: condition.column), column < record.count,
        let value = Double(record[column]), condition.comparison.holds(value, condition.value)
      else { continue }
      lines.append("\(place): \(condition.column) = \(record[column]) meets '\(condition.text)'")
    }
    return lines
  }

  /// Exits with 1 naming every failing cell, after the table was written.
  func enforce(on table: String, axes: Int) throws(CommandFailure) {
    let failing = failures(in: table, axes: axes)
    guard !failing.isEmpty else { return }
    throw .gate(failing.map { "--fail-if: \($0)" }.joined(separator: "\n"))
  }
}

extension Argument where Value == TableGate {
  /// `--fail-if`, as `declaration` words it for the command.
  init(_ declaration: ArgumentDeclaration = TableGate.declaration) {
    self.init(declaration) { arguments, declaration throws(CommandFailure) in
      try TableGate(&arguments, declaration: declaration)
    }
  }
}
