/// Why a run stopped early. Every case carries a message a user can act on.
public enum SimulationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Virtual time left the clock's range.
  case clockOverflow(ClockOverflow)
  /// The run handled more events than its limit: usually a model that keeps
  /// rescheduling itself (an unbounded retry loop).
  case eventLimitExceeded(limit: UInt64, at: VirtualTime)
  /// A model found a state it cannot continue from.
  case model(String)
  /// A sum of runs (or of one run's events) no longer fits its counter.
  case sumOverflow(MetricsOverflow)
  /// User code under simulation left it: it waited on a real clock, a real
  /// socket or an executor the simulation does not drive, or ran on a
  /// thread of its own (SPEC §2.5). The run's outcome would not be a
  /// function of its seed, so it is an error, never a pass.
  case escape(SimulationEscape)
  /// The run was asked to stop (`RunWatch.requestStop()`: an interrupt)
  /// before it ended; its result is incomplete and must not be used.
  case interrupted(at: VirtualTime)
  /// The run held more memory than its `RunWatch`'s
  /// `RunWatch.memoryLimit` allows: it was stopped before the process
  /// ran out.
  case memoryBudgetExceeded(MemoryOverrun)
  /// A setting the run reads from its environment cannot be used (e.g.
  /// `FAULTSIM_MEMORY_BUDGET` is not a size): nothing ran.
  case configuration(String)

  /// The message for a user: what overflowed or ran away, and what to lower.
  public var description: String {
    switch self {
    case .clockOverflow(let overflow):
      return overflow.description
    case .eventLimitExceeded(let limit, let time):
      return
        "the run handled more than \(limit) events (virtual time \(time)); a model may be rescheduling without end — lower the attempt budget or raise the event limit"
    case .model(let message):
      return message
    case .sumOverflow(let overflow):
      return overflow.description
    case .escape(let escape):
      return escape.description
    case .interrupted(let time):
      return "the run was interrupted at virtual time \(time), before it ended"
    case .memoryBudgetExceeded(let overrun):
      return overrun.description
    case .configuration(let message):
      return message
    }
  }
}
