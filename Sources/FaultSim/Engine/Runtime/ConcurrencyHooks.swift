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
/// A second hook, on the lookup of the main actor's executor
/// (`swift_task_getMainExecutor_hook`), catches simulated code that hops to
/// the main actor (`MainActor.run`, a `@MainActor` function,
/// `Task { @MainActor in }`): every hop looks the executor up on the thread
/// that hops, and a lookup on a thread that runs a ``TaskRuntime`` stops
/// the run with ``SimulationEscape/Kind/mainActor`` after the job, in every
/// run and every process. (The main executor's enqueue hook would be the
/// natural seam, but Swift 6.3's runtime on Linux does not call it: the
/// main thread's executor is implemented in Swift there.) Without it,
/// whether the hop's work came back before the run ended depended on
/// whether the process's main thread was free to run it.
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
  /// The runtime's own lookup of the main actor's executor.
  typealias MainExecutorOriginal = @convention(thin) () -> UnownedSerialExecutor
  /// The main-executor lookup hook's type.
  typealias MainExecutorHook = @convention(thin) (MainExecutorOriginal) -> UnownedSerialExecutor

  /// The main-executor lookup hook that was installed before ours, if any.
  nonisolated(unsafe) static var previousMain: MainExecutorHook?

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
    if let lookup = dlsym(handle, "swift_task_getCurrent") {
      CurrentTask.lookup = unsafeBitCast(lookup, to: CurrentTask.Lookup.self)
    }
    let slot = symbol.assumingMemoryBound(to: Hook?.self)
    previous = slot.pointee
    slot.pointee = { job, original in ConcurrencyHooks.route(job, original) }
    // Without this hook a hop to the main actor is still caught, later:
    // its task never comes back and is reported waiting.
    if let symbol = dlsym(handle, "swift_task_getMainExecutor_hook") {
      let slot = symbol.assumingMemoryBound(to: MainExecutorHook?.self)
      previousMain = slot.pointee
      slot.pointee = { original in ConcurrencyHooks.mainExecutor(original) }
    }
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

  /// The main actor's executor, noting first that a simulation asked for
  /// it: code running on a ``TaskRuntime``'s thread looks it up only to hop
  /// to the main actor, and the run stops with the escape after its job.
  ///
  /// - Complexity: O(1).
  static func mainExecutor(_ original: MainExecutorOriginal) -> UnownedSerialExecutor {
    RuntimeThread.current?.recordMainActorHop()
    if let previousMain { return previousMain(original) }
    return original()
  }
}
