import Synchronization

/// The deterministic runtime of user async code (SPEC §8): every job of
/// the tasks the code creates — structured children, `Task { }`, default
/// actors' turns, resumed continuations — runs on one thread, one at a
/// time, in an order the simulation chooses, and the code's sleeps advance
/// virtual time.
///
/// How it works: while a world runs user code it marks its thread
/// (``enter()``), and the Swift concurrency runtime's global-enqueue hook
/// (``ConcurrencyHooks``) hands every job enqueued from that thread to
/// this runtime's ready queue instead of the global executor. The world
/// then takes jobs from the queue (``takeJob(at:)``) — the first in FIFO
/// order, or another when its strategy says so, which makes interleavings
/// of concurrent tasks choice points like the engine's races — and runs
/// each to its next suspension (``run(_:)``) on a ``SimulatedExecutor``.
/// Because no other thread runs the code and every job comes from the code
/// itself, the same seed and choices give the same interleaving and the
/// same trace in any process.
///
/// A runtime belongs to one world and is used from one thread at a time
/// (the worlds' runners are per thread); other threads only record escapes.
/// Its stored properties therefore skip the dynamic exclusivity checks
/// (`@exclusivity(unchecked)`), which cost a call per access on every job;
/// what other threads touch is behind `foreign`'s lock.
@usableFromInline
final class TaskRuntime: @unchecked Sendable {
  /// Jobs ready to run, from `head` to `tail`, in enqueue order (the
  /// storage is reused: slots past `tail` are stale).
  @exclusivity(unchecked) private var ready: [UnownedJob] = []
  @exclusivity(unchecked) private var head = 0
  @exclusivity(unchecked) private var tail = 0
  /// The executor jobs run on.
  @exclusivity(unchecked) private(set) var executor: SimulatedExecutor!
  /// The virtual instant user code sees (``SimulatedClock/now``).
  @usableFromInline
  @exclusivity(unchecked) var now = VirtualTime.zero
  /// The instant of the latest scheduling choice, and how many were made
  /// at it: the choices' identities.
  @usableFromInline
  @exclusivity(unchecked) var choiceInstant = VirtualTime.zero
  @usableFromInline
  @exclusivity(unchecked) var choiceStep = 0
  /// The run's randomness, for the code's own generators
  /// (``SimulatedRandom``).
  @usableFromInline
  @exclusivity(unchecked) var random = KeyedRandom(seed: 0)
  /// The sleeping tasks.
  @usableFromInline
  @exclusivity(unchecked) var sleepers = SleeperTable()
  /// What other threads did to this runtime's work, for the next check.
  private let foreign = Mutex<ForeignActivity>(ForeignActivity())
  /// An escape seen on this runtime's own thread, reported after the job
  /// that made it (``run(_:)``).
  @usableFromInline
  @exclusivity(unchecked) var localEscape: SimulationEscape?
  /// Whether some run of this runtime left work behind (an escape): its
  /// executor may still be referred to and is retired.
  @exclusivity(unchecked) private var tainted = false
  /// The thread's previous mark, while this runtime's is on.
  @exclusivity(unchecked) private var outer: TaskRuntime?
  @exclusivity(unchecked) private var entered = 0

  /// A runtime with an executor of its own.
  @usableFromInline
  init() {
    executor = SimulatedExecutor.acquire(for: self)
  }

  deinit {
    executor.release(tainted: tainted)
  }

  // MARK: The thread

  /// Marks the current thread as running this runtime: jobs it enqueues
  /// from now on are this runtime's. Nests.
  ///
  /// - Throws: ``SimulationEscape/Kind/runtimeUnavailable`` when the
  ///   concurrency runtime cannot be hooked.
  @usableFromInline
  @inline(__always)
  func enter() throws(SimulationError) {
    guard ConcurrencyHooks.isInstalled else {
      throw .escape(
        SimulationEscape(
          .runtimeUnavailable, "the Swift concurrency runtime does not export swift_task_enqueueGlobal_hook"))
    }
    if entered == 0 {
      outer = RuntimeThread.current
      RuntimeThread.mark(self)
    }
    entered += 1
  }

  /// Undoes the latest ``enter()``.
  @usableFromInline
  @inline(__always)
  func leave() {
    entered -= 1
    if entered == 0 {
      RuntimeThread.mark(outer)
      outer = nil
    }
  }

  /// Whether the current thread is running this runtime now.
  @usableFromInline
  @inline(__always)
  var isCurrent: Bool { RuntimeThread.runs(self) }

  // MARK: Jobs

  /// A job enqueued from this runtime's thread.
  @usableFromInline
  @inline(__always)
  func enqueue(_ job: UnownedJob) {
    if tail < ready.count {
      ready[tail] = job
    } else {
      ready.append(job)
    }
    tail += 1
  }

  /// `job`, enqueued on `executor` from this runtime's thread: into the
  /// ready queue when `executor` is this runtime's; `false` otherwise.
  @inline(__always)
  func enqueue(_ job: UnownedJob, ifRunning executor: SimulatedExecutor) -> Bool {
    guard self.executor === executor else { return false }
    enqueue(job)
    return true
  }

  /// Jobs ready to run now.
  @usableFromInline
  @inline(__always)
  var readyCount: Int { tail - head }

