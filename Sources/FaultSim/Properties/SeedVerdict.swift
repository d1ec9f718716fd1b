import Dispatch

/// What a property check learned from one seed's runs: the runs it judged
/// (FIFO first, then each random order, up to the first that failed),
/// whether one failed, or the simulation error that stopped one.
///
/// Seeds are judged on several threads at once (``SeedVerdict/judge(_:_:seeds:threads:)``)
/// and their verdicts read in seed order, so a check reports the same
/// whatever the number of threads.
struct SeedVerdict: Sendable {
  /// The summaries of the runs judged, in order.
  var summaries: [RunSummary] = []
  /// The order whose run failed the property, if one did.
  var failedIn: OrderStrategy?
  /// The error that stopped a run, if one did (no later run was made).
  var error: SimulationError?

  /// Judges `seed`: runs it in each of `property`'s orders until one
  /// fails the property or stops with an error.
  ///
  /// - Complexity: One run per order judged.
  static func judge<World: ScenarioWorld>(
    _ property: ScenarioProperty<World>, _ options: World.Options, seed: UInt64
  ) -> SeedVerdict {
    var verdict = SeedVerdict()
    for strategy in property.orders.strategies {
      let run: WorldRun<World.Metrics, World.FinalState>
      do {
        run = try World.runOnce(options, seed: seed, strategy: strategy, tracing: false)
      } catch {
        verdict.error = error
        return verdict
      }
      verdict.summaries.append(run.summary)
      if !property.holds(PropertyRun(seed: seed, metrics: run.metrics, finalState: run.finalState)) {
        verdict.failedIn = strategy
        return verdict
      }
    }
    return verdict
  }

  /// Judges every seed of `seeds` on `threads` threads (at least 1; with
  /// 1, on the calling thread): the verdicts in seed order.
  ///
  /// Each thread takes every `threads`-th seed; every run has a runtime of
  /// its own, so runs on different threads share nothing of FaultSim's.
  ///
  /// - Complexity: One run per order judged per seed, spread over the
  ///   threads; O(`seeds.count`) memory for the verdicts.
  static func judge<World: ScenarioWorld>(
    _ property: ScenarioProperty<World>, _ options: World.Options, seeds: Range<UInt64>, threads: Int
  ) -> [SeedVerdict] {
    let count = Int(seeds.count)
    let workers = max(1, min(threads, count))
    guard workers > 1 else { return seeds.map { judge(property, options, seed: $0) } }
    let slots = VerdictSlots(count: count)
    defer { slots.free() }
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      for index in stride(from: worker, to: count, by: workers) {
        slots.store(judge(property, options, seed: seeds.lowerBound + UInt64(index)), at: index)
      }
    }
    return slots.verdicts
  }
}

/// Storage the threads of a parallel judgement write their verdicts into:
/// each slot is written by one thread only, and read after every thread
/// is done (`concurrentPerform` returns then).
private final class VerdictSlots: @unchecked Sendable {
  private let slots: UnsafeMutableBufferPointer<SeedVerdict>

  init(count: Int) {
    slots = .allocate(capacity: count)
    slots.initialize(repeating: SeedVerdict())
  }

  func store(_ verdict: SeedVerdict, at index: Int) {
    slots[index] = verdict
  }

  var verdicts: [SeedVerdict] { Array(slots) }

  func free() {
    slots.deinitialize()
    slots.deallocate()
  }
}
