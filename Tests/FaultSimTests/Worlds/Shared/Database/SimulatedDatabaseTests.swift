import FaultSim
import Synchronization
import Testing

/// The app's database under simulation: constraints, transactions, the
/// races of its awaits, and durability across kills.
@Suite struct SimulatedDatabaseTests {
  static func shipped(_ name: String, _ overrides: [String] = []) throws -> Scenario {
    try Scenario.shipped(name, overrides: overrides.map { try ScenarioOverride(parsing: $0) })
  }

  /// Lines the code's tasks write, for the test to read after the run.
  final class Log: Sendable {
    let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
  }

  /// How two concurrent callers record the same order.
  enum Recording: Sendable {
    /// Look for the order's row, then insert one if none: two awaits.
    case checkThenInsert
    /// The same, in one transaction.
    case transaction
    /// Insert into a table whose order column is unique.
    case uniqueConstraint
  }

  /// Runs `operations` orders; each records its order from two concurrent
  /// tasks (a retry racing the first try), and returns the run's database
  /// rows, as `order` values, and the errors the callers saw.
  static func record(
    _ recording: Recording, operations: Int = 20, seed: UInt64 = 1, strategy: OrderStrategy = .fifo
  ) throws -> (orders: [String], errors: [String]) {
    let database = Mutex<SimulatedDatabase?>(nil)
    let errors = Log()
    let world = try shipped("checkout-reference", ["workload.operations=\(operations)"]).requestWorld(
      app: { app in
        if recording == .uniqueConstraint { try? app.database.declareTable("orders", unique: ["order"]) }
        database.withLock { $0 = app.database }
        return app.database
      },
      running: { database, client in
        let order = "\(client.operation)"
        await withTaskGroup(of: Void.self) { group in
          for _ in 0..<2 {
            group.addTask {
              do {
                switch recording {
                case .checkThenInsert:
                  if try await database.rows(in: "orders", where: "order", is: order).isEmpty {
                    try await database.insert(["order": order], into: "orders")
                  }
                case .transaction:
                  try await database.transaction { transaction in
                    if transaction.rows(in: "orders", where: "order", is: order).isEmpty {
                      try transaction.insert(["order": order], into: "orders")
                    }
                  }
                case .uniqueConstraint:
                  try await database.insert(["order": order], into: "orders")
                }
              } catch {
                errors.append("\(error)")
              }
            }
          }
        }
        return .succeeded
      })
    _ = try world.runOnce(seed: seed, strategy: strategy)
    let rows = try #require(database.withLock { $0 }).contents(of: "orders")
    return (rows.compactMap { $0["order"] }, errors.all)
  }

  @Test func checkThenInsertRacesAtItsAwaits() throws {
    // Both tasks read "no row" before either inserts: every order twice.
    let (orders, errors) = try Self.record(.checkThenInsert)
    #expect(orders.count == 40 && Set(orders).count == 20, "\(orders)")
    #expect(errors.isEmpty)
  }

  @Test func aTransactionOrAUniqueConstraintRecordsEachOrderOnce() throws {
    let (inOne, noErrors) = try Self.record(.transaction)
    #expect(inOne.count == 20 && Set(inOne).count == 20)
    #expect(noErrors.isEmpty)
    let (unique, refused) = try Self.record(.uniqueConstraint)
    #expect(unique.count == 20 && Set(unique).count == 20)
    #expect(refused.count == 20)
    #expect(refused.allSatisfy { $0.contains("unique constraint on orders.order") }, "\(refused.first ?? "")")
  }

  @Test func randomTaskOrdersReachBothOutcomesOfTheRace() throws {
    // Under random orders the second check sometimes runs after the first
    // insert: some orders once, some twice — the same for the same seed.
    var counts: Set<Int> = []
    for orderSeed: UInt64 in 0..<8 {
      let (orders, _) = try Self.record(.checkThenInsert, strategy: .random(orderSeed: orderSeed))
      #expect(try Self.record(.checkThenInsert, strategy: .random(orderSeed: orderSeed)).orders == orders)
      counts.insert(orders.count)
    }
    #expect(counts.contains { $0 > 20 && $0 < 40 } || counts.count > 1, "\(counts.sorted())")
  }

