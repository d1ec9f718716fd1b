import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The serial executor a ``TaskRuntime`` runs user jobs on: code that
/// yields (`Task.yield()`) or hops back to it enqueues here, and the
/// runtime's thread takes the job into its ready queue.
///
/// A job enqueued here from any other thread is a simulation's work
/// resumed outside it — a continuation resumed from a Dispatch queue or a
/// real timer — and is recorded as an escape, never run.
///
/// Executors outlive their runtimes: a task that escaped may hold a
/// reference to one and enqueue on it long after its run ended, so an
/// executor whose runtime saw an escape is retired (kept for the life of
/// the process), and a clean one goes back to a pool for the next runtime
/// (``acquire()``): the number of executors stays bounded by the
/// runtimes alive at once plus the runs that escaped.
final class SimulatedExecutor: TaskExecutor, SerialExecutor, @unchecked Sendable {
  /// The runtime using the executor now (`nil` between runtimes).
  private let owner = Mutex<Owner>(Owner())

  /// The runtime using the executor: unowned, since the runtime holds its
  /// executor, and read only under the lock, which the runtime's
  /// `deinit` takes to clear it (``release(tainted:)``). Not weak: a weak
  /// reference would move every retain of the runtime to a side table.
  struct Owner {
    unowned(unsafe) var runtime: TaskRuntime?
  }

  /// Clean executors waiting for a runtime, and the retired ones.
  private static let pool = Mutex<(clean: [SimulatedExecutor], retired: [SimulatedExecutor])>(([], []))

  /// An executor for `runtime`, from the pool when one is clean.
  static func acquire(for runtime: TaskRuntime) -> SimulatedExecutor {
    let executor = pool.withLock { $0.clean.popLast() } ?? SimulatedExecutor()
    executor.owner.withLock { $0.runtime = runtime }
    return executor
  }

  /// Gives the executor back: to the pool when no task of its runtime can
  /// still refer to it, else retired for good.
  func release(tainted: Bool) {
    owner.withLock { $0.runtime = nil }
    Self.pool.withLock { pool in
      if tainted { pool.retired.append(self) } else { pool.clean.append(self) }
    }
  }

  /// A job for this executor: into the ready queue of the runtime whose
  /// thread enqueues it, or recorded as an escape.
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    // Read without retaining the runtime: the thread's mark keeps it
    // alive, and this runs on every resume of the simulation's tasks.
    if let pointer = pthread_getspecific(RuntimeThread.key),
      Unmanaged<TaskRuntime>.fromOpaque(pointer)._withUnsafeGuaranteedRef({ $0.enqueue(job, ifRunning: self) })
    {
      return
    }
    owner.withLock {
      $0.runtime?.recordForeign(
        "a job of the simulation was enqueued from another thread (a continuation resumed outside it)")
    }
  }

  /// A task of the simulation began a sleep on the real clock `clock` (its
  /// type's name; the time left is not said, since it depends on when the
  /// real clock was read): an escape of the run
  /// of the thread that began it, reported when the job that began it
  /// returns. The sleep's job is never run: its task stays suspended, and
  /// the executor is retired with its runtime.
  func realSleep(on clock: String) {
    let runtime = RuntimeThread.current.flatMap { $0.executor === self ? $0 : nil }
    let detail =
      "a task of the simulation began a sleep on the real \(clock), which virtual time cannot wait for "
      + "(a simulated timeout racing it would cancel it at once, silently)"
    guard let runtime else {
      owner.withLock { $0.runtime?.recordForeign(detail + ", from a thread that is not running the simulation") }
      return
    }
    runtime.recordLocalEscape(SimulationEscape(.realSleep, detail))
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }
}
