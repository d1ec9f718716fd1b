/// How user code under simulation left it (SPEC §2.5): what happened, and
/// what to change so that it stays inside.
///
/// A run whose code escaped is not a function of its seed — a real clock
/// or a real socket decided part of it, or another thread ran some of it —
/// so it stops with ``SimulationError/escape(_:)`` instead of passing.
public struct SimulationEscape: Error, Hashable, Sendable, CustomStringConvertible {
  /// What escaped.
  @usableFromInline package enum Kind: String, CaseIterable, Hashable, Sendable {
    /// Work of the simulation was resumed on a thread that is not running
    /// it: a continuation resumed from a Dispatch queue or a real timer.
    case foreignThread = "foreign-thread"
    /// A simulated service (transport, clock, background session) was
    /// called from outside the simulated task that owns it.
    case outsideSimulation = "outside-simulation"
    /// The run ran out of events while user code was still waiting: on a
    /// real sleep, a real socket, a continuation nobody resumes or an
    /// executor of its own (or the main actor, on a runtime without the
    /// main-executor hook).
    case stillWaiting = "still-waiting"
    /// The process cannot hook the Swift concurrency runtime (the hook
    /// symbol is missing), so user code cannot be run deterministically.
    case runtimeUnavailable = "runtime-unavailable"
    /// Simulated code slept on a real clock (`Task.sleep`,
    /// `ContinuousClock`, `SuspendingClock`): reported at the sleep, since
    /// virtual time cannot wait for it and a simulated timeout racing it
    /// would cancel it silently.
    case realSleep = "real-sleep"
    /// Simulated code hopped to the main actor (`MainActor.run`, a
    /// `@MainActor` function or type, `Task { @MainActor in }`): reported
    /// at the hop, since the process's main thread would run the work
    /// outside virtual time.
    case mainActor = "main-actor"
  }

  /// What escaped.
  @usableFromInline package var kind: Kind
  /// What happened, in the simulation's terms.
  @usableFromInline package var detail: String

  /// An escape of `kind`; `detail` says what happened.
  @usableFromInline package init(_ kind: Kind, _ detail: String) {
    self.kind = kind
    self.detail = detail
  }

  /// `user code left the simulation (still-waiting): … — …`, with what to
  /// change.
  public var description: String {
    "user code left the simulation (\(kind.rawValue)): \(detail) — \(advice)"
  }

  /// What to change so that the code stays inside.
  var advice: String {
    switch kind {
    case .foreignThread, .stillWaiting:
      "sleep on the simulated clock (not Task.sleep or ContinuousClock), send through the simulated transport "
        + "and session (not URLSession or sockets), resume continuations only from simulated code, and keep "
        + "the work off the main actor and off actors with executors of their own"
    case .outsideSimulation:
      "call the simulated services only from the tasks the simulation runs (a task started with Task.detached "
        + "does not belong to any operation; Task { } and child tasks do)"
    case .realSleep:
      "sleep on the SimulatedClock the simulation gives your code (`client.clock`, `device.clock`), taken as a "
        + "`some Clock<Duration>` parameter, instead of Task.sleep, ContinuousClock or SuspendingClock; in "
        + "production pass ContinuousClock()"
    case .mainActor:
      "keep the code the simulation runs off the main actor: make the service nonisolated (with @concurrent "
        + "async functions where the target is main-actor by default) and test it directly; the main-actor "
        + "screen that calls it is not simulated"
    case .runtimeUnavailable:
      "run on a toolchain whose Swift concurrency runtime exports swift_task_enqueueGlobal_hook "
        + "(Swift 5.9 or later, Linux or Apple platforms)"
    }
  }
}