  @Test func aFailedStatementRollsTheWholeTransactionBack() throws {
    let outcome = Mutex<[String]>([])
    let world = try Self.shipped("checkout-reference", ["workload.operations=1"]).requestWorld(
      app: { app in
        try? app.database.declareTable("keys", unique: ["key"])
        return app.database
      },
      running: { database, _ in
        do {
          try await database.insert(["key": "k1", "status": "done"], into: "keys")
          try await database.transaction { transaction in
            let row = try transaction.insert(["order": "7"], into: "orders")
            try transaction.update(in: "orders", id: row.id, set: ["status": "paid"])
            try transaction.insert(["key": "k1"], into: "keys")  // refused: the key is taken
          }
        } catch {
          outcome.withLock { $0.append("\(error)") }
        }
        let orders = (try? await database.rows(in: "orders", where: "order", is: "7")) ?? []
        let swapped =
          (try? await database.compareAndSet(in: "keys", id: 1, column: "status", expected: "done", new: "sent"))
          ?? false
        let stale =
          (try? await database.compareAndSet(in: "keys", id: 1, column: "status", expected: "done", new: "again"))
          ?? true
        outcome.withLock {
          $0 += ["orders=\(orders.count)", "swapped=\(swapped)", "stale=\(stale)", "\(database.contents(of: "keys"))"]
        }
        return .succeeded
      })
    _ = try world.runOnce(seed: 1)
    #expect(
      outcome.withLock { $0 } == [
        "unique constraint on keys.key: a row already holds key=k1", "orders=0", "swapped=true", "stale=false",
        "[#1 key=k1 status=sent]",
      ])
  }

  @Test func declaringUniqueColumnsAfterRowsIsRefused() throws {
    let result = Mutex<String>("")
    let world = try Self.shipped("checkout-reference", ["workload.operations=1"]).requestWorld(
      app: { app in app.database },
      running: { database, _ in
        _ = try? await database.insert(["order": "1"], into: "orders")
        do {
          try database.declareTable("orders", unique: ["order"])
        } catch {
          result.withLock { $0 = "\(error)" }
        }
        return .succeeded
      })
    _ = try world.runOnce(seed: 1)
    #expect(result.withLock { $0 }.contains("orders has rows"))
  }

  @Test func theDatabaseSurvivesTheAppsKills() throws {
    // outbox-new-key kills the app mid-request; what the first launch
    // wrote is there for the relaunch.
    let seen = Mutex<[String]>([])
    let world = try Self.shipped("outbox-new-key", ["workload.operations=200"]).requestWorld(
      app: { app in app },
      running: { app, client in
        let order = "\(client.operation)"
        let earlier = (try? await app.database.rows(in: "outbox", where: "order", is: order)) ?? []
        if client.launch > 1 { seen.withLock { $0.append("launch \(client.launch) sees \(earlier.count)") } }
        if earlier.isEmpty { _ = try? await app.database.insert(["order": order], into: "outbox") }
        let request = TransportRequest(
          method: "POST", path: "/orders", headers: ["Idempotency-Key": order], text: order)
        return (try? await app.transport.send(request))?.isSuccess == true ? .succeeded : .uncertain
      })
    _ = try world.runOnce(seed: 1)
    let relaunches = seen.withLock { $0 }
    #expect(!relaunches.isEmpty, "the scenario's kills fired")
    #expect(relaunches.allSatisfy { $0.hasSuffix("sees 1") }, "\(relaunches)")
  }

  /// A lookup by a column that is not unique is indexed at its first use;
  /// the index follows inserts, updates, deletes and rollbacks, so it
  /// always answers what a scan of the table answers, in id order.
  @Test func lookupsByAnyColumnAgreeWithAScan() throws {
    struct Mismatch: Error {}
    let world = try Self.shipped("checkout-reference", ["workload.operations=1"]).requestWorld(
      app: { app in app.database },
      running: { database, _ in
        func agrees() async throws -> Bool {
          for cart in ["c0", "c1", "c2", "c3"] {
            let looked = try await database.rows(in: "lines", where: "cart", is: cart).map(\.id)
            let scanned = database.contents(of: "lines").filter { $0["cart"] == cart }.map(\.id)
            if looked != scanned { return false }
          }
          return true
        }
        do {
          for index in 0..<20 { try await database.insert(["cart": "c\(index % 3)"], into: "lines") }
          guard try await agrees() else { return .failed }
          try await database.transaction { transaction in
            try transaction.update(in: "lines", id: 4, set: ["cart": "c3"])
            try transaction.update(in: "lines", id: 5, set: ["cart": nil])
            transaction.delete(from: "lines", id: 7)
            try transaction.insert(["cart": "c0"], into: "lines")
          }
          guard try await agrees() else { return .failed }
          _ = try? await database.transaction { transaction in
            try transaction.update(in: "lines", id: 2, set: ["cart": "c0"])
            transaction.delete(from: "lines", id: 3)
            try transaction.insert(["cart": "c1"], into: "lines")
            throw Mismatch()
          }
          return try await agrees() ? .succeeded : .failed
        } catch {
          return .failed
        }
      })
    #expect(try world.measure(seeds: 0..<1).succeeded == 1)
  }
}
