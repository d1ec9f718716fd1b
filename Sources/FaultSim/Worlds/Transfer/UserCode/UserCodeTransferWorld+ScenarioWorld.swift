extension UserCodeTransferWorld: ScenarioWorld {
  /// The transfer world's draw purposes and the runtime's.
  public typealias Draws = UserCodeDraw<TransferDraw>

  /// The metrics of the run that just ended, from the daemon's records and
  /// what the apps stored. The registry columns (`uncertain`,
  /// `misreported`) stay 0: your app's registry is your code's, and the
  /// world does not read it.
  ///
  /// - Complexity: O(files + tasks + users).
  public func metrics(events: UInt64) -> TransferMetrics {
    model.metrics(events: events)
  }

  /// Each file's final state, in file order (the registry's row is your
  /// code's, so it reads `-`).
  ///
  /// - Complexity: O(files + tasks).
  public func finalState() -> EntityStates<TransferFileOutcome> {
    model.finalState()
  }
}

extension UserCodeTransferWorld: DerivedWorld, ProbedWorld, MemorySizedWorld, ShrinkableWorld {
  /// The world whose scenarios it runs.
  public typealias Base = TransferWorld

  /// The scenario's options.
  public static func base(of options: Options) -> TransferWorldOptions { options.scenario }

  /// The same app over other scenario options.
  public static func rebased(_ options: Options, on base: TransferWorldOptions) -> Options {
    Options(scenario: base)
  }

  /// What the repeat half of the probe does.
  public static var repeatedOperation: String {
    "the user reopens the app twice in a row (the second reopen finds it running: becameActive() runs)"
  }

  /// The transfer world's estimate plus each device's processes: measured
  /// about 4 KiB a user (app objects, tasks, disk).
  public static func estimatedBytes(_ options: Options) -> UInt64 {
    TransferWorld.estimatedBytes(options.scenario) + 4_096 * UInt64(options.scenario.workload.users)
  }
}
