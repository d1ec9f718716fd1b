import Testing

@testable import FaultSim

/// The memory budget a ``RunWatch`` enforces while a run goes: what the
/// model holds and what its pending events hold are counted as they grow,
/// and a run past its limit stops with a message naming what is alive.
@Suite struct RunWatchMemoryTests {
  /// The shipped gateway scenario, with a gateway that gives up on each try
  /// after a second while the server takes an hour to process it; it may
  /// retry on any server (the shipped nginx passes a try only to the next of
  /// its 3 servers), with no total deadline.
  static func abandonedTries(operations: Int) throws -> RequestWorldOptions {
    try GatewayTests.options(
      GatewayTests.shipped([
        "workload.operations=\(operations)", "gateway.attempts=100", "gateway.timeout=1s", "gateway.retryTarget=any",
        "server.processing=1h", "client.timeout=24h",
      ]))
  }

  /// The shipped duplicates scenario, every request copied an hour late and
  /// held back two hours.
  static func heldCopies(operations: Int) throws -> RequestWorldOptions {
    let scenario = try Scenario.shipped(
      "network-duplicates",
      overrides: try [
        "workload.operations=\(operations)", "network.requestDuplication=1", "network.duplicateDelay=1h",
        "network.requestReordering=1", "network.reorderDelay=2h",
      ].map { try ScenarioOverride(parsing: $0) })
    return try #require(RequestWorld.options(of: scenario.world))
  }

  /// Runs `options` with a watch of `limit` bytes checking every
  /// `interval` events; the error it stopped with, if any.
  static func stop(
    _ options: RequestWorldOptions, limit: UInt64, interval: UInt64 = 1_024
  ) -> MemoryOverrun? {
    let watch = RunWatch(interval: interval, memoryLimit: RunWatch.MemoryLimit(bytes: limit, advice: "raise it"))
    do {
      _ = try RequestWorld.makeRunner(options, watch: watch).run(1, .fifo)
      return nil
    } catch {
      guard case .memoryBudgetExceeded(let overrun) = error else { return nil }
      return overrun
    }
  }

  @Test func triesAGatewayGaveUpOnStopTheRunAtTheBudgetByName() throws {
    // 2,000 operations leave 100 tries each at the server for an hour:
    // 200,000 pending completions, far more than 4 MiB.
    let overrun = try #require(Self.stop(try Self.abandonedTries(operations: 2_000), limit: 4 << 20))
    #expect(overrun.heldBytes > 4 << 20)
    #expect(overrun.pendingEvents > 40_000)
    #expect(overrun.description.contains("more than the memory budget of 4.0 MiB"), "\(overrun)")
    #expect(overrun.description.contains("gateway tries given up on"), "\(overrun)")
    #expect(overrun.description.contains("requests still processing at the server"), "\(overrun)")
    #expect(overrun.description.hasSuffix("(raise it)"), "\(overrun)")
  }

  @Test func copiesTheNetworkHoldsStopTheRunAtTheBudget() throws {
    let overrun = try #require(Self.stop(try Self.heldCopies(operations: 20_000), limit: 2 << 20))
    #expect(overrun.pendingBytes > 1 << 20, "\(overrun)")
    #expect(overrun.description.contains("pending events"), "\(overrun)")
  }

  @Test func aRunWithinItsBudgetIsNotStoppedAndComputesTheSame() throws {
    let options = try Self.heldCopies(operations: 500)
    let plain = try RequestWorld.makeRunner(options).run(3, .fifo)
    let watch = RunWatch(interval: 64, memoryLimit: RunWatch.MemoryLimit(bytes: 1 << 30))
    let watched = try RequestWorld.makeRunner(options, watch: watch).run(3, .fifo)
    #expect(watched.summary == plain.summary)
    #expect(watched.finalStateDigest == plain.finalStateDigest)
    #expect(watch.peakBytes > 0)
  }

  @Test func thePendingEventsAreCountedByTheRoomTheirBuffersHold() {
    var queue = EventQueue<UInt64>()
    let headers =
      EventQueue<UInt64>.bucketCount * MemoryLayout<EventQueueBucket<UInt64>>.stride
      + EventQueue<UInt64>.levelCount * MemoryLayout<UInt64>.stride
    #expect(queue.allocatedBytes == headers)
    for index in 0..<10_000 { queue.push(UInt64(index), at: UInt64(index % 977) * 1_000) }
    let stride = MemoryLayout<EventQueueEntry<UInt64>>.stride
    #expect(queue.allocatedBytes >= headers + 10_000 * stride)
    #expect(queue.allocatedBytes <= headers + 4 * 10_000 * stride)
  }

  @Test func liveBytesCountTheKeptFinalStatesAndTheRecordsInFlight() throws {
    let options = try Self.heldCopies(operations: 5_000)
    var keeping = Simulation(model: RequestWorld(options))
    _ = try keeping.run(seed: 1)
    var dropping = Simulation(model: RequestWorld(options))
    dropping.model.dropFinalStates()
    _ = try dropping.run(seed: 1)
    // Independently: one packed outcome per operation is kept, or none.
    // (The two runs' other buffers may differ by an allocator granule:
    // an array's capacity is what the allocator handed out, so the kept
    // states are compared as counted, not as a difference of totals.)
    let kept = 5_000 * MemoryLayout<PackedOutcome>.stride
    let keptBytes = keeping.model.model.finalStates.capacity * MemoryLayout<PackedOutcome>.stride
    #expect(keptBytes >= kept)
    #expect(dropping.model.model.finalStates.capacity == 0)
    #expect(keeping.model.liveBytes >= keptBytes + keeping.model.model.client.records.allocatedBytes)
    #expect(dropping.model.liveBytes >= dropping.model.model.client.records.allocatedBytes)
    // The ring holds at least one client record per operation in flight.
    let clientRecord = MemoryLayout<ClientRecord<BuiltInClientPolicy.Memory>>.stride
    #expect(dropping.model.model.client.records.allocatedBytes >= 16 * clientRecord)
  }

  @Test func requestsProcessingAtTheServerAreCountedUpAndDown() throws {
    let options = try Self.abandonedTries(operations: 50)
    var simulation = Simulation(model: RequestWorld(options))
    _ = try simulation.run(seed: 1)
    #expect(simulation.model.model.server.processingNow == 0)
    let watch = RunWatch(interval: 256, memoryLimit: RunWatch.MemoryLimit(bytes: 1 << 20))
    var stopped = Simulation(model: RequestWorld(try Self.abandonedTries(operations: 2_000)), watch: watch)
    #expect(throws: SimulationError.self) { _ = try stopped.run(seed: 1) }
    let processing = stopped.model.model.server.processingNow
    #expect(processing > 0)
    #expect(processing <= stopped.context.pendingCount)
  }
}
