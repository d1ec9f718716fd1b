/// What becomes of a message sent into a partition: whether the
/// connection that carries it survives the cut.
///
/// A partition cuts packets, not connections. TCP keeps an unacknowledged
/// segment and retransmits it on a backing-off timer
/// (``TCPRetransmissionSchedule``), so a request or an answer sent into a
/// cut arrives after the heal — late, but once — unless an end closed the
/// connection first (the client's timeout fired) or the sender gave up.
/// Dropping the message outright is right only where the connection itself
/// dies with the cut.
@usableFromInline package enum PartitionSemantics: String, CaseIterable, Hashable, Sendable {
  /// The message rides a TCP connection that outlives the cut: it is
  /// delivered at the first retransmission after the heal, unless the
  /// client closed the connection (its attempt timed out) before that
  /// retransmission, or the retransmissions ran out.
  case connection
  /// The message is lost: right when the cut kills the connection — a
  /// middlebox that resets it, a NAT rebinding, a mobile handover onto a
  /// new address, a datagram path (UDP, or QUIC whose connection ID is
  /// lost) — so nothing sent in it is ever retransmitted.
  case drop
}
