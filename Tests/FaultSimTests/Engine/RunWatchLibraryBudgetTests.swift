import Testing

@testable import FaultSim

/// The memory budget of runs your code starts (a property check,
/// `runOnce`, `measure`): the command line's default and variable, and a
/// database that grows with the work counted against it.
@Suite struct RunWatchLibraryBudgetTests {
  static func environment(_ values: [String: String]) -> (String) -> String? { { values[$0] } }

  @Test func runsOfYourCodeHaveTheCommandLinesDefaultBudget() throws {
    let watch = try RunWatch.forRunsOfYourCode(sharedBy: 1, environment: Self.environment([:]))
    let limit = try #require(watch.memoryLimit)
    #expect(limit.bytes == 2 << 30)
    #expect(limit.advice.contains("2.0 GiB from FaultSim's default"), "\(limit.advice)")
    #expect(limit.advice.contains("FAULTSIM_MEMORY_BUDGET=8GiB swift test"), "\(limit.advice)")
  }

  @Test func theVariableSetsTheBudgetAndThreadsShareIt() throws {
    let watch = try RunWatch.forRunsOfYourCode(
      sharedBy: 4, environment: Self.environment(["FAULTSIM_MEMORY_BUDGET": "512MiB"]))
    let limit = try #require(watch.memoryLimit)
    #expect(limit.bytes == 128 << 20)
    #expect(limit.advice.contains("from FAULTSIM_MEMORY_BUDGET=512MiB, shared by 4 threads"), "\(limit.advice)")
  }

  /// As the command line reads it (`MemoryBudgetTests`): an empty value
  /// is refused too, not taken for the default.
  @Test(arguments: ["lots", ""])
  func aVariableThatIsNotASizeIsRefusedWithTheRule(text: String) {
    #expect {
      _ = try RunWatch.forRunsOfYourCode(
        sharedBy: 1, environment: Self.environment(["FAULTSIM_MEMORY_BUDGET": text]))
    } throws: { error in
      guard case SimulationError.configuration(let message) = error else { return false }
      return message.contains("FAULTSIM_MEMORY_BUDGET='\(text)' is not a size") && message.hasSuffix("or unset it")
    }
  }

  /// A run whose app stores `bytesPerOrder` bytes for each of `orders`
  /// orders in its database, watched with a limit of `limit` bytes: the
  /// overrun it stopped with, if any.
  static func storing(
    _ bytesPerOrder: Int, orders: Int, limit: UInt64
  ) throws -> MemoryOverrun? {
    let scenario = try Scenario.shipped(
      "checkout-reference", overrides: [try ScenarioOverride(parsing: "workload.operations=\(orders)")])
    let world = try scenario.requestWorld(
      app: { app in app.database },
      running: { database, client in
        let receipt = String(repeating: "x", count: bytesPerOrder)
        _ = try? await database.insert(["order": "\(client.operation)", "receipt": receipt], into: "receipts")
        return .succeeded
      })
    return try overrun(of: world, limit: limit)
  }

  /// Runs seed 1 of `world` watched with a limit of `limit` bytes.
  static func overrun<World: ScenarioWorld>(of world: PluggedScenario<World>, limit: UInt64) throws -> MemoryOverrun? {
    let watch = RunWatch(interval: 256, memoryLimit: RunWatch.MemoryLimit(bytes: limit, advice: "raise it"))
    do {
      _ = try World.makeRunner(world.options, watch: watch).run(1, .fifo)
      return nil
    } catch {
      guard case .memoryBudgetExceeded(let overrun) = error else { throw error }
      return overrun
    }
  }

  @Test func anAppsDatabaseCountsAgainstTheBudget() throws {
    // 2,000 receipts of 10 KB: some 20 MB in the database, against 4 MiB.
    let overrun = try #require(try Self.storing(10_000, orders: 2_000, limit: 4 << 20))
    #expect(overrun.description.contains("held by your code's routes, server and databases"), "\(overrun)")
    // The same orders storing short receipts stay under it.
    #expect(try Self.storing(10, orders: 2_000, limit: 4 << 20) == nil)
  }

  @Test func aTablesBytesFollowItsRowsAndIndexes() {
    var table = DatabaseTable(unique: ["key"])
    #expect(table.bytes == 0)
    for id in 1...100 {
      table.put(DatabaseRow(id: id, columns: ["key": "k\(id)", "body": String(repeating: "b", count: 100)]))
    }
    let rows = table.bytes
    // Each row holds at least its 100-byte body out of line.
    #expect(rows > 100 * 100)
    // An index built at a lookup adds an entry for every row that has the column.
    _ = table.rows(where: "body", is: "")
    #expect(table.bytes > rows)
    for id in 1...100 { table.remove(id) }
    #expect(table.bytes == 0)
  }
}
