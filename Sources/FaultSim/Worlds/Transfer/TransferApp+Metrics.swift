extension TransferApp {
  /// Adds each wanted file's fate to `m`: stored once, twice, corrupt or
  /// lost, and what the registry believes of it.
  ///
  /// - Returns: The bytes of good stored copies.
  /// - Complexity: O(files).
  @inlinable
  func recordFiles(into m: inout TransferMetrics, daemonFiles: [DaemonFileRecord]) -> UInt64 {
    var useful: UInt64 = 0
    for file in records.indices {
      let row = records[file].row
      let result = records[file].result
      let daemonFile = daemonFiles[file]
      if result.stored && !result.corrupt { useful &+= result.usefulBytes }
      m.orphanedTransfers &+= UInt64(daemonFile.orphanedTransfers)
      guard row.wanted else { continue }
      m.files &+= 1
      let duplicate = daemonFile.duplicated
      if duplicate { m.duplicated &+= 1 }
      if result.stored && !duplicate && daemonFile.completedTransfers == 1 { m.transferredOnce &+= 1 }
      if !result.stored { m.lost &+= 1 }
      if result.stored && result.corrupt { m.corrupt &+= 1 }
      if daemonFile.orphanedTransfers > 0 { m.orphaned &+= 1 }
      if row.state == .done && !result.stored { m.misreported &+= 1 }
      if result.rejected { m.rejected &+= 1 }
      if daemonFile.progressUnknown { m.progressUnknown &+= 1 }
      if (row.state == .active || row.state == .queued) && daemonFile.aliveTasks == 0 && !result.stored {
        m.uncertain &+= 1
      }
      // Wrapping, as before: a file stored before the user asked again.
      if result.stored { m.completion.record(result.storedAt.nanoseconds &- requestedAt[file].nanoseconds) }
    }
    return useful
  }

  /// Adds the apps' background wakes and background time to `m`.
  ///
  /// - Complexity: O(users).
  @inlinable
  func recordLifecycles(into m: inout TransferMetrics) {
    for user in lifecycles.indices {
      m.wakeUps &+= UInt64(lifecycles[user].wakeUps)
      m.backgroundRuntime &+= lifecycles[user].backgroundRuntime.nanoseconds
    }
  }

  /// Each file's final state: what was stored, and the registry's row.
  ///
  /// - Complexity: O(files).
  @inlinable
  func finalStates(daemonFiles: [DaemonFileRecord]) -> [TransferFileOutcome] {
    records.indices.map { file in
      let result = records[file].result
      let daemonFile = daemonFiles[file]
      return TransferFileOutcome(
        name: settings.fileName(file), stored: result.stored, corrupt: result.corrupt,
        transfers: Int(daemonFile.completedTransfers), orphaned: Int(daemonFile.orphanedTransfers),
        concurrent: daemonFile.mostAlive >= 2, row: "\(records[file].row.state)")
    }
  }
}
