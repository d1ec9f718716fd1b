/// The task running now, named by the concurrency runtime's own address of
/// it: what tells a launch's root task from the tasks its code creates,
/// without a resilient `UnsafeCurrentTask` (whose copies and comparisons go
/// through value witnesses).
///
/// An address names a task only while the task lives: compare it with one
/// taken from a task known to be alive (the root task of a launch that
/// has not ended).
enum CurrentTask {
  /// The runtime's `swift_task_getCurrent`.
  typealias Lookup = @convention(thin) () -> UnsafeMutableRawPointer?

  /// `swift_task_getCurrent`, found with `dlsym` when ``ConcurrencyHooks``
  /// installs its hooks (which every run of user code waits for); `nil`
  /// before, or when the runtime does not export it — then no task is
  /// told apart, and callers take their general path.
  nonisolated(unsafe) static var lookup: Lookup?

  /// The address of the running task, or `nil` outside any task (or
  /// without ``lookup``).
  ///
  /// - Complexity: O(1): one thread-local read in the runtime.
  @inline(__always)
  static var identity: UnsafeRawPointer? {
    guard let lookup, let task = lookup() else { return nil }
    return UnsafeRawPointer(task)
  }
}
