#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The Swift concurrency runtime's global-enqueue hook, installed once per
/// process: every job the runtime would hand to the global executor — a new
/// task, a task group's child, `Task { }`, a default actor's turn, a
/// resumed continuation — passes through ``route(_:_:)`` first.
///
/// Jobs enqueued by a thread that runs a ``TaskRuntime`` go to that
/// runtime's ready queue; every other job goes where it would have gone (a
/// hook installed before ours, or the real global executor). Jobs of the
/// process outside a simulation therefore pay one thread-local read, and
/// simulations on several threads at once (Swift Testing runs tests in
/// parallel) each receive only their own work.
///
/// The hook (`swift_task_enqueueGlobal_hook`) is the runtime's documented
/// test seam, which libraries such as swift-concurrency-extras also use;
/// it is looked up with `dlsym` rather than declared, so that a runtime
/// without it is reported (``SimulationEscape/Kind/runtimeUnavailable``)
/// instead of failing to link.
enum ConcurrencyHooks {
  /// The runtime's own enqueue, handed to the hook.
  typealias Original = @convention(thin) (UnownedJob) -> Void
  /// The hook's type.
  typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

  /// The hook that was installed before ours, if any: jobs that are not a
  /// simulation's go to it.
  nonisolated(unsafe) static var previous: Hook?

  /// Whether the hook is installed: installs it on first use (thread-safe:
  /// a static's initialiser runs once).
  static let isInstalled: Bool = install()

  /// Installs the hook; `false` when the runtime does not export it.
  private static func install() -> Bool {
    #if canImport(Darwin)
      let handle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
      let handle = dlopen(nil, RTLD_NOW)
    #endif
    guard let symbol = dlsym(handle, "swift_task_enqueueGlobal_hook") else { return false }
    let slot = symbol.assumingMemoryBound(to: Hook?.self)
    previous = slot.pointee
    slot.pointee = { job, original in ConcurrencyHooks.route(job, original) }
    return true
  }

  /// Sends `job` to the runtime of the enqueuing thread, or on its way.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  static func route(_ job: UnownedJob, _ original: Original) {
    if let runtime = RuntimeThread.current {
      runtime.enqueue(job)
    } else if let previous {
      previous(job, original)
    } else {
      original(job)
    }
  }
}
