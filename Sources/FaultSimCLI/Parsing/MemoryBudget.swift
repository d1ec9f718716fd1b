import FaultSim
import Foundation

/// Refuses, before anything runs, work that would not fit in this machine's
/// memory — with the value to lower — instead of dying out of memory.
enum MemoryBudget {
  /// The share of physical memory a run may plan to use.
  static let share = 0.8

  /// Refuses `jobs` simulations of the largest of `options` (and, with
  /// `trace`, what streaming its timeline in that format holds) when they
  /// would not fit.
  static func check<World: ScenarioWorld>(
    _ world: World.Type, _ options: [World.Options], jobs: Int, scenario: String, trace: TraceFormat? = nil
  ) throws(CommandFailure) {
    let largest = options.map { estimatedBytes(World.self, $0, trace: trace) }.max() ?? 0
    let (total, overflow) = largest.multipliedReportingOverflow(by: UInt64(max(1, jobs)))
    let available = Double(ProcessInfo.processInfo.physicalMemory) * share
    guard overflow || Double(total) > available else { return }
    let gib = { (bytes: Double) in String(format: "%.1f GiB", bytes / 1_073_741_824) }
    let need = overflow ? "more than 16 EiB" : gib(Double(total))
    let jobsText = jobs > 1 ? " with --jobs \(jobs)" : ""
    throw .data(
      "\(scenario): one simulation needs about \(gib(Double(largest))), \(need)\(jobsText), more than \(gib(available)) available; lower \(World.sizeKey)\(jobs > 1 ? " or --jobs" : "")"
    )
  }

  /// What one simulation holds: the world's estimate, plus what a streamed
  /// trace holds (a chunk of output, and for Mermaid its look-ahead and one
  /// entry per declared participant: at most two actors per entity, the
  /// clients or apps and their daemons, and a few shared ones).
  static func estimatedBytes<World: ScenarioWorld>(
    _ world: World.Type, _ options: World.Options, trace: TraceFormat?
  ) -> UInt64 {
    let simulation = World.estimatedBytes(options)
    guard let trace else { return simulation }
    let actors = UInt64(World.size(of: options)).multipliedReportingOverflow(by: 2)
    let held = TraceWriter.heldBytes(format: trace, actors: actors.overflow ? .max : actors.partialValue &+ 8)
    let (total, overflow) = simulation.addingReportingOverflow(held &+ (1 << 17))
    return overflow ? .max : total
  }
}
