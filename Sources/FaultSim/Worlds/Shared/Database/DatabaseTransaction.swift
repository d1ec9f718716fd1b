/// The statements of one ``SimulatedDatabase/transaction(_:)``: they apply
/// at one instant, all or none — nothing else runs between them, so a
/// transaction is serializable. A statement that breaks a constraint
/// throws ``DatabaseError``; a body that throws rolls every statement back.
public struct DatabaseTransaction: ~Copyable {
  /// What one statement changed, to undo it.
  @usableFromInline
  struct Undo {
    var table: String
    var id: Int
    /// The row before the statement (`nil`: it did not exist).
    var before: DatabaseRow?
    /// The table's last id before the statement.
    var lastID: Int
  }

  /// The database the statements apply to.
  @usableFromInline
  let database: SimulatedDatabase
  /// The statements' undo records, oldest first.
  @usableFromInline
  var undo: [Undo] = []
  /// The statements in words, for the trace of a server's database while
  /// a run is traced; `nil` otherwise.
  var log: [String]?

  @usableFromInline
  init(_ database: SimulatedDatabase) {
    self.database = database
  }

  /// Inserts a row holding `columns` into `table`, with the next id.
  ///
  /// - Throws: ``DatabaseError/uniqueViolation(table:column:value:)`` when
  ///   a unique column's value is taken.
  /// - Complexity: O(unique columns) on average.
  @discardableResult
  public mutating func insert(_ columns: [String: String], into table: String) throws(DatabaseError) -> DatabaseRow {
    let lastID = database.tables[table]?.lastID ?? 0
    let row = DatabaseRow(id: lastID + 1, columns: columns)
    if let (column, value) = database.tables[table]?.violation(of: columns, by: row.id) {
      throw .uniqueViolation(table: table, column: column, value: value)
    }
    undo.append(Undo(table: table, id: row.id, before: nil, lastID: lastID))
    // Modified in place: a copy taken out of the dictionary would copy
    // every row of the table on the first write.
    database.tables[table, default: DatabaseTable()].lastID = row.id
    database.tables[table, default: DatabaseTable()].put(row)
    log?.append("insert \(row) into \(table)")
    return row
  }

  /// The rows of `table` whose `column` holds `value`, by id.
  ///
  /// - Complexity: O(matching rows): every column is indexed, a column
  ///   that is not unique at its first lookup (O(rows) then).
  public mutating func rows(in table: String, where column: String, is value: String) -> [DatabaseRow] {
    let rows = database.tables[table]?.rows(where: column, is: value) ?? []
    log?.append("select \(table) where \(column)=\(value): \(rows.count) row\(rows.count == 1 ? "" : "s")")
    return rows
  }

  /// The row of `id` in `table`.
  ///
  /// - Complexity: O(1) on average.
  public func row(in table: String, id: Int) -> DatabaseRow? {
    database.tables[table]?.rows[id]
  }

  /// Sets `columns` of the row of `id` (a `nil` value removes the
  /// column) and returns the row as it is now.
  ///
  /// - Throws: ``DatabaseError/noSuchRow(table:id:)``;
  ///   ``DatabaseError/uniqueViolation(table:column:value:)``.
  @discardableResult
  public mutating func update(in table: String, id: Int, set columns: [String: String?]) throws(DatabaseError)
    -> DatabaseRow
  {
    // Read through the dictionary, never from a copy kept across the write
    // (which would make the write copy every row).
    guard let before = database.tables[table]?.rows[id], let lastID = database.tables[table]?.lastID else {
      throw .noSuchRow(table: table, id: id)
    }
    var row = before
    for (column, value) in columns { row.columns[column] = value }
    if let (column, value) = database.tables[table]?.violation(of: row.columns, by: id) {
      throw .uniqueViolation(table: table, column: column, value: value)
    }
    undo.append(Undo(table: table, id: id, before: before, lastID: lastID))
    database.tables[table]?.put(row)
    log?.append("update \(table) #\(id): \(columns.keys.sorted().joined(separator: ", "))")
    return row
  }

  /// Sets `column` of the row of `id` to `new` only if it holds `expected`
  /// now (`nil`: no value): compare-and-set. Returns whether it did.
  ///
  /// - Throws: ``DatabaseError/noSuchRow(table:id:)``;
  ///   ``DatabaseError/uniqueViolation(table:column:value:)``.
  public mutating func compareAndSet(
    in table: String, id: Int, column: String, expected: String?, new: String?
  ) throws(DatabaseError) -> Bool {
    guard let row = row(in: table, id: id) else { throw .noSuchRow(table: table, id: id) }
    guard row[column] == expected else {
      log?.append("compare-and-set \(table) #\(id).\(column): not \(expected ?? "empty"), unchanged")
      return false
    }
    try update(in: table, id: id, set: [column: new])
    return true
  }

  /// Deletes the row of `id`; returns whether there was one.
  @discardableResult
  public mutating func delete(from table: String, id: Int) -> Bool {
    guard let before = database.tables[table]?.rows[id], let lastID = database.tables[table]?.lastID else {
      return false
    }
    undo.append(Undo(table: table, id: id, before: before, lastID: lastID))
    database.tables[table]?.remove(id)
    log?.append("delete \(table) #\(id)")
    return true
  }

  /// Undoes every statement, newest first.
  @usableFromInline
  mutating func rollBack() {
    for record in undo.reversed() {
      if let before = record.before {
        database.tables[record.table]?.put(before)
      } else {
        database.tables[record.table]?.remove(record.id)
      }
      database.tables[record.table]?.lastID = record.lastID
    }
    undo.removeAll()
  }
}
