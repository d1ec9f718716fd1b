import FaultSim
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The scenario reader fuzzed in-process, thousands of files a second: a
/// child process of the fuzzer (`--reader-worker`) so that a crash or a
/// hang takes down only the worker, and the driver learns which case did
/// it from the progress file.
///
/// For each case it checks that the file is loaded or refused with a
/// message that starts with the file's name, and that a loaded scenario,
/// shrunk to a few entities, runs or stops with a message, with metrics
/// that satisfy their world's invariants.
struct ReaderWorker {
  let mutator: ScenarioMutator
  let seed: UInt64

  static let stream: UInt64 = 0x5245_4144  // "READ"

  /// What case `index` finds wrong, or nil; `loaded` says whether the
  /// scenario was accepted.
  func check(_ index: UInt64) -> (problem: String?, loaded: Bool, bytes: [UInt8]) {
    var random = FuzzRandom(seed: seed, stream: Self.stream, index: index)
    let (source, bytes) = mutator.bytes(&random)
    let file = "\(source)#\(index)"
    let scenario: Scenario
    do {
      scenario = try Scenario.parse(bytes: bytes, file: file)
    } catch {
      if !error.description.hasPrefix(file) || error.message.isEmpty {
        return ("a refusal without the file or a message: \(error.description.prefix(200))", false, bytes)
      }
      return (nil, false, bytes)
    }
    return (Self.runSmall(scenario), true, bytes)
  }

  /// Runs one seed of a loaded scenario, shrunk so that fuzzing stays fast.
  static func runSmall(_ scenario: Scenario) -> String? {
    var visitor = SmallRun()
    return scenario.world.open(&visitor)
  }

  /// One seed of any world, cut to at most ``entities`` entities (its
  /// first ones, with the same keyed faults).
  struct SmallRun: WorldVisitor {
    typealias Result = String?
    typealias Failure = Never

    static let entities = 8

    func visit<World: PluggableWorld>(_ world: World.Type, _ options: World.Options) -> String? {
      let small = World.engine.resized(options, min(World.engine.size(options), Self.entities))
      do {
        let metrics = try World.runOnce(small, seed: 1, strategy: .fifo, tracing: false).metrics
        return metrics.invariantViolation().map { "metrics break an invariant: \($0)" }
      } catch {
        return error.description.isEmpty ? "a run stopped without a message" : nil
      }
    }
  }

  /// Runs cases from `first` until killed, writing the case about to run to
  /// `progress` and every problem, one line each, to `findings`.
  func run(from first: UInt64, progress: String, findings: String) -> Never {
    let progressFile = open(progress, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let findingsFile = open(findings, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    var loaded: UInt64 = 0
    var index = first
    while true {
      let line = Array("\(index) \(loaded)\n".utf8)
      _ = line.withUnsafeBytes { pwrite(progressFile, $0.baseAddress, $0.count, 0) }
      let result = check(index)
      if result.loaded { loaded += 1 }
      if let problem = result.problem {
        let text = Array("\(index)\t\(problem.replacingOccurrences(of: "\n", with: " "))\n".utf8)
        _ = text.withUnsafeBytes { write(findingsFile, $0.baseAddress, $0.count) }
      }
      index += 1
    }
  }
}
