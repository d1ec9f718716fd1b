import Testing

@testable import FaultSim

/// The runtime of user code as a component: its lifetime, its executors,
/// its ready queue.
@Suite struct TaskRuntimeTests {
  static func options(
    _ code: @escaping @Sendable (SimulatedClient) async -> ClientOutcome
  ) -> UserCodeRequestWorld<BuiltInRequestHandler>.Options {
    var scenario = RequestWorldOptions.checkoutReference(orders: 20)
    scenario.workload.operations = 20
    return .init(scenario: scenario, handler: BuiltInRequestHandler(), code: code)
  }

  @Test func aRuntimeIsFreedWithItsWorldAndItsExecutorOutlivesIt() throws {
    weak var freed: TaskRuntime?
    weak var executor: SimulatedExecutor?
    do {
      var simulation = Simulation(model: UserCodeRequestWorld.model(Self.options { _ in .succeeded }))
      freed = simulation.model.client.runtime
      executor = simulation.model.client.runtime.executor
      _ = try simulation.run(seed: 1)
    }
    #expect(freed == nil, "a world's runtime is not kept alive by its executor")
    // In the pool, or already another runtime's (tests run in parallel).
    #expect(executor != nil, "the executor outlives it: a task of an escaped run may still refer to it")
  }

  /// A run marks its thread for the runtime once, and the mark is gone
  /// however the run ends: returned, escaped (an error thrown mid-run), or
  /// ended with code still waiting. A mark left behind would hand the
  /// thread's later tasks to a finished run.
  @Test func aRunLeavesItsThreadUnmarkedHoweverItEnds() throws {
    let endings: [(String, @Sendable (SimulatedClient) async -> ClientOutcome)] = [
      ("returned", { _ in .succeeded }),
      (
        "escaped",
        { _ in
          try? await Task.sleep(for: .milliseconds(50))
          return .succeeded
        }
      ),
      (
        "still waiting",
        { _ in
          await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
          return .succeeded
        }
      ),
    ]
    for (ending, code) in endings {
      var simulation = Simulation(model: UserCodeRequestWorld.model(Self.options(code)))
      let runtime = simulation.model.client.runtime
      #expect(RuntimeThread.current == nil, "\(ending): marked before the run")
      let threw = (try? simulation.run(seed: 1)) == nil
      #expect(threw == (ending != "returned"), "\(ending)")
      #expect(!runtime.isCurrent && RuntimeThread.current == nil, "\(ending): the thread is still marked after the run")
    }
  }

  /// The same for an app of your own in the transfer world, which marks
  /// its thread once per run too (`TransferAppComponent.beginRun()`).
  @Test(arguments: ["returned", "escaped", "still waiting"])
  func aTransferRunLeavesItsThreadUnmarkedHoweverItEnds(ending: String) throws {
    let options = try #require(
      TransferWorld.options(
        of: Scenario.shipped("podcast-relaunch-by-id", overrides: [ScenarioOverride(parsing: "workload.users=2")])
          .world))
    func check<App: BackgroundTransferApp>(_ app: App.Type) {
      var simulation = Simulation(model: UserCodeTransferWorld<App>.model(.init(scenario: options)))
      let runtime = simulation.model.app.runtime
      #expect(RuntimeThread.current == nil, "\(ending): marked before the run")
      let threw = (try? simulation.run(seed: 1)) == nil
      #expect(threw == (ending != "returned"), "\(ending)")
      #expect(!runtime.isCurrent && RuntimeThread.current == nil, "\(ending): the thread is still marked after the run")
    }
    switch ending {
    case "returned": check(IdleApp.self)
    case "escaped": check(SleepingApp.self)
    default: check(WaitingApp.self)
    }
  }

  /// An app that does nothing: its runs return.
  final class IdleApp: BackgroundTransferApp {
    init(device: SimulatedDevice) {}
    func launched(_ launch: AppLaunch) async {}
  }

  /// An app that sleeps on the real clock at launch: an escape.
  final class SleepingApp: BackgroundTransferApp {
    init(device: SimulatedDevice) {}
    func launched(_ launch: AppLaunch) async { try? await Task.sleep(for: .milliseconds(50)) }
  }

  /// An app whose launch waits on something nothing resumes.
  final class WaitingApp: BackgroundTransferApp {
    init(device: SimulatedDevice) {}
    func launched(_ launch: AppLaunch) async {
      await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
    }
  }

  @Test func theReadyQueueRunsInFIFOOrderAndClosesGaps() throws {
    let runtime = TaskRuntime()
    try runtime.enter()
    defer { runtime.leave() }
    let order = Order()
    for index in 0..<4 { runtime.spawn { order.append(index) } }
    #expect(runtime.readyCount == 4)
    try runtime.run(runtime.takeJob(at: 2))
    while runtime.readyCount > 0 { try runtime.run(runtime.takeJob(at: 0)) }
    #expect(order.values == [2, 0, 1, 3])
  }

  final class Order: @unchecked Sendable {
    var values: [Int] = []
    func append(_ value: Int) { values.append(value) }
  }
}
