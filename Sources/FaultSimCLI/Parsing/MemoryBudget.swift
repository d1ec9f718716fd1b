import FaultSim
import Foundation

/// Refuses, before anything runs, work that would not fit in this machine's
/// memory — with the value to lower — instead of dying out of memory.
enum MemoryBudget {
  /// The share of physical memory a run may plan to use.
  static let share = 0.8

  static func check<World: ScenarioWorld>(
    _ world: World.Type, _ options: [World.Options], jobs: Int, scenario: String
  ) throws(CommandFailure) {
    let largest = options.map { World.estimatedBytes($0) }.max() ?? 0
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
}
