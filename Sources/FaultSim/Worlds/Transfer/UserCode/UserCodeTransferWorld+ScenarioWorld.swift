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
    var m = TransferMetrics()
    m.runs = 1
    m.events = events
    var useful: UInt64 = 0
    var tasks = DaemonTaskTotals()
    let daemonFiles = daemon.fileRecords(totals: &tasks)
    for file in devices.stored.indices {
      let result = devices.stored[file]
      let daemonFile = daemonFiles[file]
      if result.copies > 0 && !result.corrupt { useful &+= result.usefulBytes }
      m.orphanedTransfers &+= UInt64(daemonFile.orphanedTransfers)
      m.files &+= 1
      let duplicate = daemonFile.completedTransfers > 1 || daemonFile.mostAlive >= 2 || result.copies > 1
      if duplicate { m.duplicated &+= 1 }
      if result.copies > 0 && !duplicate && daemonFile.completedTransfers == 1 { m.transferredOnce &+= 1 }
      if result.copies == 0 { m.lost &+= 1 }
      if result.copies > 0 && result.corrupt { m.corrupt &+= 1 }
      if daemonFile.orphanedTransfers > 0 { m.orphaned &+= 1 }
      if daemonFile.progressUnknown { m.progressUnknown &+= 1 }
      if result.copies > 0 { m.completion.record(result.storedAt.nanoseconds) }
    }
    m.tasksCreated &+= tasks.created
    m.transfersCompleted &+= tasks.completed
    m.cancelledByApp &+= tasks.cancelledByApp
    m.bytesTransferred = daemon.bytesMoved
    m.bytesWasted = m.bytesTransferred - min(m.bytesTransferred, useful)
    let perWake = settings.options.lifecycle.backgroundWorkPerWake.nanoseconds
    for user in devices.devices.indices {
      let device = devices.devices[user]
      m.wakeUps &+= UInt64(device.wakeUps)
      m.backgroundRuntime &+= UInt64(device.wakeUps) &* perWake
      m.aliveAtRelaunch &+= UInt64(device.aliveAtRelaunch)
      m.tasksOrphaned &+= UInt64(daemon.devices[user].tasksOrphaned)
    }
    return m
  }

  /// Each file's final state, in file order (the registry's row is your
  /// code's, so it reads `-`).
  ///
  /// - Complexity: O(files + tasks).
  public func finalState() -> EntityStates<TransferFileOutcome> {
    let daemonFiles = daemon.fileRecords()
    return EntityStates(
      devices.stored.indices.map { file in
        let result = devices.stored[file]
        let daemonFile = daemonFiles[file]
        return TransferFileOutcome(
          name: settings.fileName(file), stored: result.copies > 0, corrupt: result.corrupt,
          transfers: Int(daemonFile.completedTransfers), orphaned: Int(daemonFile.orphanedTransfers),
          concurrent: daemonFile.mostAlive >= 2 || result.copies > 1, row: "-")
      })
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
    "the user reopens the app twice in a row (your launch code runs twice)"
  }

  /// The transfer world's estimate plus each device's processes: measured
  /// about 4 KiB a user (app objects, tasks, disk).
  public static func estimatedBytes(_ options: Options) -> UInt64 {
    TransferWorld.estimatedBytes(options.scenario) + 4_096 * UInt64(options.scenario.workload.users)
  }
}
