/// A span of virtual time during which the network between the clients and
/// the server is cut in one direction or both: a message sent in the
/// window, in a cut direction, does not get through then. Whether it gets
/// through later is the network's ``PartitionSemantics``: retransmitted
/// after the heal over a connection that survives, or dropped. Unlike an
/// ``OfflineWindow`` the device does not know: it sends, and waits for an
/// answer that comes late or never.
///
/// A "responses" partition is the dangerous one: requests reach the server
/// and are applied, and the answers are held (or lost), so each client
/// whose timeout is shorter than the wait times out on a write that
/// happened.
@usableFromInline package struct PartitionWindow: Hashable, Sendable {
  /// Which messages a partition drops.
  @usableFromInline package enum Direction: String, CaseIterable, Hashable, Sendable {
    /// Requests (client to server) are dropped; responses get through.
    case requests
    /// Responses (server to client) are dropped; requests arrive.
    case responses
    /// Both directions are cut.
    case both

    /// Whether the partition drops requests.
    @inlinable
    package var dropsRequests: Bool { self != .responses }

    /// Whether the partition drops responses.
    @inlinable
    package var dropsResponses: Bool { self != .requests }
  }

  /// When the partition begins (inclusive).
  @usableFromInline package var start: VirtualTime
  /// When it heals (exclusive).
  @usableFromInline package var end: VirtualTime
  /// Which messages it drops.
  @usableFromInline package var direction: Direction

  /// A partition from `start` (inclusive) until `end` (exclusive).
  @usableFromInline package init(start: VirtualTime, end: VirtualTime, direction: Direction = .both) {
    self.start = start
    self.end = end
    self.direction = direction
  }

  /// Whether `time` falls inside the window.
  @inlinable
  package func contains(_ time: VirtualTime) -> Bool {
    start <= time && time < end
  }
}

extension NetworkOptions {
  /// Whether a request sent at `time` falls in a partition that drops
  /// requests (windows may overlap: any one that does is enough).
  ///
  /// - Complexity: O(`partitions.count`).
  @inlinable
  package func partitionDropsRequest(at time: VirtualTime) -> Bool {
    for window in partitions where window.direction.dropsRequests && window.contains(time) { return true }
    return false
  }

  /// Whether a response sent at `time` falls in a partition that drops
  /// responses.
  ///
  /// - Complexity: O(`partitions.count`).
  @inlinable
  package func partitionDropsResponse(at time: VirtualTime) -> Bool {
    for window in partitions where window.direction.dropsResponses && window.contains(time) { return true }
    return false
  }

  /// When a request sent at `send` into a partition gets through under
  /// ``PartitionSemantics/connection``: its first TCP retransmission that
  /// no partition cuts, or `nil` when the connection times out first.
  ///
  /// - Complexity: O(`partitions.count`) per retransmission, at most 13.
  @inlinable
  package func retransmission(ofRequestSentAt send: VirtualTime) -> VirtualTime? {
    TCPRetransmissionSchedule.firstRetransmission(ofSegmentSentAt: send) { partitionDropsRequest(at: $0) }
  }

  /// When a response sent at `send` into a partition gets through under
  /// ``PartitionSemantics/connection``, or `nil` when the connection times
  /// out first.
  ///
  /// - Complexity: O(`partitions.count`) per retransmission, at most 13.
  @inlinable
  package func retransmission(ofResponseSentAt send: VirtualTime) -> VirtualTime? {
    TCPRetransmissionSchedule.firstRetransmission(ofSegmentSentAt: send) { partitionDropsResponse(at: $0) }
  }
}
