/// Named network conditions in the spirit of Apple's Network Link
/// Conditioner profiles, as starting points for `network.preset`.
///
/// The Link Conditioner shapes packets; FaultSim models whole messages. We
/// keep its bandwidths and typical delays, and translate its packet loss
/// into message loss: TCP retransmits lost packets, so a message is lost
/// only when the exchange fails outright, which is far rarer than a packet
/// loss. The numbers (one-way latency, loss per message and direction,
/// bandwidth of the slower direction):
///
/// | preset             | latency (one way)          | loss  | bandwidth   |
/// |--------------------|----------------------------|-------|-------------|
/// | `wifi`             | normal 15 ms, sd 5 ms      | 0.1%  | 33 Mbps     |
/// | `lte`              | normal 50 ms, sd 15 ms     | 0.5%  | 10 Mbps     |
/// | `3g`               | normal 100 ms, sd 30 ms    | 1%    | 330 kbps    |
/// | `edge`             | normal 400 ms, sd 100 ms   | 2%    | 200 kbps    |
/// | `very-bad-network` | normal 500 ms, sd 150 ms   | 10%   | 1 Mbps      |
/// | `100-loss`         | fixed 0                    | 100%  | unlimited   |
///
/// Wi-Fi, 3G and Edge take the Link Conditioner's uplink rates (33 Mbps,
/// 330 kbps, 200 kbps) and delays (about 1, 100 and 400 ms plus a Wi-Fi
/// base); "Very Bad Network" keeps its 1 Mbps and 500 ms and its 10% loss,
/// the one profile whose loss is high enough to survive retransmission;
/// "100% Loss" loses everything. LTE has no Link Conditioner profile of
/// that name; its values are typical published medians.
@usableFromInline package enum NetworkPreset: String, CaseIterable, Hashable, Sendable {
  /// `wifi`: normal 15 ms ± 5 ms one way, 0.1% loss, 33 Mbps.
  case wifi
  /// `lte`: normal 50 ms ± 15 ms one way, 0.5% loss, 10 Mbps.
  case lte
  /// `3g`: normal 100 ms ± 30 ms one way, 1% loss, 330 kbps.
  case threeG = "3g"
  /// `edge`: normal 400 ms ± 100 ms one way, 2% loss, 200 kbps.
  case edge
  /// `very-bad-network`: normal 500 ms ± 150 ms one way, 10% loss, 1 Mbps.
  case veryBadNetwork = "very-bad-network"
  /// `100-loss`: every message lost.
  case totalLoss = "100-loss"

  /// The network options this preset sets; other keys keep their defaults.
  @usableFromInline package var options: NetworkOptions {
    var options = NetworkOptions()
    func normal(_ mean: UInt64, _ deviation: UInt64) -> LatencyDistribution {
      .normal(mean: .milliseconds(mean), standardDeviation: .milliseconds(deviation))
    }
    let (latency, loss, bitsPerSecond): (LatencyDistribution, Double, UInt64?) =
      switch self {
      case .wifi: (normal(15, 5), 0.001, 33_000_000)
      case .lte: (normal(50, 15), 0.005, 10_000_000)
      case .threeG: (normal(100, 30), 0.01, 330_000)
      case .edge: (normal(400, 100), 0.02, 200_000)
      case .veryBadNetwork: (normal(500, 150), 0.10, 1_000_000)
      case .totalLoss: (.fixed(.zero), 1.0, nil)
      }
    options.latency = latency
    options.requestLoss = loss
    options.responseLoss = loss
    options.bandwidthBytesPerSecond = bitsPerSecond.map { $0 / 8 }
    return options
  }
}
