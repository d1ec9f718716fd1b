/// How the daemon's tasks end — at their target, cancelled, force-quit —
/// and how their endings wait in each device's delivery queue until the
/// world hands them to the app as ``TransferCallback`` values.
extension TransferDaemon {
  /// A task's end event arrives for `user`'s task.
  ///
  /// - Returns: Whether the task ended and its event is owed to the app (it
  ///   belongs to the connected session); the world then routes it.
  @inlinable
  @inline(__always)
  mutating func reachTarget(
    _ task: TransferTaskID, generation: UInt32, user: Int, _ context: inout SimulationContext<TransferEvent>
  ) -> Bool {
    // The event names both the device and the task: reading the device's
    // line first lets the two misses overlap, where the task would name
    // its device only once its own line has arrived.
    let session = devices[user].connectedSession
    guard tasks[task.index].generation == generation, tasks[task.index].state == .running else { return false }
    return finish(task, connectedSession: session, &context)
  }

  /// Ends a running task now at its target (completion or failure).
  ///
  /// - Returns: Whether its event is owed to the app: queued for the
  ///   connected session (a task of another session is orphaned).
  @usableFromInline
  mutating func finish(_ id: TransferTaskID, _ context: inout SimulationContext<TransferEvent>) -> Bool {
    finish(id, connectedSession: devices[Int(tasks[id.index].user)].connectedSession, &context)
  }

  /// Ends a running task now, its device connected to `connectedSession`.
  @usableFromInline
  mutating func finish(
    _ id: TransferTaskID, connectedSession: SessionIdentifier, _ context: inout SimulationContext<TransferEvent>
  ) -> Bool {
    let index = id.index
    var task = tasks[index]
    let file = Int(task.file)
    let user = Int(task.user)
    bytesMoved &+= task.target - task.moved
    task.moved = task.target
    task.updated = context.now
    task.state = .ended
    task.ending = task.failsAtTarget ? .failed : .completed
    task.generation &+= 1
    let completed = task.ending == .completed
    devices[file: file, of: user].aliveTasks &-= 1
    uplinkChanged(user)
    context.trace(
      TransferWorld.daemonName(user), completed ? "finish \(taskName(index))" : "\(taskName(index)) fails",
      "bytes=\(task.moved)")
    // A session the app no longer uses: the event goes nowhere.
    guard task.session == connectedSession else {
      task.state = .closed
      task.orphaned = completed
      tasks[index] = task
      context.trace(
        TransferWorld.daemonName(user), "\(taskName(index)) orphaned", "no app listens to session=\(task.session)")
      return false
    }
    queue(&task, at: index)
    tasks[index] = task
    return true
  }

  /// The user force-quit the app: every task of its session is cancelled.
  @usableFromInline
  mutating func forceQuit(_ user: Int, _ context: inout SimulationContext<TransferEvent>) {
    let session = devices[user].connectedSession
    var cursor = taskCursor(of: user)
    while let task = nextTask(&cursor) {
      if tasks[task].session == session { cancelTask(task, .cancelledByForceQuit, &context) }
    }
  }

  /// Cancels a live task now (`ending` says why) and queues its event.
  ///
  /// - Returns: Whether it was live.
  @discardableResult
  @usableFromInline
  mutating func cancelTask(_ index: Int, _ ending: DaemonTask.Ending, _ context: inout SimulationContext<TransferEvent>)
    -> Bool
  {
    var task = tasks[index]
    guard task.isLive else { return false }
    advance(&task, to: context.now)
    task.state = .ended
    task.ending = ending
    task.generation &+= 1
    if task.session == devices[Int(task.user)].connectedSession { queue(&task, at: index) }
    tasks[index] = task
    devices[file: Int(task.file), of: Int(task.user)].aliveTasks &-= 1
    uplinkChanged(Int(task.user))
    context.trace(TransferWorld.daemonName(Int(task.user)), "cancel \(taskName(index))", "reason=\(ending)")
    return true
  }

  /// Holds an ended task's event back until after the relaunch's reconcile
  /// (the `finish-vs-enqueue` race's second order).
  @usableFromInline
  mutating func deferDelivery(_ task: TransferTaskID) {
    tasks[task.index].deferred = true
  }

  // MARK: Delivery queue

  /// Puts an ended task of the connected session in its user's delivery
  /// queue.
  @usableFromInline
  mutating func queueDelivery(_ index: Int) {
    var task = tasks[index]
    guard task.session == devices[Int(task.user)].connectedSession else { return }
    queue(&task, at: index)
    tasks[index] = task
  }

  /// Links `task`, the connected session's ended task in slot `index`, as
  /// the newest of its user's delivery queue; the caller stores it.
  @inlinable
  @inline(__always)
  mutating func queue(_ task: inout DaemonTask, at index: Int) {
    let user = Int(task.user)
    task.queuedBefore = devices[user].newestPending
    devices[user].newestPending = Int32(index)
  }

