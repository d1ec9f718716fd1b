#if compiler(>=6.3)
  @_spi(ExperimentalScheduling) import _Concurrency

  /// Real sleeps in simulated code: a task that prefers the simulation's
  /// executor and calls `Task.sleep`, `ContinuousClock().sleep` or
  /// `SuspendingClock().sleep` hands its job to this executor with the real
  /// clock's deadline instead of to the global executor's timer.
  ///
  /// Such a sleep is reported at once, the same way in every run
  /// (``SimulationEscape/Kind/realSleep``), and its task never resumes. It
  /// is not mapped onto virtual time: its duration can only be recovered by
  /// reading the real clock a second time, microseconds after the caller
  /// did, so a mapped duration would differ from process to process. And
  /// it must not be left to the real clock either: a simulated timeout
  /// racing it would cancel it within the same virtual instant, and a retry
  /// loop with a real back-off would then never retry — a silent pass.
  @available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
  extension SimulatedExecutor: SchedulingExecutor {
    /// A real sleep until `instant` on `clock`: reported, never run.
    func enqueue<C: Clock>(
      _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
    ) {
      _ = UnownedJob(job)
      realSleep(on: "\(C.self)")
    }

    /// A real sleep of `delay` on `clock`: reported, never run.
    func enqueue<C: Clock>(
      _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C
    ) {
      _ = UnownedJob(job)
      realSleep(on: "\(C.self)")
    }
  }
#endif
