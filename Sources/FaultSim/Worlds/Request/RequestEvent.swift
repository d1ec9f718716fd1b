/// One pending event of the request world: a message on its way to an
/// actor, or an actor's own timer. 24 bytes, no references (see
/// `RequestEventLayout`), so the event queue copies it as plain bytes.
///
/// The world routes each event to the actor it is for: `start`, `send` and
/// `timeout` to the client, `arrive` and `complete` to the server,
/// `respond` to the client. Every case carries what that actor needs to act
/// on it — a request its key and payload digest, a response its status and
/// Retry-After — and nothing means anything by a magic value.
@usableFromInline package enum RequestEvent: BitwiseCopyable, Sendable {
  /// An operation begins: the user submits it.
  case start(operation: UInt32)
  /// A client sends its next attempt (after a backoff or a wait for
  /// connectivity).
  case send(operation: UInt32)
  /// A request reaches the server.
  case arrive(RequestMessage)
  /// The server finishes processing a request: its commit point.
  case complete(RequestMessage)
  /// A response (or a transport failure) reaches the client.
  case respond(ResponseMessage)
  /// A client's timeout for one attempt fires.
  case timeout(AttemptTimer)
  /// A task of user code under simulation wakes from a sleep on the
  /// simulated clock (``UserCodeRequestWorld``; the built-in client never
  /// sleeps this way).
  case wake(SleepTicket)
  // Apps killed mid-request:
  /// The app is killed while the write attempt it names may be in flight.
  case terminate(AppTermination)
  /// The user opens the app again after the kill it names.
  case relaunch(AppTermination)
  // Intermediaries that retry (the gateway; its upstream try `n`
  // is copy `n` of the client's message):
  /// A client's request reaches the gateway.
  case reachGateway(RequestMessage)
  /// The gateway sends a try upstream after its backoff.
  case gatewaySend(RequestMessage)
  /// The server's answer to a try (or a reset in its place) reaches the
  /// gateway.
  case gatewayReceive(ResponseMessage)
  /// The gateway's timeout for one try fires.
  case gatewayTimeout(RequestMessage)
  /// A server with a capacity restarts: the requests in its queue are lost,
  /// and the workers cut by the restart are free again. Scheduled only when
  /// a request waits in the queue or was cut, so other runs never see it.
  case serverRestart
}

/// The size the request world's events are held to: an event queue entry
/// is its time (8 bytes) and the event, so 24-byte events make 32-byte
/// entries, two to a cache line. A response's Retry-After (a full
/// ``VirtualDuration``) next to its message identity is what takes the
/// event past 16 bytes.
///
/// The size is exact, not only the stride: a 23-byte event is copied as
/// 16 + 4 + 2 + 1 bytes, field by field, each time the queue moves an
/// entry (measured: about 55 more instructions per event in the reference run).
/// The case lives in spare bits of the payloads' tags, so it costs no
/// byte of its own.
enum RequestEventLayout {
  /// The bytes a `RequestEvent` takes.
  static let size = 24
}
