import Synchronization

/// Writes a sweep's checkpoint: at most every ten seconds while it runs,
/// once more when it is interrupted, and at once on a second signal.
///
/// Each write replaces the file atomically (``OutputFile``: a temporary
/// file, then a rename), and writes never overlap: a signal handler that
/// saves and exits waits for a save in progress, and a save waits for it.
/// So whenever the process ends — after a save, during one, or killed —
/// the checkpoint is a whole one. Once the sweep has finished, nothing
/// saves any more (``finish(_:)``): its table is being written, and a
/// checkpoint next to it would only be stale.
final class CheckpointSaver: Sendable {
  let path: String
  private let lastSave = Mutex<ContinuousClock.Instant?>(nil)
  private let clock = ContinuousClock()
  /// Held during every write; `true` once the sweep has finished.
  private let finished = Mutex<Bool>(false)

  init(path: String) {
    self.path = path
  }

  /// Saves if ten seconds passed since the last save (the first save comes
  /// after ten seconds too: short sweeps leave no file).
  func saveIfDue(_ text: () -> String) {
    let now = clock.now
    let due = lastSave.withLock { last -> Bool in
      guard let previous = last else {
        last = now
        return false
      }
      guard now - previous >= .seconds(10) else { return false }
      last = now
      return true
    }
    if due { try? save(text) }
  }

  /// Saves now, unless the sweep has finished.
  func save(_ text: () -> String) throws(CommandFailure) {
    try finished.withLock { finished throws(CommandFailure) in
      guard !finished else { return }
      try OutputFile.write(text(), to: path, force: true)
    }
  }

  /// Saves now and ends the process, unless the sweep has finished: for a
  /// command that must stop at once. `exit` gets the save's failure, if
  /// any, and runs with the lock still held, so that no other save can
  /// begin and be cut off half-way.
  func saveAndExit(_ text: () -> String, _ exit: (CommandFailure?) -> Never) {
    finished.withLock { finished in
      guard !finished else { return }
      do throws(CommandFailure) {
        try OutputFile.write(text(), to: path, force: true)
      } catch {
        exit(error)
      }
      exit(nil)
    }
  }

  /// Marks the sweep finished, then runs `write` (its table) and removes
  /// the checkpoint, with no save in between.
  func finish(_ write: () throws(CommandFailure) -> Void) throws(CommandFailure) {
    try finished.withLock { finished throws(CommandFailure) in
      finished = true
      try write()
      OutputFile.remove(path)
    }
  }
}
