/// A client's timeout for one attempt, as a pending event: which message it
/// waits for, and which arming of that timeout it is.
///
/// A timeout is re-armed when a race moves it (the response-vs-timeout
/// race); the client ignores a timer whose generation is not the latest.
@usableFromInline package struct AttemptTimer: BitwiseCopyable, Sendable {
  /// The operation whose client waits.
  @usableFromInline package var operation: UInt32
  /// The sequence number of the awaited message.
  @usableFromInline package var sequence: UInt32
  /// Which arming of the client's timeout this is (the client counts them).
  @usableFromInline package var generation: UInt32

  /// A timer; see the properties for each argument.
  @inlinable
  package init(operation: UInt32, sequence: UInt32, generation: UInt32) {
    self.operation = operation
    self.sequence = sequence
    self.generation = generation
  }
}
