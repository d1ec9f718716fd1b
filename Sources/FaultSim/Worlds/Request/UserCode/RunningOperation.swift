/// The operation, and the launch of its code, that the current task runs
/// for: set around each launch of an operation's code and inherited by the
/// tasks it creates (child tasks and `Task { … }`), so that the app-wide
/// transport of ``SimulatedApp`` can tell whose request it sends.
@usableFromInline
struct RunningOperation: Hashable, Sendable {
  /// The operation's number.
  @usableFromInline
  var operation: Int
  /// Which launch of its code.
  @usableFromInline
  var launch: UInt32

  @usableFromInline
  init(operation: Int, launch: UInt32) {
    self.operation = operation
    self.launch = launch
  }

  /// The current task's operation, or `nil` in a task no operation's code
  /// created (a detached task, or code outside any run).
  @TaskLocal
  @usableFromInline
  static var current: RunningOperation?
}
