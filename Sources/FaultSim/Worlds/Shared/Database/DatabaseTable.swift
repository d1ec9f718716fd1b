/// One table of a ``SimulatedDatabase``: rows by id and an index per
/// unique column.
@usableFromInline
struct DatabaseTable {
  /// The rows, by id.
  @usableFromInline
  var rows: [Int: DatabaseRow] = [:]
  /// The last id given.
  @usableFromInline
  var lastID = 0
  /// Per unique column, the row holding each value.
  @usableFromInline
  var unique: [String: [String: Int]] = [:]

  @usableFromInline
  init(unique columns: [String] = []) {
    for column in columns { unique[column] = [:] }
  }

  /// The unique columns, sorted.
  var uniqueColumns: [String] { unique.keys.sorted() }

  /// The rows whose `column` holds `value`, by id.
  ///
  /// - Complexity: O(1) for a unique column, O(rows log rows) otherwise.
  func rows(where column: String, is value: String) -> [DatabaseRow] {
    if let index = unique[column] { return index[value].flatMap { rows[$0] }.map { [$0] } ?? [] }
    return rows.values.filter { $0[column] == value }.sorted { $0.id < $1.id }
  }

  /// The first unique column (by name) in which another row than `id`
  /// already holds the value `columns` gives it.
  func violation(of columns: [String: String], by id: Int) -> (column: String, value: String)? {
    for column in uniqueColumns {
      guard let value = columns[column], let holder = unique[column]?[value], holder != id else { continue }
      return (column, value)
    }
    return nil
  }

  /// Stores `row` (new, or replacing the row of its id) and indexes it.
  mutating func put(_ row: DatabaseRow) {
    if let old = rows[row.id] { unindex(old) }
    rows[row.id] = row
    for column in uniqueColumns {
      if let value = row[column] { unique[column]?[value] = row.id }
    }
  }

  /// Removes the row of `id`.
  mutating func remove(_ id: Int) {
    if let old = rows.removeValue(forKey: id) { unindex(old) }
  }

  private mutating func unindex(_ row: DatabaseRow) {
    for column in uniqueColumns {
      if let value = row[column], unique[column]?[value] == row.id { unique[column]?[value] = nil }
    }
  }
}
