/// When TCP retransmits a segment nobody acknowledges, and when it gives
/// up: the schedule that carries a message across a partition.
///
/// The numbers are Linux's defaults, which follow RFC 6298:
/// - the first retransmission one initial RTO after the send: 1 s (RFC 6298
///   §2.1 and §2.4 round any RTO up to 1 s; Linux's `TCP_TIMEOUT_INIT` is
///   1 s);
/// - each later one after twice the previous RTO (RFC 6298 §5.5), capped at
///   120 s (Linux's `TCP_RTO_MAX`; RFC 6298 §2.5 allows any cap of at
///   least 60 s);
/// - the connection times out at the first retransmission timer that fires
///   924.6 s or more after the send (Linux's `tcp_retries2` = 15 "yields a
///   hypothetical timeout of 924.6 seconds", and TCP "will effectively time
///   out at the first RTO which exceeds" it).
///
/// So the retransmissions leave 1, 3, 7, 15, 31, 63, 127, 247, 367, … 847 s
/// after the send, and the timer at 967 s ends the connection. A model, not
/// a TCP stack: it assumes no RTT sample has lowered the RTO (Linux may go
/// down to 200 ms on a fast path), and the segment's first transmission is
/// the message's send.
@usableFromInline package enum TCPRetransmissionSchedule {
  /// The first retransmission timeout.
  @usableFromInline package static let initialTimeout = VirtualDuration.seconds(1)
  /// The largest retransmission timeout.
  @usableFromInline package static let maximumTimeout = VirtualDuration.seconds(120)
  /// How long after the send a retransmission timer ends the connection
  /// instead of retransmitting.
  @usableFromInline package static let giveUpAfter = VirtualDuration.milliseconds(924_600)

  /// The first retransmission of a segment sent at `send` that is not cut
  /// (`isCut` is false at its departure), or `nil` when the connection
  /// times out first. A pure function of its inputs; at most a dozen
  /// steps.
  ///
  /// - Complexity: O(r) calls of `isCut`, r ≤ 13 the retransmissions
  ///   before the connection times out.
  @inlinable
  package static func firstRetransmission(
    ofSegmentSentAt send: VirtualTime, clearOf isCut: (VirtualTime) -> Bool
  ) -> VirtualTime? {
    var offset: UInt64 = 0
    var timeout = initialTimeout.nanoseconds
    while true {
      offset += timeout
      guard offset < giveUpAfter.nanoseconds else { return nil }
      let (departure, overflow) = send.nanoseconds.addingReportingOverflow(offset)
      // Past the clock's end nothing is sent any more.
      if overflow { return nil }
      let time = VirtualTime(nanoseconds: departure)
      if !isCut(time) { return time }
      timeout = min(timeout * 2, maximumTimeout.nanoseconds)
    }
  }
}
