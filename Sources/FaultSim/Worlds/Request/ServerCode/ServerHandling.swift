/// One delivery of a request being handled by your server code: which
/// message it is, which process of the server handles it, and how many
/// crash points it passed. The handler's task carries it
/// (``current``), and so do the tasks it creates, so that database
/// statements know whose they are.
@usableFromInline
final class ServerHandling: @unchecked Sendable {
  /// The delivery: its operation, sequence number and copy.
  @usableFromInline
  let message: RequestMessage
  /// The server process handling it (``ServerCodeHost/generation``).
  let process: UInt32
  /// Crash points passed so far: the next one's number (0 is the first
  /// database statement, or the answer when there is none).
  var points: UInt32 = 0
  /// The handler's task, cancelled when its process crashes.
  var task: Task<Void, Never>?

  /// The handling of `message` by process `process`.
  init(_ message: RequestMessage, process: UInt32) {
    self.message = message
    self.process = process
  }

  /// The handling the current task belongs to, if any.
  @TaskLocal
  static var current: ServerHandling?
}

/// A crash point's identity: the delivery it belongs to, and its number
/// within that delivery's handling (the handler's own order of statements,
/// not the order of events): the same delivery's third statement is the
/// same draw in every interleaving.
struct CrashPointIdentity: DrawIdentity {
  /// The delivery.
  var delivery: DeliveryIdentity
  /// Its number within the handling.
  var point: UInt32

  var entity: UInt64 { delivery.entity }
  var occurrence: UInt64 { delivery.occurrence << 24 | UInt64(point & 0xFF_FFFF) }
}
