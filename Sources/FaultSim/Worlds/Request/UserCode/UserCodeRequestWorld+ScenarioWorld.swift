extension UserCodeRequestWorld: SimulatedWorld {
  /// Runs as a simulation of the world.
  @inlinable
  public static var engine: WorldEngine<Self> { .simulating }
  /// What a run measures.
  public typealias Metrics = RequestMetrics
  /// Each entity's final state, in entity order.
  public typealias FinalState = EntityStates<RequestOperationOutcome>

  /// The request world's draw purposes and the runtime's task order.
  public typealias Draws = UserCodeDraw<RequestDraw>
}

extension UserCodeRequestWorld: DerivedWorld, ProbedWorld, MemorySizedWorld, ShrinkableWorld {
  /// The world whose scenarios it runs.
  @usableFromInline package typealias Base = RequestWorld

  /// The scenario's options.
  @inlinable
  package static func base(of options: Options) -> RequestWorldOptions { options.scenario }

  /// The same code and server over other scenario options.
  @inlinable
  package static func rebased(_ options: Options, on base: RequestWorldOptions) -> Options { options.with(base) }

  /// What the repeat half of the probe does.
  @usableFromInline package static var repeatedOperation: String { "each operation's code run twice" }

  /// The request world's estimate with the code's records, plus what each
  /// operation's code holds (`codeBytes(operations:)`).
  @inlinable
  package static func estimatedBytes(_ options: Options) -> UInt64 {
    RequestWorld.estimatedBytes(
      options.scenario, client: UserCodeClients.Record.self, server: ServerRecord<Handler.Entry>.self
    ).adding(saturating: codeBytes(operations: options.scenario.workload.operations))
  }

  /// What the code of `operations` operations holds, counted for every
  /// operation: its process record and a waiting request, by their
  /// layouts; its task (``MemoryFootprint/task``); and its disk with one
  /// stored entry (an outbox's). What else the code stores on its disk is
  /// the code's own and not bounded here.
  @usableFromInline
  static func codeBytes(operations: Int) -> UInt64 {
    let record =
      MemoryFootprint.fixed(1, of: UserCodeClients.Process.self)
      + MemoryFootprint.records(1, of: UserCodeClients.Pending.self)
    let disk = SimulatedDisk.emptyBytes + MemoryFootprint.dictionaryEntry(String.self, String.self)
    return UInt64(max(0, operations)).multiplied(saturating: record + MemoryFootprint.task + disk)
  }
}
