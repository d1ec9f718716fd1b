/// A kill of the client's app, as a pending event: the operation and the
/// write attempt (its message) in flight when the kill was drawn. The
/// relaunch that follows names the same kill, so its draws are keyed by it.
@usableFromInline package struct AppTermination: BitwiseCopyable, Sendable {
  /// The operation whose client's app is killed.
  @usableFromInline package var operation: UInt32
  /// The sequence number of the write attempt the kill was drawn for.
  @usableFromInline package var sequence: UInt32

  /// A kill; see the properties for each argument.
  @inlinable
  package init(operation: UInt32, sequence: UInt32) {
    self.operation = operation
    self.sequence = sequence
  }

  /// The identity of the attempt the kill was drawn for: what its draws
  /// (the kill, its time, the relaunch delay) are keyed by.
  @inlinable
  package var message: MessageIdentity { MessageIdentity(operation: Int(operation), sequence: sequence) }
}
