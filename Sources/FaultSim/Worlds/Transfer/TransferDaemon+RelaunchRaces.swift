/// Seed 000's finish-vs-enqueue race, where the daemon meets an app that
/// reopens: a task due within the race window may finish before the app
/// looks, its completion reaching the app only afterwards; one that just
/// ended may have its completion delivered after the app looked. The same
/// race for the built-in app and for an app of your own.
extension TransferDaemon {
  /// Answers the relaunch races of `user` reopening now, and tells how many
  /// of the connected session's tasks are alive (what `getAllTasks` reports
  /// as the app reopens).
  ///
  /// - Parameter candidates: Scratch storage for the racing tasks.
  /// - Complexity: O(tasks the user ever created).
  @inlinable
  mutating func resolveRelaunchRaces(
    _ user: Int, within window: VirtualDuration, candidates: inout [TransferTaskID],
    _ context: inout SimulationContext<TransferEvent>
  ) -> UInt32 {
    let alive = endingsNear(context.now, within: window, of: user, into: &candidates)
    let session = connectedSession(of: user)
    for task in candidates.reversed() {
      let running = isRunning(task)
      let alternatives =
        running
        ? ["enqueue first", "finish first"] : ["completion delivered first", "reconcile first"]
      let flipped =
        context.choose(
          race: DrawKey(
            RelaunchRaceIdentity(transfer(of: task), session: session.generation),
            TransferDraw.finishVsEnqueue.purpose),
          label: TransferDraw.finishVsEnqueue.name, alternatives: alternatives) == 1
      guard flipped else { continue }
      // The task finishes before the app looks, and its completion reaches
      // the app only afterwards.
      if running { _ = finish(task, &context) }
      deferDelivery(task)
    }
    return alive
  }
}
