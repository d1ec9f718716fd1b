/// The network between clients and the server: latency, loss in
/// each direction, bursts, offline windows, bandwidth and connection faults.
///
/// Request loss and response loss are separate because they are different
/// worlds (seed 004): a lost request never reaches the ledger, a lost
/// response hides a write that was applied. The client sees a timeout in
/// both.
public struct NetworkOptions: Hashable, Sendable {
  /// One-way latency of each message.
  @usableFromInline package var latency: LatencyDistribution = .fixed(.zero)
  /// Probability that a request never reaches the server.
  public var requestLoss: Double = 0
  /// Probability that a response never reaches the client.
  public var responseLoss: Double = 0
  /// Bursty loss on top of the independent losses, in both directions.
  @usableFromInline package var burstLoss: BurstLoss?
  /// Spans without connectivity, sorted and non-overlapping.
  @usableFromInline package var offline: [OfflineWindow] = []
  /// Bytes per second for message bodies; `nil` is unlimited.
  @usableFromInline package var bandwidthBytesPerSecond: UInt64?
  /// Probability that an attempt cannot open a connection (never sent).
  @usableFromInline package var cannotConnect: Double = 0
  /// Probability that the host name does not resolve (never sent).
  @usableFromInline package var dnsFailure: Double = 0
  /// Probability that the connection drops after the request arrived: the
  /// write may be applied, and the client sees "connection lost" instead of
  /// the response.
  @usableFromInline package var connectionLost: Double = 0
  // Duplicates, reorders and partitions:
  /// Probability that a request that gets through is delivered twice: the
  /// server sees a second copy (``RequestMessage/copy`` 1) ``duplicateDelay``
  /// after the first. A gateway in front of the server takes the copy
  /// (``RequestMessage/networkCopy``) as another incoming request, with its
  /// own tries and its own timeout, as a reverse proxy takes a second TCP
  /// request.
  @usableFromInline package var requestDuplication: Double = 0
  /// Probability that a response that gets through reaches the client
  /// twice; the client ignores the second.
  @usableFromInline package var responseDuplication: Double = 0
  /// How long after the original a duplicated message's copy arrives.
  @usableFromInline package var duplicateDelay: LatencyDistribution = .fixed(.zero)
  /// Probability that a request is held back by ``reorderDelay`` on top of
  /// its latency, so that a later message (a retry) can overtake it.
  @usableFromInline package var requestReordering: Double = 0
  /// Probability that a response is held back by ``reorderDelay``.
  @usableFromInline package var responseReordering: Double = 0
  /// The extra delay of a held-back message.
  @usableFromInline package var reorderDelay: LatencyDistribution = .fixed(.zero)
  /// Spans during which the network cuts every message in one direction
  /// or both, sorted by start; they may overlap.
  @usableFromInline package var partitions: [PartitionWindow] = []
  /// Whether a message sent into a partition is retransmitted after the
  /// heal over a surviving connection, or dropped.
  @usableFromInline package var partitionSemantics: PartitionSemantics = .connection

  /// The model's defaults: what a scenario that writes none of the section's
  /// keys runs. A perfect network: no loss, no latency, unlimited bandwidth,
  /// never offline.
  @usableFromInline package init() {}

  /// The offline window containing `time`, if any.
  ///
  /// - Complexity: O(`offline.count`).
  @inlinable
  package func offlineWindow(containing time: VirtualTime) -> OfflineWindow? {
    for window in offline where window.contains(time) { return window }
    return nil
  }

  /// The time to push `bytes` through the link (at most
  /// ``LatencyDistribution/maximumNanoseconds`` when the product overflows).
  @inlinable
  package func transmissionTime(bytes: UInt64) -> VirtualDuration {
    guard let rate = bandwidthBytesPerSecond, rate > 0, bytes > 0 else { return .zero }
    let (product, overflow) = bytes.multipliedReportingOverflow(by: 1_000_000_000)
    return .nanoseconds(overflow ? LatencyDistribution.maximumNanoseconds : product / rate)
  }
}
