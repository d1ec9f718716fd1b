/// Named network conditions as starting points for `network.preset`: the
/// throttling presets of Chrome DevTools, which are published with their
/// numbers, and profiles in the spirit of Apple's Network Link Conditioner.
///
/// FaultSim models whole messages, not packets. TCP retransmits lost
/// packets, so a message is lost only when the exchange fails outright,
/// which is far rarer than a packet loss. The numbers (one-way latency,
/// loss per message and direction, bandwidth of the slower direction):
///
/// | preset             | latency (one way)          | loss  | bandwidth   |
/// |--------------------|----------------------------|-------|-------------|
/// | `devtools-slow-3g` | fixed 1,000 ms             | 0     | 400 kbps    |
/// | `devtools-slow-4g` | fixed 281.25 ms            | 0     | 675 kbps    |
/// | `devtools-fast-4g` | fixed 82.5 ms              | 0     | 1.35 Mbps   |
/// | `wifi`             | normal 15 ms, sd 5 ms      | 0.1%  | 33 Mbps     |
/// | `lte`              | normal 50 ms, sd 15 ms     | 0.5%  | 10 Mbps     |
/// | `3g`               | normal 100 ms, sd 30 ms    | 1%    | 330 kbps    |
/// | `edge`             | normal 400 ms, sd 100 ms   | 2%    | 200 kbps    |
/// | `very-bad-network` | normal 500 ms, sd 150 ms   | 10%   | 1 Mbps      |
/// | `100-loss`         | fixed 0                    | 100%  | unlimited   |
///
/// The `devtools-` presets are Chrome DevTools' "Slow 3G", "Slow 4G" and
/// "Fast 4G" (`Slow3GConditions`, `Slow4GConditions`, `Fast4GConditions` in
/// devtools-frontend's `front_end/core/sdk/NetworkManager.ts`): a round
/// trip of 400 × 5, 150 × 3.75 and 60 × 2.75 ms, halved for one way, and
/// the upload rate (500 × 0.8 kbps, 750 × 0.9 kbps, 1.5 × 0.9 Mbps), the
/// slower direction. DevTools adds no loss, and neither do they.
///
/// The others follow the Link Conditioner profiles of the same names
/// (Wi-Fi, 3G and Edge keep their uplink rates of 33 Mbps, 330 kbps and
/// 200 kbps and their delays of about 1, 100 and 400 ms plus a Wi-Fi base;
/// "Very Bad Network" its 1 Mbps, 500 ms and 10% loss). Apple publishes no
/// table of these profiles that we could cite, so these numbers are not
/// checked against a source, and the message losses are our translation
/// of packet losses: assumptions.
/// LTE has no Link Conditioner profile of that name; its values are an
/// assumption too.
@usableFromInline package enum NetworkPreset: String, CaseIterable, Hashable, Sendable {
  /// `devtools-slow-3g`: Chrome DevTools' "Slow 3G": 1,000 ms one way, no loss,
  /// 400 kbps.
  case devToolsSlow3G = "devtools-slow-3g"
  /// `devtools-slow-4g`: Chrome DevTools' "Slow 4G": 281.25 ms one way, no
  /// loss, 675 kbps.
  case devToolsSlow4G = "devtools-slow-4g"
  /// `devtools-fast-4g`: Chrome DevTools' "Fast 4G": 82.5 ms one way, no
  /// loss, 1.35 Mbps.
  case devToolsFast4G = "devtools-fast-4g"
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
      case .devToolsSlow3G: (.fixed(.milliseconds(1000)), 0, 400_000)
      case .devToolsSlow4G: (.fixed(.microseconds(281_250)), 0, 675_000)
      case .devToolsFast4G: (.fixed(.microseconds(82_500)), 0, 1_350_000)
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
