/// A database under simulation: tables of rows, unique constraints,
/// transactions and compare-and-set, durable — it survives the process
/// that uses it (an app's kill, a server's restart) — and fresh for every
/// run.
///
/// Every statement is an `await`: the task waits for the database, and
/// the simulation's other tasks may run in between — another request's
/// handler, another order of the app. So the races real code has with a
/// real database happen here too, deterministically, at task-order choice
/// points that random orders, `explore` and shrinking reach: two retries
/// that both read "no such key" before either inserts it (check-then-
/// insert without a unique constraint) insert twice. A transaction's
/// statements apply at one instant, all or none.
///
/// ```swift
/// let world = try Scenario.shipped("checkout-reference").requestWorld(
///   app: { app in
///     try? app.database.declareTable("outbox", unique: ["order"])
///     return app.database
///   },
///   running: { database, client in
///     // One outbox row per order: a second insert of the order is refused.
///     _ = try? await database.insert(["order": "\(client.operation)"], into: "outbox")
///     return .succeeded
///   })
/// ```
///
/// A server's database (``SimulatedServer/database``) is the same, and
/// more: each statement of a handler is a crash point of the server's
/// process (``ServerCode/crashes``), and a process that crashed makes no
/// statement any more.
///
/// Use it from the simulation's tasks only; a statement from another
/// thread is reported as an escape.
public final class SimulatedDatabase: @unchecked Sendable {
  /// The tables, by name.
  @usableFromInline
  var tables: [String: DatabaseTable] = [:]
  /// The runtime whose tasks use it.
  @usableFromInline
  let runtime: TaskRuntime
  /// The server code whose database it is, if it is a server's: its
  /// statements are then crash points of the handlings that make them,
  /// and its ledger counts their inserts.
  weak var server: ServerCodeHost?

  /// The bytes its tables hold (``DatabaseTable/footprint(of:)`` of each
  /// row), for the run's memory budget: a database grows with the work.
  ///
  /// - Complexity: O(tables).
  var heldBytes: Int {
    tables.values.reduce(0) { $0 &+ MemoryLayout<(String, DatabaseTable)>.stride &+ $1.bytes }
  }

  /// An empty database used by `runtime`'s tasks.
  @usableFromInline
  init(runtime: TaskRuntime) {
    self.runtime = runtime
  }

  /// Declares `table` with `unique` columns: a second row with a value a
  /// row already holds in one of them is refused
  /// (``DatabaseError/uniqueViolation(table:column:value:)``). A table
  /// that is not declared has no unique column but its row id.
  ///
  /// - Throws: ``DatabaseError/schema(_:)`` when the table already has rows
  ///   and other unique columns.
  public func declareTable(_ table: String, unique: [String] = []) throws(DatabaseError) {
    check("declare a table of")
    let columns = Set(unique).sorted()
    if let existing = tables[table] {
      guard existing.uniqueColumns != columns else { return }
      guard existing.rows.isEmpty else {
        throw .schema(
          "\(table) has rows: declare its unique columns \(columns) before the first insert, "
            + "not after (it has \(existing.uniqueColumns))")
      }
    }
    tables[table] = DatabaseTable(unique: columns)
  }

  /// Runs `body`'s statements as one transaction: after waiting for the
  /// database (an `await`: other tasks may run first), they apply at one
  /// instant; when `body` throws, none of them does.
  ///
  /// - Throws: what `body` throws (a ``DatabaseError`` of a statement, or
  ///   your own), after rolling back; `CancellationError` when the task is
  ///   cancelled while it waits (nothing applied).
  public func transaction<Result>(_ body: (inout DatabaseTransaction) throws -> Result) async throws -> Result {
    var handling: ServerHandling?
    if let server {
      check("statement on")
      handling = try await server.beforeStatement()
      try Task.checkCancellation()
    } else {
      try await reach()
    }
    var transaction = DatabaseTransaction(self)
    if let server, server.isTracing, handling != nil { transaction.log = [] }
    do {
      let result = try body(&transaction)
      server?.committed(transaction, by: handling)
      return result
    } catch {
      if let log = transaction.log, !log.isEmpty {
        server?.note("db: rolled back: \(error)", log.joined(separator: "; "))
      }
      transaction.rollBack()
      throw error
    }
  }

  /// Inserts a row holding `columns` into `table` (one statement's
  /// transaction).
  ///
  /// - Throws: ``DatabaseError/uniqueViolation(table:column:value:)``;
  ///   `CancellationError`.
  @discardableResult
  public func insert(_ columns: [String: String], into table: String) async throws -> DatabaseRow {
    try await transaction { try $0.insert(columns, into: table) }
  }

  /// The rows of `table` whose `column` holds `value`, by id.
  ///
  /// - Throws: `CancellationError`.
  public func rows(in table: String, where column: String, is value: String) async throws -> [DatabaseRow] {
    try await transaction { $0.rows(in: table, where: column, is: value) }
  }

  /// Sets `column` of the row of `id` to `new` only if it holds `expected`
  /// (one statement's transaction); returns whether it did.
  ///
  /// - Throws: ``DatabaseError``; `CancellationError`.
  public func compareAndSet(
    in table: String, id: Int, column: String, expected: String?, new: String?
  ) async throws -> Bool {
    try await transaction { try $0.compareAndSet(in: table, id: id, column: column, expected: expected, new: new) }
  }

  /// Every row of `table`, by id (for properties and traces; not a
  /// statement: no `await`).
  ///
  /// - Complexity: O(rows log rows).
  public func contents(of table: String) -> [DatabaseRow] {
    (tables[table]?.rows.values).map { $0.sorted { $0.id < $1.id } } ?? []
  }

  /// The tables' names, sorted.
  package var tableNames: [String] { tables.keys.sorted() }

  /// Waits for the database: a suspension point where the runtime may run
  /// other tasks first.
  @usableFromInline
  func reach() async throws {
    check("statement on")
    await Task.yield()
    try Task.checkCancellation()
  }

  /// Records an escape when used from another thread.
  @usableFromInline
  func check(_ what: String) {
    if !runtime.isCurrent { runtime.recordForeign("a \(what) a simulated database from another thread") }
  }
}