  /// Takes the job `offset` places from the front of the ready queue (0:
  /// the oldest, FIFO).
  ///
  /// - Complexity: O(1) for the front, O(ready jobs) otherwise.
  @usableFromInline
  @inline(__always)
  func takeJob(at offset: Int) -> UnownedJob {
    let job = ready[head + offset]
    if offset > 0 {
      // Close the gap, keeping the others in the order they became ready.
      var index = head + offset
      while index > head {
        ready[index] = ready[index - 1]
        index -= 1
      }
    }
    head += 1
    if head == tail {
      head = 0
      tail = 0
    }
    return job
  }

  /// The next job to run, or `nil` when none is ready: the oldest, unless
  /// several are ready at once — then a choice point of the run's strategy
  /// (`RuntimeDraw.taskOrder`, keyed by the instant and how many choices
  /// were made at it before), 0 being the oldest.
  ///
  /// - Complexity: O(1) with one job ready; O(ready jobs) with several.
  @inlinable
  func nextJob<Event>(_ context: inout SimulationContext<Event>) -> UnownedJob? {
    let ready = readyCount
    guard ready > 0 else { return nil }
    guard ready > 1 else { return takeJob(at: 0) }
    if context.now != choiceInstant {
      choiceInstant = context.now
      choiceStep = 0
    }
    let identity = SchedulingIdentity(instant: context.now, step: choiceStep)
    choiceStep += 1
    let chosen = context.choose(
      race: DrawKey(identity, RuntimeDraw.taskOrder.purpose), label: RuntimeDraw.taskOrder.name,
      alternatives: (1...ready).map { "ready task \($0)" })
    return takeJob(at: chosen)
  }

  /// Runs a job to its task's next suspension, on this thread.
  ///
  /// - Throws: ``SimulationError/escape(_:)`` when the job began a sleep
  ///   on a real clock (``SimulationEscape/Kind/realSleep``) or hopped to
  ///   the main actor (``SimulationEscape/Kind/mainActor``).
  @usableFromInline
  @inline(__always)
  func run(_ job: UnownedJob) throws(SimulationError) {
    job.runSynchronously(on: executor.asUnownedTaskExecutor())
    if let escape = localEscape { throw .escape(escape) }
  }

  /// A job of this runtime left the simulation where it stands (a sleep on
  /// a real clock, a hop to the main actor): the run stops with `escape`
  /// after the job. The task that left is never resumed (like a task
  /// still waiting when a run ends), so the runtime is tainted.
  func recordLocalEscape(_ escape: SimulationEscape) {
    tainted = true
    if localEscape == nil { localEscape = escape }
  }

  /// A job of this runtime hopped to the main actor: the run stops with
  /// ``SimulationEscape/Kind/mainActor`` after the job. The hop's job is
  /// never run, so its task stays suspended and the runtime is tainted.
  func recordMainActorHop() {
    recordLocalEscape(
      SimulationEscape(
        .mainActor,
        "a task of the simulation hopped to the main actor (MainActor.run, a @MainActor function or type, "
          + "Task { @MainActor in }), which the process's main thread runs outside virtual time"))
  }

  /// Starts `body` as a new task of this runtime: its first job is ready
  /// at once. Call between ``enter()`` and ``leave()``.
  ///
  /// The task prefers the runtime's executor (SE-0417), as its child tasks
  /// do: nonisolated async code then runs where it is, instead of hopping
  /// to the global executor and back through the hook at every call.
  ///
  /// - Returns: The task, for cancelling it (its process died).
  @usableFromInline
  @discardableResult
  func spawn(_ body: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
    assert(isCurrent, "a task spawned outside the runtime's thread would escape it")
    let executor = self.executor!
    return Task.detached(executorPreference: executor, operation: body)
  }

  // MARK: Runs

  /// Forgets a run: its ready jobs and sleepers are dropped (a run that
  /// ended cleanly has none), and what other threads did is cleared.
  ///
  /// - Complexity: O(jobs and sleepers left).
  @usableFromInline
  func reset() {
    if readyCount > 0 || sleepers.waiting > 0 { tainted = true }
    head = 0
    tail = 0
    sleepers.removeAll()
    localEscape = nil
    now = .zero
    choiceInstant = .zero
    choiceStep = 0
    foreign.withLock { $0 = ForeignActivity() }
  }

  /// Marks the runtime as having left work behind.
  @usableFromInline
  func taint() {
    tainted = true
  }

  // MARK: Escapes

  /// Records that another thread touched this runtime's work.
  @usableFromInline
  func recordForeign(_ what: String) {
    foreign.withLock { activity in
      activity.count += 1
      if activity.first == nil { activity.first = what }
    }
  }

  /// The first thing other threads did to this run's work, if anything.
  ///
  /// - Complexity: O(1): one lock.
  @usableFromInline
  func foreignEscape() -> SimulationEscape? {
    let activity = foreign.withLock { $0 }
    guard let first = activity.first else { return nil }
    tainted = true
    let more = activity.count > 1 ? " (and \(activity.count - 1) more)" : ""
    return SimulationEscape(.foreignThread, first + more)
  }

  /// What other threads did, counted.
  @usableFromInline
  struct ForeignActivity {
    @usableFromInline
    var count = 0
    @usableFromInline
    var first: String?
  }
}
