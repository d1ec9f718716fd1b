/// What one simulation of a transfer world holds, counted from the layouts
/// of the records its components keep (``MemoryFootprint``), for
/// ``TransferWorld/estimatedBytes(_:)``.
extension TransferWorld {
  /// Tasks the daemon creates for a file over a run: the first, and about
  /// one more from a retry, a reconcile or a relaunch race (the shipped
  /// scenarios create 1 to 1.75 a file at 10,000 users).
  static var tasksPerFile: UInt64 { 2 }

  /// The bytes each file holds: the app's record and request time and the
  /// daemon's file state (tables sized for the run); its tasks in the
  /// daemon's growing task table, runs and delivery order, each with a
  /// pending event (its end) in the queue; and at the end its daemon
  /// record for the metrics. (Explore counts the final states it keeps.)
  static var bytesPerFile: UInt64 {
    let app = MemoryFootprint.fixed(1, of: AppFileRecord.self) + MemoryFootprint.fixed(1, of: VirtualTime.self)
    let daemon = UInt64(MemoryLayout<DaemonFileState>.size)
    let task =
      MemoryFootprint.records(1, of: DaemonTask.self) + MemoryFootprint.records(1, of: DaemonTaskRun.self)
      + MemoryFootprint.records(1, of: Int32.self) + bytesPerPendingEvent
    let end = MemoryFootprint.fixed(1, of: DaemonFileRecord.self)
    return app + daemon + tasksPerFile * task + end
  }

  /// The bytes each device holds: the app's lifecycle, the daemon's
  /// device state (its line of the device table), the router's count of
  /// live tasks at relaunch and the device's lifecycle events; with a
  /// reconcile job, the OS task scheduler's device and its pending
  /// requests.
  static func bytesPerUser(_ options: TransferWorldOptions) -> UInt64 {
    var bytes =
      MemoryFootprint.fixed(1, of: AppLifecycle.self) + UInt64(CacheLineStorage.lineSize)
      + MemoryFootprint.fixed(1, of: UInt32.self) + 4 * bytesPerPendingEvent
    if options.reconcileJob != nil {
      bytes +=
        MemoryFootprint.records(1, of: SystemTaskScheduler.Device.self) + MemoryFootprint.arrayHeader
        + MemoryFootprint.records(2, of: PendingTaskRequests.Entry.self) + 2 * bytesPerPendingEvent
    }
    if let conditions = options.conditions {
      bytes = bytes.adding(saturating: conditions.estimatedBytes(horizon: options.horizon))
    }
    return bytes
  }

  /// The bytes a pending event holds in the queue: its entry, and the room
  /// the queue's buckets keep as they grow and hand entries down (measured:
  /// about three entries' worth).
  static var bytesPerPendingEvent: UInt64 { UInt64(3 * MemoryLayout<EventQueueEntry<TransferEvent>>.stride) }

  /// The bytes one simulation of `options` holds.
  static func recordBytes(_ options: TransferWorldOptions) -> UInt64 {
    let users = UInt64(max(0, options.workload.users))
    let files = users.multiplied(saturating: UInt64(max(0, options.workload.filesPerUser)))
    return files.multiplied(saturating: bytesPerFile).adding(
      saturating: users.multiplied(saturating: bytesPerUser(options))
    )
    .adding(saturating: MemoryFootprint.process)
  }
}
