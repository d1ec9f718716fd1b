/// Correlated replica-lag episodes (`server.keyStore.lagSpikes`): a
/// replication stall holds back every key stored during it until it ends,
/// as a primary under a long write, a vacuum or a network blip delays its
/// whole replication stream, not one key. Episodes start at random,
/// `rate` per minute on average, and last `duration` each.
@usableFromInline package struct LagSpikeOptions: Hashable, Sendable {
  /// The episodes starting per minute on average (a Poisson process).
  @usableFromInline package var rate: Double = 1
  /// How long one episode lasts.
  @usableFromInline package var duration: LatencyDistribution = .fixed(.seconds(5))

  /// One 5 s stall a minute on average.
  @usableFromInline package init() {}
}