  /// A delivery queue being handed over (``openDeliveryQueue(of:)``).
  @usableFromInline
  struct DeliveryCursor {
    /// Its tasks not yet handed out: `deliveryOrder[..<remaining]`, the
    /// next one last.
    @usableFromInline
    var remaining: Int
    /// Which opening of a queue it belongs to.
    @usableFromInline
    let opening: UInt32

    @inlinable
    init(remaining: Int, opening: UInt32) {
      self.remaining = remaining
      self.opening = opening
    }
  }

  /// Takes the user's delivery queue, in ending order, for the world to
  /// hand over with ``nextDelivery(_:includingDeferred:)``; endings that
  /// happen meanwhile start a new queue. One queue is handed over at a
  /// time (its tasks wait in ``deliveryOrder``).
  ///
  /// - Complexity: O(queued tasks).
  @inlinable
  @inline(__always)
  mutating func openDeliveryQueue(of user: Int) -> DeliveryCursor {
    var slot = devices[user].newestPending
    devices[user].newestPending = DaemonTask.endOfList
    deliveryOrder.removeAll(keepingCapacity: true)
    while slot != DaemonTask.endOfList {
      deliveryOrder.append(slot)
      slot = tasks[Int(slot)].queuedBefore
    }
    deliveryOpenings &+= 1
    return DeliveryCursor(remaining: deliveryOrder.count, opening: deliveryOpenings)
  }

  /// The next ended task in the queue being handed over; a deferred one
  /// goes back to the (new) queue unless `includingDeferred`.
  ///
  /// - Complexity: O(tasks skipped).
  @inlinable
  @inline(__always)
  mutating func nextDelivery(_ cursor: inout DeliveryCursor, includingDeferred: Bool) -> TransferTaskID? {
    precondition(cursor.opening == deliveryOpenings, "a delivery queue was opened while another was handed over")
    while cursor.remaining > 0 {
      cursor.remaining &-= 1
      let task = Int(deliveryOrder[cursor.remaining])
      guard tasks[task].state == .ended else { continue }
      if tasks[task].deferred && !includingDeferred {
        queueDelivery(task)
        continue
      }
      if tasks[task].deferred { tasks[task].deferred = false }
      return TransferTaskID(slot: task)
    }
    return nil
  }

  /// Hands an ended task's event over: the task is closed and its ending
  /// becomes a callback, with the server's response to a completed
  /// transfer (a keyed draw: an upload's 413, a download's content).
  ///
  /// - Returns: `nil` when the task has not ended or was handed over
  ///   already.
  @inlinable
  @inline(__always)
  mutating func collect(_ id: TransferTaskID, _ context: inout SimulationContext<TransferEvent>) -> TransferCallback? {
    let index = id.index
    guard tasks[index].state == .ended else { return nil }
    tasks[index].state = .closed
    let task = tasks[index]
    let outcome: TransferCallback.Outcome
    switch task.ending {
    case .completed:
      outcome = .completed(response(to: task, &context), bytes: task.moved)
    case .failed:
      outcome = .failed(resumeData: task.resumeDataOnFailure ? task.moved : nil)
    case .cancelledByForceQuit:
      outcome = .cancelled(.forceQuit)
    case .cancelledByApp:
      outcome = .cancelled(.app)
    case .cancelledByUser, .none:
      outcome = .cancelled(.user)
    }
    return TransferCallback(
      task: id, transfer: task.identity, outcome: outcome,
      fileHadConcurrentTasks: devices[file: Int(task.file), of: Int(task.user)].mostAlive >= 2
    )
  }

  /// What the server sent for a completed transfer: for an upload, a 413
  /// with the rejection probability; for a download, good content or a
  /// kind of bad content, by the shares the options give.
  @inlinable
  @inline(__always)
  mutating func response(to task: DaemonTask, _ context: inout SimulationContext<TransferEvent>) -> TransferResponse {
    let options = settings.options.daemon
    let transfer = task.identity
    if settings.options.workload.kind == .upload {
      let rejected = context.fault(options.rejection, DrawKey(transfer, TransferDraw.rejection.purpose))
      return .upload(rejected ? .payloadTooLarge : .accepted)
    }
    let key = DrawKey(transfer, TransferDraw.content.purpose)
    let draw = context.random.unit(key)
    // Cumulative shares, summed in this order (the boundaries are part of
    // the determinism contract).
    var threshold = options.errorStatus
    var content = DownloadContent.good
    if draw < threshold {
      content = .errorStatus
    } else {
      threshold += options.errorPage
      if draw < threshold {
        content = .errorPage
      } else {
        threshold += options.truncated
        if draw < threshold {
          content = .truncated
        } else {
          threshold += options.corruptedBytes
          if draw < threshold { content = .corruptedBytes }
        }
      }
    }
    // Bad content is a fault: suppressed when shrinking removes it.
    if content != .good && !context.permit(key) { content = .good }
    return .download(content)
  }
}
