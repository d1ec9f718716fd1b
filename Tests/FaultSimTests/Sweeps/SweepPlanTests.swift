import Testing

@testable import FaultSim

/// A sweep is planned in one place: the grid is checked when the request
/// is made, every cell is read once, the memory is checked and the warnings
/// are collected once — before any seed runs — and the plan's cells are the
/// ones that run.
@Suite struct SweepPlanTests {
  static let file = "small.json"
  static var bytes: [UInt8] { Array(SweepExecutionTests.scenario.utf8) }

  static func request(
    settings: [String] = [], vary: [String] = ["network.responseLoss=0.1,0.3"], seeds: UInt64 = 6,
    interleavings: Int? = nil
  ) throws -> SweepRequest {
    try SweepRequest(
      settings: settings.map { try ScenarioOverride(parsing: $0) },
      grid: SweepGrid(axes: vary.map { try SweepGrid.Axis(parsing: $0) }), seeds: try SeedRange(0, seeds),
      interleavings: interleavings)
  }

  /// Opens a request's plan and keeps it; counts the visits.
  struct Keeper: SweepPlanVisitor {
    var plan: SweepPlan<RequestWorld>?
    var visits = 0

    mutating func visit<World: PluggableWorld>(_ plan: SweepPlan<World>) throws(SweepPlanError) {
      visits += 1
      self.plan = plan as? SweepPlan<RequestWorld>
    }

    func failure(_ error: SweepPlanError) -> SweepPlanError { error }
  }

  static func plan(
    _ request: SweepRequest, limits: SweepRequest.Limits = .init(jobs: 2)
  ) throws(SweepPlanError) -> (plan: SweepPlan<RequestWorld>?, visits: Int) {
    var keeper = Keeper()
    try request.open(file: file, bytes: bytes, limits: limits, &keeper)
    return (keeper.plan, keeper.visits)
  }

