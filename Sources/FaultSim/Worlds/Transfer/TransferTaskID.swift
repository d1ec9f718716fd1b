/// The daemon's handle on one of its tasks, as an app holds a
/// `URLSessionTask`: the registry row keeps it to tell its own task's
/// events from stale ones, and an expiration handler names the tasks it
/// cancels by it (``ExpirationAction/cancel(_:)``).
///
/// It is the task's slot in the daemon's table, numbered in event order
/// across every device, so it never keys a draw or names a task in a trace
/// (``TransferAttemptIdentity`` does); it has no public initialiser, and
/// you get one only from a ``TransferTaskSnapshot`` or a ``RegistryRow``.
public struct TransferTaskID: Hashable, Sendable, BitwiseCopyable {
  /// The slot in ``TransferDaemon/tasks``.
  @usableFromInline
  let slot: Int32

  @inlinable
  init(slot: Int) {
    self.slot = Int32(truncatingIfNeeded: slot)
  }

  /// The slot as an array index.
  @inlinable
  var index: Int { Int(slot) }
}
