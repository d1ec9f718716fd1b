/// What your app stored, for the world's metrics and final states. The
/// registry columns (`uncertain`, `misreported`) stay 0 and the row reads
/// `-`: your app's registry is your code's, and the world does not read it.
extension UserCodeTransferApp {
  /// Adds each file's fate to `m`: stored once, twice, corrupt or lost.
  ///
  /// - Returns: The bytes of good stored copies.
  /// - Complexity: O(files).
  @usableFromInline
  func recordFiles(into m: inout TransferMetrics, daemonFiles: [DaemonFileRecord]) -> UInt64 {
    var useful: UInt64 = 0
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
    return useful
  }

  /// Adds the background wakes and relaunches, and their time, to `m`.
  ///
  /// - Complexity: O(users).
  @usableFromInline
  func recordLifecycles(into m: inout TransferMetrics) {
    let perWake = settings.options.lifecycle.backgroundWorkPerWake.nanoseconds
    for device in devices.devices {
      m.wakeUps &+= UInt64(device.wakeUps)
      m.backgroundRuntime &+= UInt64(device.wakeUps) &* perWake
    }
  }

  /// Each file's final state, in file order.
  ///
  /// - Complexity: O(files).
  @usableFromInline
  func finalStates(daemonFiles: [DaemonFileRecord]) -> [TransferFileOutcome] {
    devices.stored.indices.map { file in
      let result = devices.stored[file]
      let daemonFile = daemonFiles[file]
      return TransferFileOutcome(
        name: settings.fileName(file), stored: result.copies > 0, corrupt: result.corrupt,
        transfers: Int(daemonFile.completedTransfers), orphaned: Int(daemonFile.orphanedTransfers),
        concurrent: daemonFile.mostAlive >= 2 || result.copies > 1, row: "-")
    }
  }
}
