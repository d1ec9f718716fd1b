/// Why a ``SimulatedDatabase`` refused a statement; the transaction that
/// made it is rolled back.
public enum DatabaseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A row already holds `value` in `column`, which the table declares
  /// unique (``SimulatedDatabase/declareTable(_:unique:)``).
  case uniqueViolation(table: String, column: String, value: String)
  /// No row of the id in the table.
  case noSuchRow(table: String, id: Int)
  /// A table's unique columns were changed after it had rows.
  case schema(String)

  /// What was refused, in words.
  public var description: String {
    switch self {
    case .uniqueViolation(let table, let column, let value):
      "unique constraint on \(table).\(column): a row already holds \(column)=\(value)"
    case .noSuchRow(let table, let id): "no row #\(id) in \(table)"
    case .schema(let reason): reason
    }
  }
}
