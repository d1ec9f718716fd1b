import Dispatch

/// The runs a property check makes of one seed — FIFO first, then each
/// random order — or the simulation error that stopped one (no later run
/// was made).
///
/// Seeds are run on several threads at once (``SeedRuns/run(_:orders:seeds:threads:watch:)``);
/// the property itself is judged on the calling thread, in seed order, so
/// a check reports the same whatever the number of threads and the
/// property's closure never runs concurrently with itself (a tally it
/// keeps needs no lock).
struct SeedRuns<World: ScenarioWorld>: @unchecked Sendable {
  // @unchecked: a world's metrics and final state are values that cross
  // from the thread that ran them to the calling thread once, after the
  // run; the thread that made them never touches them again.

  /// The runs made, one per order, in the orders' order.
  var runs: [WorldRun<World.Metrics, World.FinalState>] = []
  /// The error that stopped the next run, if one did.
  var error: SimulationError?

  /// Runs `seed` in each of `orders`, stopping at an error.
  ///
  /// - Complexity: One run per order.
  static func run(_ options: World.Options, orders: [OrderStrategy], seed: UInt64, watch: RunWatch) -> SeedRuns {
    var made = SeedRuns()
    for strategy in orders {
      do {
        made.runs.append(
          try World.runOnce(
            options, seed: seed, strategy: strategy, tracing: false, faults: .live, simplifiesValues: false,
            watch: watch))
      } catch {
        made.error = error
        return made
      }
    }
    return made
  }

  /// Runs every seed of `seeds` on `threads` threads (at least 1; with 1,
  /// on the calling thread), each run watched by `watch`: the runs in seed
  /// order.
  ///
  /// Each thread takes every `threads`-th seed; every run has a runtime of
  /// its own, so runs on different threads share nothing of FaultSim's.
  ///
  /// - Complexity: One run per order per seed, spread over the threads;
  ///   memory for every run's metrics and final state of the batch.
  static func run(
    _ options: World.Options, orders: [OrderStrategy], seeds: Range<UInt64>, threads: Int, watch: RunWatch
  ) -> [SeedRuns] {
    let count = Int(seeds.count)
    let workers = max(1, min(threads, count))
    guard workers > 1 else { return seeds.map { run(options, orders: orders, seed: $0, watch: watch) } }
    let slots = Slots(count: count)
    defer { slots.free() }
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      for index in stride(from: worker, to: count, by: workers) {
        slots.store(run(options, orders: orders, seed: seeds.lowerBound + UInt64(index), watch: watch), at: index)
      }
    }
    return slots.all
  }

  /// Storage the threads write their seeds' runs into: each slot is
  /// written by one thread only, and read after every thread is done
  /// (`concurrentPerform` returns then).
  private final class Slots: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<SeedRuns>

    init(count: Int) {
      slots = .allocate(capacity: count)
      slots.initialize(repeating: SeedRuns())
    }

    func store(_ runs: SeedRuns, at index: Int) {
      slots[index] = runs
    }

    var all: [SeedRuns] { Array(slots) }

    func free() {
      slots.deinitialize()
      slots.deallocate()
    }
  }
}
