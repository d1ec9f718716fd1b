extension UserCodeTransferWorld: SimulatedWorld {
  /// Runs as a simulation of the world.
  @inlinable
  public static var engine: WorldEngine<Self> { .simulating }
  /// What a run measures.
  public typealias Metrics = TransferMetrics
  /// Each entity's final state, in entity order.
  public typealias FinalState = EntityStates<TransferFileOutcome>

  /// The transfer world's draw purposes and the runtime's.
  public typealias Draws = UserCodeDraw<TransferDraw>
}

extension UserCodeTransferWorld: DerivedWorld, ProbedWorld, MemorySizedWorld, ShrinkableWorld {
  /// The world whose scenarios it runs.
  @usableFromInline package typealias Base = TransferWorld

  /// The scenario's options.
  @usableFromInline package static func base(of options: Options) -> TransferWorldOptions { options.scenario }

  /// The same app over other scenario options.
  @usableFromInline package static func rebased(_ options: Options, on base: TransferWorldOptions) -> Options {
    Options(scenario: base)
  }

  /// What the repeat half of the probe does.
  @usableFromInline package static var repeatedOperation: String {
    "the user reopens the app twice in a row (the second reopen finds it running: becameActive() runs)"
  }

  /// The transfer world's estimate plus what your code's side holds,
  /// counted from the layouts: per device its record, its app object, the
  /// tasks of its launch and deliveries (`MemoryFootprint.task`) and its
  /// disk; per file what was stored, a task's info and an entry on the
  /// disk (a registry's row). What else the code stores on its disks, or
  /// in its app object, is the code's own and not bounded here.
  @usableFromInline package static func estimatedBytes(_ options: Options) -> UInt64 {
    let scenario = options.scenario
    let users = UInt64(max(0, scenario.workload.users))
    let files = users.multiplied(saturating: UInt64(max(0, scenario.workload.filesPerUser)))
    let perUser =
      MemoryFootprint.fixed(1, of: UserCodeDevices<App>.Device.self) + MemoryFootprint.object(payload: 64)
      + 2 * MemoryFootprint.task + SimulatedDisk.emptyBytes
    let perFile =
      MemoryFootprint.fixed(1, of: UserCodeDevices<App>.Stored.self)
      + TransferWorld.tasksPerFile
      * (MemoryFootprint.records(1, of: UserCodeDevices<App>.TaskInfo.self)
        + MemoryFootprint.dictionaryEntry(Int.self, TransferTaskID.self))
      + MemoryFootprint.dictionaryEntry(String.self, Int.self)
      + MemoryFootprint.dictionaryEntry(String.self, String.self)
    return TransferWorld.estimatedBytes(scenario).adding(saturating: users.multiplied(saturating: perUser))
      .adding(saturating: files.multiplied(saturating: perFile))
  }
}