  @Test func aGridThatRepeatsAnExperimentIsRefusedBeforeAnyFileIsRead() throws {
    #expect(throws: SweepError.self) { try Self.request(vary: ["network.responseLoss=0.1,0.10"]) }
    #expect(throws: SweepError.self) {
      try Self.request(settings: ["network.responseLoss=0.2"], vary: ["network.responseLoss=0.1,0.3"])
    }
  }

  @Test func aSweepOverTheMemoryBudgetIsRefusedBeforeAnythingRuns() throws {
    let request = try Self.request(settings: ["workload.operations=200000"])
    do {
      let opened = try Self.plan(request, limits: .init(jobs: 4, memoryBytes: 8 << 20))
      Issue.record("a sweep over its budget was planned: \(opened.visits) visits")
    } catch {
      guard case .overMemoryBudget(let estimate, let lower) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(estimate.simulations == 4)
      #expect(estimate.total.map { $0 > 8 << 20 } == true)
      #expect(lower == "workload.operations or --jobs")
    }
    // The same plan fits a larger budget.
    let fits = try Self.plan(request, limits: .init(jobs: 4, memoryBytes: 1 << 40))
    #expect(fits.visits == 1)
  }

  @Test func theMemoryEstimateIsTheWorldsPlusWhatEveryCellKeeps() throws {
    let plan = try #require(try Self.plan(try Self.request(vary: ["network.responseLoss=0.1,0.2,0.3"])).plan)
    let largest = plan.sweep.cells.map { RequestWorld.estimatedBytes($0.options) }.max()
    #expect(plan.memory.perSimulation == largest)
    #expect(plan.memory.simulations == 2)
    let kept = plan.sweep.cells.map { Sweep<RequestWorld>.keptBytes($0) }.reduce(0, +)
    #expect(plan.memory.cellBytes == kept)
    #expect(plan.memory.total == largest.map { $0 * 2 + kept })
    // Each cell keeps at least its histograms' planned blocks.
    let histograms = UInt64(RequestMetrics.histograms.count)
    #expect(kept >= 3 * histograms * DurationHistogram.plannedBlocks * DurationHistogram.blockBytes)
  }

  @Test func noMoreWorkersThanRuns() throws {
    let plan = try #require(try Self.plan(try Self.request(seeds: 1), limits: .init(jobs: 64)).plan)
    #expect(plan.workers == 2)
  }

  @Test func aWarningOfEveryCellAppearsOnce() throws {
    // One attempt: the backoff cannot matter, in every cell; the first
    // --set is replaced by the second.
    let request = try Self.request(
      settings: ["client.attempts=2", "client.attempts=1"], vary: ["network.responseLoss=0.1,0.2,0.3"],
      interleavings: 3)
    let plan = try #require(try Self.plan(request).plan)
    let backoff = plan.warnings.filter { $0.contains("client.backoff") }
    #expect(backoff.count == 1, "\(plan.warnings)")
    #expect(!backoff[0].contains("cells"), "every cell: no list of cells, \(backoff)")
    let shadowed = plan.warnings.filter { $0.hasPrefix("--set client.attempts=2: replaced by the later") }
    #expect(shadowed.count == 1, "\(plan.warnings)")
  }

  @Test func interleavingsWhereNoCellCanRaceAndIdleJobsAreWarnedOf() throws {
    let quiet = try Self.request(settings: ["races.window=0ms"], interleavings: 4)
    let plan = try #require(try Self.plan(quiet).plan)
    #expect(plan.warnings.contains { $0.hasPrefix("--interleavings 4: no cell can meet a race") }, "\(plan.warnings)")
    // Not given: the default is not a request that can be a no-op.
    let unasked = try #require(try Self.plan(try Self.request(settings: ["races.window=0ms"])).plan)
    #expect(!unasked.warnings.contains { $0.hasPrefix("--interleavings") })
    let execution = try plan.execution()
    let all = plan.warnings(jobs: execution.workItems + 5, workItems: execution.workItems)
    #expect(all.last?.hasPrefix("--jobs \(execution.workItems + 5): there are \(execution.workItems) pieces") == true)
    #expect(plan.warnings(jobs: nil, workItems: execution.workItems) == plan.warnings)
  }

  @Test func cellZeroIsTheScenarioAlreadyReadNotReadAgain() throws {
    let request = try Self.request()
    // Cell 0 as the opener read it, told apart by its file name.
    let first = try Scenario.parse(bytes: Self.bytes, file: "first-read.json", overrides: request.overrides(ofCell: 0))
    let options = try #require(RequestWorld.options(of: first.world))
    let plan = try SweepPlan<RequestWorld>(
      request, file: Self.file, bytes: Self.bytes, first: (first, options), limits: .init(jobs: 1))
    #expect(plan.sweep.cells[0].scenario.file == "first-read.json")
    #expect(plan.sweep.cells[1].scenario.file == Self.file)
    #expect(plan.sweep.cells.count == request.cellCount)
  }

  @Test func thePlansCellsAreTheSweepTheLibraryRuns() throws {
    let request = try Self.request(settings: ["client.attempts=2"], vary: ["network.responseLoss=0.1,0.3"])
    let plan = try #require(try Self.plan(request).plan)
    let sweep = try Sweep<RequestWorld>(
      file: Self.file, bytes: Self.bytes, settings: request.settings, grid: request.grid, seeds: request.seeds)
    #expect(plan.sweep.digest == sweep.digest)
    #expect(plan.sweep.cells.map(\.overrides) == sweep.cells.map(\.overrides))
    #expect(plan.sweep.cells.map(\.scenario.digest) == sweep.cells.map(\.scenario.digest))
    let execution = try plan.execution()
    #expect(try execution.run(jobs: 2))
    #expect(execution.table() == (try sweep.table()))
    #expect(plan.columns.first == "network.responseLoss")
  }

  /// Cell 1 reads the file as a transfer world, where the request
  /// world's keys are invalid: refused while planning, and nothing is
  /// visited.
  @Test func anInvalidLaterCellIsRefusedBeforeAnythingRuns() throws {
    let request = try Self.request(vary: ["world=request,transfer"])
    var keeper = Keeper()
    #expect(throws: SweepPlanError.self) {
      try request.open(file: Self.file, bytes: Self.bytes, limits: .init(jobs: 1), &keeper)
    }
    #expect(keeper.visits == 0)
  }
}
